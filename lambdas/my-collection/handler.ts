import { requireCaller } from '../_lib/auth';
import { listPurchases } from '../_lib/db/purchases';
import { listSubscriptions } from '../_lib/db/subscriptions';
import { NotFound } from '../_lib/errors';
import { httpHandler, json } from '../_lib/http';

/**
 * My Collection's Compras and Assinaturas tabs: GET /api/me/purchases and GET /api/me/subscriptions,
 * always the caller's own (the repositories are the payments module's).
 */
export const handler = httpHandler(async (event) => {
  const caller = requireCaller(event);
  switch (event.routeKey) {
    case 'GET /api/me/purchases':
      return json(200, { items: await listPurchases(caller.sub, 200) });
    case 'GET /api/me/subscriptions': {
      const subscriptions = await listSubscriptions(caller.sub);
      // The Stripe id is an internal reference; the screen shows the product id, status and period.
      return json(200, {
        items: subscriptions.map(({ stripe_subscription_id: _internal, ...rest }) => rest),
      });
    }
    default:
      throw new NotFound();
  }
});
