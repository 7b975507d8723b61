import { PLATFORM_FEE_RATE } from './plans';

/**
 * A creator's figures — revenue, sales, orders, rating, completion — computed in ONE place from the
 * creator's orders, so the Creator Hub, the public creator profile and the client's view of the same
 * orders can never contradict each other (issue 18: "Vendas 4" beside "Sem vendas ainda"). Revenue
 * counts money received only: a licence sale or a card purchase (paid through Stripe), or a hire whose
 * held coins were released to the creator. Held, refunded and unpaid orders earn nothing.
 */
export interface FigureOrder {
  amount: number;
  status: string;
  created_at: string;
  rating?: number | null;
  kind?: string;
  escrow?: string | null;
  settled_at?: string | null;
}

export interface CreatorFigures {
  /** R$ received, ever and this calendar month (UTC, by the day the money arrived). */
  totalRevenue: number;
  monthRevenue: number;
  /** Orders whose money the creator received ("Vendas"). */
  sales: number;
  /** Every paid order (a hire being delivered included; refunded and unpaid ones excluded). */
  orderCount: number;
  monthOrderCount: number;
  /** R$ of hires paid and held, not yet released ("em garantia"). */
  heldRevenue: number;
  /** Percent 0–100 of paid orders completed (a licence sale is complete when sold). */
  completionRate: number;
  /** Mean of the clients' ratings, one decimal; null before the first rating. */
  averageRating: number | null;
  ratingCount: number;
  /** This month's revenue split: 85% to the creator, 15% platform fee (the analytics summary). */
  monthNet: number;
  monthFee: number;
}

const CREATOR_NET_RATE = 1 - PLATFORM_FEE_RATE;
const cents = (value: number) => Math.round(value * 100) / 100;

/** "This month" is the calendar month of `now` in UTC. */
export function isSameMonth(iso: string, now: Date): boolean {
  const date = new Date(iso);
  return date.getUTCFullYear() === now.getUTCFullYear() && date.getUTCMonth() === now.getUTCMonth();
}

/** Whether the creator received this order's money. */
export function moneyReceived(order: FigureOrder): boolean {
  if (order.kind === 'licence' || order.kind === 'purchase') return true;
  return order.kind === 'hire' && order.escrow === 'released';
}

/** A paid order that counts as an order at all (refunded and never-paid ones do not). */
export function isPaidOrder(order: FigureOrder): boolean {
  if (order.kind === 'hire') return order.escrow === 'held' || order.escrow === 'released';
  return order.kind === 'licence' || order.kind === 'purchase';
}

export function creatorFigures(orders: readonly FigureOrder[], now: Date = new Date()): CreatorFigures {
  let total = 0;
  let month = 0;
  let sales = 0;
  let held = 0;
  let paid = 0;
  let monthPaid = 0;
  let completed = 0;
  let ratingSum = 0;
  let ratingCount = 0;
  for (const order of orders) {
    if (typeof order.rating === 'number') {
      ratingSum += order.rating;
      ratingCount += 1;
    }
    if (!isPaidOrder(order)) continue;
    paid += 1;
    if (isSameMonth(order.created_at, now)) monthPaid += 1;
    if (order.status === 'completed' || order.kind === 'licence') completed += 1;
    if (order.kind === 'hire' && order.escrow === 'held') held += order.amount;
    if (!moneyReceived(order)) continue;
    sales += 1;
    total += order.amount;
    if (isSameMonth(order.settled_at ?? order.created_at, now)) month += order.amount;
  }
  return {
    totalRevenue: cents(total),
    monthRevenue: cents(month),
    sales,
    orderCount: paid,
    monthOrderCount: monthPaid,
    heldRevenue: cents(held),
    completionRate: paid === 0 ? 0 : Math.round((completed / paid) * 100),
    averageRating: ratingCount === 0 ? null : Math.round((ratingSum / ratingCount) * 10) / 10,
    ratingCount,
    monthNet: cents(month * CREATOR_NET_RATE),
    monthFee: cents(month * PLATFORM_FEE_RATE),
  };
}
