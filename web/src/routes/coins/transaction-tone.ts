export type TransactionTone = 'credit' | 'debit' | 'neutral';

/**
 * Money in (bought, from a subscription, a hire's payout or refund) in green, money out (spends, debits,
 * coins held for a hire) in red, anything else neutral.
 */
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
