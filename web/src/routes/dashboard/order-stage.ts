import type { Order, OrderStatus } from '../../../../shared/schemas/orders';

type StagedOrder = Pick<Order, 'status' | 'kind'>;

/**
 * The stage a person reads for an order. A licence is delivered the moment it is paid (its files come
 * from the licence, there is nothing to review or accept), so a licence stored as `delivered` is complete.
 */
export function orderStage(order: StagedOrder): OrderStatus {
  return order.kind === 'licence' && order.status === 'delivered' ? 'completed' : order.status;
}

/** Progress of an order: 100 once complete, 60 before (spec 1 §2). */
export const orderProgress = (order: StagedOrder) => (orderStage(order) === 'completed' ? 100 : 60);

/**
 * How the client downloads what an order delivered: a licence's files and agreement (GET
 * /api/licences/{id}/files), the file a creator delivered (GET /api/orders/{id}/download), or nothing yet
 * (no button that can only fail).
 */
export function orderDownload(
  order: Pick<Order, 'status' | 'kind' | 'delivery_file_key'>,
): 'licence' | 'file' | null {
  if (order.kind === 'licence') return 'licence';
  const delivered = order.status === 'delivered' || order.status === 'completed';
  return delivered && order.delivery_file_key ? 'file' : null;
}
