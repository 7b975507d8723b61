import { HireRequest, OrderRating } from '../../shared/schemas/orders';
import { requireCaller } from '../_lib/auth';
import { listClientOrders } from '../_lib/db/orders';
import { incrementDownloads } from '../_lib/db/projects';
import { NotFound } from '../_lib/errors';
import { httpHandler, json, parseBody, pathParam } from '../_lib/http';
import { settleDueOrders } from '../_lib/hiring/escrow';
import {
  acceptOrder,
  hireProject,
  quoteHire,
  rateClientOrder,
  requireDeliveredOrder,
} from '../_lib/hiring/service';
import { DOWNLOAD_URL_SECONDS, presignAudioBucketGet } from '../_lib/marketplace-files';

/**
 * The client's side of orders: GET /api/me/orders, GET /api/projects/{id}/hire-quote, POST /api/orders
 * (hire, paid with coins held in escrow), POST /api/orders/{id}/accept, GET /api/orders/{id}/download,
 * POST /api/orders/{id}/rating. Another user's order id is a 404.
 */
export const handler = httpHandler(async (event) => {
  const caller = requireCaller(event);
  switch (event.routeKey) {
    case 'GET /api/me/orders':
      return json(200, { items: await settleDueOrders(await listClientOrders(caller.sub)) });
    case 'GET /api/projects/{id}/hire-quote':
      return json(200, { quote: await quoteHire(caller, pathParam(event, 'id')) });
    case 'POST /api/orders':
      return json(201, { order: await hireProject(caller, parseBody(event, HireRequest)) });
    case 'POST /api/orders/{id}/accept':
      return json(200, { order: await acceptOrder(caller, pathParam(event, 'id')) });
    case 'GET /api/orders/{id}/download': {
      const order = await requireDeliveredOrder(caller, pathParam(event, 'id'));
      const fileName = order.delivery_file_key.split('/').pop() ?? 'entrega';
      const url = await presignAudioBucketGet(order.delivery_file_key, DOWNLOAD_URL_SECONDS, fileName);
      await incrementDownloads(order.project_id);
      return json(200, { url, expiresInSeconds: DOWNLOAD_URL_SECONDS });
    }
    case 'POST /api/orders/{id}/rating': {
      const { rating } = parseBody(event, OrderRating);
      return json(200, { order: await rateClientOrder(caller, pathParam(event, 'id'), rating) });
    }
    default:
      throw new NotFound();
  }
});
