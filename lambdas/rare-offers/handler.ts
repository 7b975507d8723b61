import { listRareOffers } from '../_lib/db/offers';
import { EDGE_CACHE } from '../../shared/edge-cache';
import { httpHandler, publicJson } from '../_lib/http';

/** GET /api/offers/rare: active drops with slots left expiring within 72 h, soonest first (public, cached briefly). */
export const handler = httpHandler(async () => {
  return publicJson({ items: await listRareOffers(new Date()) }, EDGE_CACHE.drops);
});
