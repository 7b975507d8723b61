import { useTranslation } from 'react-i18next';
import type { Transaction } from '../../../../../shared/schemas/payments';
import { formatShortDateTime, formatSignedCoins } from '../../../lib/format';
import { transactionTone, type TransactionTone } from '../transaction-tone';
import { transactionText } from '../transaction-text';

const toneClass: Record<TransactionTone, string> = {
  credit: 'text-emerald-400',
  debit: 'text-rose-400',
  neutral: 'text-zinc-300',
};

interface TransactionListProps {
  transactions: Transaction[] | undefined;
  loading: boolean;
}

/** 'Últimas 20 transações', newest first, coloured by type. */
export function TransactionList({ transactions, loading }: TransactionListProps) {
  const { t, i18n } = useTranslation();
  return (
    <section
      aria-labelledby="coins-history-title"
      className="rounded-2xl border border-white/10 bg-zinc-900/60 p-6"
    >
      <h2 id="coins-history-title" className="text-lg font-semibold text-white">
        {t('coins.historyTitle')}
      </h2>
      {loading ? (
        <ul aria-hidden="true" className="mt-4 space-y-3">
          {[0, 1, 2].map((row) => (
            <li key={row} className="h-12 animate-pulse rounded-lg bg-white/5" />
          ))}
        </ul>
      ) : !transactions || transactions.length === 0 ? (
        <p className="mt-4 text-zinc-400">{t('coins.empty')}</p>
      ) : (
        <ul className="mt-4 divide-y divide-white/10" data-testid="coins-transactions">
          {transactions.map((transaction) => {
            const tone = transactionTone(transaction.type);
            const typeKey = `coins.types.${transaction.type}`;
            return (
              <li key={transaction.id} data-type={transaction.type} className="flex items-center gap-3 py-3">
                <span
                  aria-hidden="true"
                  className={`size-2 shrink-0 rounded-full bg-current ${toneClass[tone]}`}
                />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-zinc-100">{transactionText(transaction)}</p>
                  <p className="text-xs text-zinc-400">
                    {i18n.exists(typeKey) ? t(typeKey as 'coins.types.credit') : transaction.type} ·{' '}
                    <time dateTime={transaction.created_at}>
                      {formatShortDateTime(transaction.created_at)}
                    </time>
                  </p>
                </div>
                <p className={`shrink-0 font-semibold tabular-nums ${toneClass[tone]}`}>
                  {formatSignedCoins(transaction.amount)}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
