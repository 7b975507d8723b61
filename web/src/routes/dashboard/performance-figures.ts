import type { Order } from '../../../../shared/schemas/orders';

const HOUR_MS = 3_600_000;

/** The Creator Hub's performance tab, computed from the creator's own orders (issue 18: no sample figures). */
export interface PerformanceFigures {
  /** Mean hours from a hire to its delivery; null before the first delivered hire. */
  deliveryHours: number | null;
  /** Percent of settled hires that were delivered (declined and expired ones count against); null before any. */
  deliveryRate: number | null;
  /** Clients with two or more paid orders. */
  repeatClients: number;
  /** Hires still in the creator's hands or the client's review, the nearest date first. */
  schedule: ScheduleEntry[];
}

export interface ScheduleEntry {
  order: Order;
  stage: 'toDeliver' | 'inReview';
  due: string | null;
}

const delivered = (order: Order) => order.status === 'delivered' || order.status === 'completed';

export function performanceFigures(orders: readonly Order[]): PerformanceFigures {
  const hires = orders.filter((order) => order.kind === 'hire');
  const deliveredHires = hires.filter((order) => delivered(order) && order.delivered_at);
  const deliveryHours =
    deliveredHires.length === 0
      ? null
      : deliveredHires.reduce(
          (sum, order) => sum + (Date.parse(order.delivered_at!) - Date.parse(order.created_at)) / HOUR_MS,
          0,
        ) / deliveredHires.length;
  const settled = hires.filter((order) => order.status !== 'pending');
  const deliveryRate =
    settled.length === 0 ? null : Math.round((settled.filter(delivered).length / settled.length) * 100);

  const ordersPerClient = new Map<string, number>();
  for (const order of orders) {
    if (order.kind === 'unpaid') continue;
    ordersPerClient.set(order.client_id, (ordersPerClient.get(order.client_id) ?? 0) + 1);
  }
  const repeatClients = [...ordersPerClient.values()].filter((count) => count >= 2).length;

  const schedule = hires
    .flatMap((order): ScheduleEntry[] =>
      order.status === 'pending'
        ? [{ order, stage: 'toDeliver', due: order.deadline_at }]
        : order.status === 'delivered' && order.escrow === 'held'
          ? [{ order, stage: 'inReview', due: order.review_until }]
          : [],
    )
    .sort((a, b) => (a.due ?? '9999').localeCompare(b.due ?? '9999'));
  return { deliveryHours, deliveryRate, repeatClients, schedule };
}
