import { creatorHubCards } from '../../shared/gamification';
import { OrderDeliver } from '../../shared/schemas/orders';
import { requireCreator } from '../_lib/auth';
import { listCreatorOrders } from '../_lib/db/orders';
import { NotFound } from '../_lib/errors';
import { httpHandler, json, parseBody, pathParam } from '../_lib/http';
import { deliverOrder } from '../_lib/marketplace';

/**
 * The creator's side of orders: GET /api/creator/orders (orders of their projects, newest first, with
 * the Creator Hub cards computed from them) and POST /api/creator/orders/{id}/deliver.
 */
export const handler = httpHandler(async (event) => {
  const caller = requireCreator(event);
  switch (event.routeKey) {
    case 'GET /api/creator/orders': {
      const items = await listCreatorOrders(caller.sub);
      return json(200, { items, cards: creatorHubCards(items, new Date()) });
    }
    case 'POST /api/creator/orders/{id}/deliver': {
      const { fileKey } = parseBody(event, OrderDeliver);
      return json(200, { order: await deliverOrder(caller, pathParam(event, 'id'), fileKey) });
    }
    default:
      throw new NotFound();
  }
});
