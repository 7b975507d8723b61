import { creatorSlug } from '../../shared/site-rules';
import { getCreatorStats } from '../_lib/db/creator-stats';
import { resolveCreatorSlug } from '../_lib/db/creator-slugs';
import { getProfile } from '../_lib/db/profiles';
import { getUserSettings } from '../_lib/db/user-settings';
import { NotFound } from '../_lib/errors';
import { EDGE_CACHE } from '../../shared/edge-cache';
import { httpHandler, pathParam, publicJson } from '../_lib/http';
import { buildCreatorProfile } from './profile';
import { listCreatorProducts } from '../_lib/db/creator-profile';
import { listCreatorOrders } from '../_lib/db/orders';

/** GET /api/creators/{name}: a creator's public figures, looked up by the slug of their full name. */
export const handler = httpHandler(async (event) => {
  const slug = creatorSlug(pathParam(event, 'name'));
  const sub = slug ? await resolveCreatorSlug(slug) : undefined;
  const profile = sub ? await getProfile(sub) : undefined;
  if (!sub || !profile || profile.role !== 'creator') throw new NotFound('CREATOR_NOT_FOUND');
  const [settings, stats, products, orders] = await Promise.all([
    getUserSettings(sub),
    getCreatorStats(sub),
    listCreatorProducts(sub),
    listCreatorOrders(sub),
  ]);
  // 'Perfil público' switched off on /settings: the profile is not shown to anyone.
  if (settings?.settings.publicProfile === false) throw new NotFound('CREATOR_NOT_FOUND');
  return publicJson(
    { creator: buildCreatorProfile({ slug, profile, stats, products, orders, now: new Date() }) },
    EDGE_CACHE.creator,
  );
});
