import * as z from 'zod';
import {
  LicenceTerms,
  TierId,
  type DeliverableKind,
  type PublicLicences,
} from '../../../../../shared/licensing/tiers';
import { Favorite, LimitedOffer, Project } from '../../../../../shared/schemas/marketplace';

/**
 * The schemas of the marketplace's API answers. The page's queries import this module when they run, so
 * zod is evaluated once the first answer is on its way rather than with the page's code.
 */
export { CataloguePage, CreatorDirectoryAnswer, MarksAnswer } from '../../../../../shared/schemas/catalogue';
export { PlayLink } from '../../../../../shared/schemas/marketplace';
export const Favorites = z.object({ items: z.array(Favorite) });
export type FavoriteList = z.infer<typeof Favorites>['items'];
export const RareOffers = z.object({ items: z.array(LimitedOffer) });

/**
 * GET /api/projects/{id}: one beat for its page. A beat sold with an exclusive licence comes back as
 * 'sold' (it is off the catalogue, but its page stays reachable from a shared link).
 */
export const BeatAnswer = z.object({ project: Project });
export type Beat = z.infer<typeof BeatAnswer>['project'];

const DELIVERABLE_KINDS = ['mp3', 'wav', 'stems'] as const satisfies readonly DeliverableKind[];

/** GET /api/projects/{id}/licences: the beat's tiers on sale with their price and terms. */
export const PublicLicencesAnswer: z.ZodType<PublicLicences> = z.object({
  project_id: z.string(),
  sold_exclusive: z.boolean(),
  tiers: z.array(
    z.object({
      id: TierId,
      price: z.number(),
      terms: LicenceTerms,
      files: z.array(z.enum(DELIVERABLE_KINDS)),
    }),
  ),
  ai_stems: z.boolean(),
  accepts_offers: z.boolean(),
  min_offer: z.number().nullable().default(null),
});
