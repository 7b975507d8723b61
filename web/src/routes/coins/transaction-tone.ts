export type TransactionTone = 'credit' | 'debit' | 'neutral';

/** Credits (bought or from a subscription) in green, spends and debits in red, anything else neutral. */
export function transactionTone(type: string): TransactionTone {
  if (type === 'credit' || type === 'subscription_credit') return 'credit';
  if (type === 'spend' || type === 'debit') return 'debit';
  return 'neutral';
}
