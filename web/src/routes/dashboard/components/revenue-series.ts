import { formatMonth } from '../../../lib/format';
import { moneyReceived, type FigureOrder } from '../../../../../shared/creator-figures';

export interface RevenuePoint {
  /** 'YYYY-MM' (UTC, like the cards' "this month"). */
  month: string;
  /** Short month name for the axis. */
  label: string;
  revenue: number;
}

/**
 * Revenue per calendar month (UTC) for the last `months` months up to `now`, oldest first: money
 * received only, in the month it arrived (the same rule as the cards, shared/creator-figures.ts).
 */
export function monthlyRevenue(
  orders: readonly FigureOrder[],
  now: Date,
  months = 6,
  locale = 'pt-BR',
): RevenuePoint[] {
  const points: RevenuePoint[] = [];
  for (let back = months - 1; back >= 0; back -= 1) {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    points.push({
      month: `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`,
      label: formatMonth(date, locale).replace('.', ''),
      revenue: 0,
    });
  }
  const byMonth = new Map(points.map((point) => [point.month, point]));
  for (const order of orders) {
    if (!moneyReceived(order)) continue;
    const point = byMonth.get((order.settled_at ?? order.created_at).slice(0, 7));
    if (point) point.revenue = Math.round((point.revenue + order.amount) * 100) / 100;
  }
  return points;
}
