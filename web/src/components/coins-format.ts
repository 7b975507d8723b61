/**
 * How 5D Coins amounts are written (spec section 9): the wallet formats USD in pt-BR (1 USD = 1 Coin);
 * compact numbers (K, M) come from ./format.
 */
// Formatters are made on first use: building one loads locale data a page's first render may not need.
let usd: Intl.NumberFormat | undefined;
let dateTime: Intl.DateTimeFormat | undefined;

/** 'US$ 10,00'. */
export function formatUsd(amount: number): string {
  usd ??= new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'USD' });
  return usd.format(amount);
}

/** A signed ledger amount: '+10', '−3' (a real minus sign). */
export function formatSignedCoins(amount: number): string {
  return `${amount > 0 ? '+' : amount < 0 ? '−' : ''}${Math.abs(amount)}`;
}

/** '25/11/2026, 22:41' (pt-BR, hh:mm); '' for an unreadable date. */
export function formatDateTimePtBR(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  dateTime ??= new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
  return dateTime.format(date);
}

export type TransactionTone = 'credit' | 'debit' | 'neutral';

/** Credits (bought or from a subscription) in green, spends and debits in red, anything else neutral. */
export function transactionTone(type: string): TransactionTone {
  if (
    type === 'credit' ||
    type === 'subscription_credit' ||
    type === 'escrow_refund' ||
    type === 'hire_payout'
  )
    return 'credit';
  if (type === 'spend' || type === 'debit' || type === 'escrow_hold') return 'debit';
  return 'neutral';
}
