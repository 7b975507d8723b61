/**
 * Paid hiring (issue 17): the client pays the hire in 5D Coins up front; the coins are held for the
 * order (escrow) and reach the creator only when the client accepts the delivery, or by themselves when
 * the review period ends; they go back to the client when the creator declines or misses the deadline.
 * Pure rules shared by the server (lambdas/_lib/hiring) and the web (the hire dialog).
 */

/** The creator delivers within this (the marketplace cards' "7 dias de entrega"). */
export const HIRE_DELIVERY_DAYS = 7;
/** After delivery the client has this long to accept or complain; then the coins go to the creator. */
export const HIRE_REVIEW_DAYS = 3;
/**
 * What one 5D Coin (US$ 1) is worth in R$ when a project priced in R$ is hired: the same approximate
 * rate the web shows converted prices with (web/src/lib/format.ts BRL_PER_UNIT.USD). COIN_VALUE_BRL
 * overrides it; the hire dialog states the rate used, and the order records it.
 */
export const DEFAULT_COIN_VALUE_BRL = 5.4;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Coins for a price in R$: rounded up, so the creator never receives less than the listed price. */
export function hireCoins(priceBrl: number, coinValueBrl: number): number {
  if (!(priceBrl > 0) || !(coinValueBrl > 0)) return 0;
  return Math.max(1, Math.ceil(Math.round((priceBrl / coinValueBrl) * 1e6) / 1e6));
}

export function deliveryDeadline(hiredAt: Date, days = HIRE_DELIVERY_DAYS): Date {
  return new Date(hiredAt.getTime() + days * DAY_MS);
}

export function reviewEnds(deliveredAt: Date, days = HIRE_REVIEW_DAYS): Date {
  return new Date(deliveredAt.getTime() + days * DAY_MS);
}

interface Settleable {
  kind: string;
  status: string;
  escrow: string | null;
  deadline_at: string | null;
  review_until: string | null;
}

/** What is due on a held hire at `now`: its refund (deadline passed), its release (review ended), or nothing. */
export function dueSettlement(order: Settleable, now: Date): 'refund' | 'release' | undefined {
  if (order.kind !== 'hire' || order.escrow !== 'held') return undefined;
  const at = now.toISOString();
  if (order.status === 'pending' && order.deadline_at && order.deadline_at <= at) return 'refund';
  if (order.status === 'delivered' && order.review_until && order.review_until <= at) return 'release';
  return undefined;
}
