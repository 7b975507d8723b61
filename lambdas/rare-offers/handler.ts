import { listRareOffers } from '../_lib/db/offers';
import { httpHandler, json } from '../_lib/http';

/** GET /api/offers/rare: active drops with slots left expiring within 72 h, soonest first. */
export const handler = httpHandler(async () => {
  return json(200, { items: await listRareOffers(new Date()) });
});
