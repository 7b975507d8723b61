import { creatorFigures } from '../../shared/creator-figures';
import { OrderDeliver } from '../../shared/schemas/orders';
import { requireCreator } from '../_lib/auth';
import { listCreatorOrders } from '../_lib/db/orders';
import { NotFound } from '../_lib/errors';
import { httpHandler, json, parseBody, pathParam } from '../_lib/http';
import { settleDueOrders } from '../_lib/hiring/escrow';
import { declineOrder, deliverOrder } from '../_lib/hiring/service';

/**
 * The creator's side of orders: GET /api/creator/orders (orders of their projects, newest first, with
 * the Creator Hub cards: the creator figures of shared/creator-figures.ts), POST
 * /api/creator/orders/{id}/deliver and POST /api/creator/orders/{id}/decline (refunds the client).
 */
export const handler = httpHandler(async (event) => {
  const caller = requireCreator(event);
  switch (event.routeKey) {
    case 'GET /api/creator/orders': {
      const items = await settleDueOrders(await listCreatorOrders(caller.sub));
      return json(200, { items, cards: creatorFigures(items, new Date()) });
    }
    case 'POST /api/creator/orders/{id}/deliver': {
      const { fileKey } = parseBody(event, OrderDeliver);
      return json(200, { order: await deliverOrder(caller, pathParam(event, 'id'), fileKey) });
    }
    case 'POST /api/creator/orders/{id}/decline':
      return json(200, { order: await declineOrder(caller, pathParam(event, 'id')) });
    default:
      throw new NotFound();
  }
});
