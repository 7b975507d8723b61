import { OrderCreate, OrderRating } from '../../shared/schemas/orders';
import { requireCaller } from '../_lib/auth';
import { listClientOrders } from '../_lib/db/orders';
import { incrementDownloads } from '../_lib/db/projects';
import { NotFound } from '../_lib/errors';
import { httpHandler, json, parseBody, pathParam } from '../_lib/http';
import { hireProject, rateClientOrder, requireDeliveredOrder } from '../_lib/marketplace';
import { DOWNLOAD_URL_SECONDS, presignAudioBucketGet } from '../_lib/marketplace-files';

/**
 * The client's side of orders: GET /api/me/orders, POST /api/orders (hire),
 * GET /api/orders/{id}/download, POST /api/orders/{id}/rating. Another user's order id is a 404.
 */
export const handler = httpHandler(async (event) => {
  const caller = requireCaller(event);
  switch (event.routeKey) {
    case 'GET /api/me/orders':
      return json(200, { items: await listClientOrders(caller.sub) });
    case 'POST /api/orders': {
      const { projectId } = parseBody(event, OrderCreate);
      return json(201, { order: await hireProject(caller, projectId) });
    }
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
