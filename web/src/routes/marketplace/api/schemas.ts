import { z } from 'zod';
import { Favorite, LimitedOffer } from '../../../../../shared/schemas/marketplace';

/**
 * The schemas of the marketplace's API answers. The page's queries import this module when they run, so
 * zod is evaluated once the first answer is on its way rather than with the page's code.
 */
export { ProjectPage } from '../../../../../shared/schemas/marketplace';
export const Favorites = z.object({ items: z.array(Favorite) });
export type FavoriteList = z.infer<typeof Favorites>['items'];
export const RareOffers = z.object({ items: z.array(LimitedOffer) });
