import { creatorSlug } from '../../shared/site-rules';
import { getCreatorStats } from '../_lib/db/creator-stats';
import { resolveCreatorSlug } from '../_lib/db/creator-slugs';
import { getProfile } from '../_lib/db/profiles';
import { NotFound } from '../_lib/errors';
import { httpHandler, json, pathParam } from '../_lib/http';
import { buildCreatorProfile } from './profile';
import { countCreatorOrders, listCreatorProducts } from '../_lib/db/creator-profile';

/** GET /api/creators/{name}: a creator's public figures, looked up by the slug of their full name. */
export const handler = httpHandler(async (event) => {
  const slug = creatorSlug(pathParam(event, 'name'));
  const sub = slug ? await resolveCreatorSlug(slug) : undefined;
  const profile = sub ? await getProfile(sub) : undefined;
  if (!sub || !profile || profile.role !== 'creator') throw new NotFound('Criador não encontrado.');
  const [stats, products, sales] = await Promise.all([
    getCreatorStats(sub),
    listCreatorProducts(sub),
    countCreatorOrders(sub),
  ]);
  return json(200, {
    creator: buildCreatorProfile({ slug, profile, stats, products, sales, now: new Date() }),
  });
});
