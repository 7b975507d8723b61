import { useTranslation } from 'react-i18next';
import { formatUsd } from '../../../lib/format';
import { CoinsIcon } from '../../../components/icons';

interface BalanceCardProps {
  /** undefined while loading. */
  balance: number | undefined;
  waiting: boolean;
}

export function BalanceCard({ balance, waiting }: BalanceCardProps) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="coins-balance-title"
      className="rounded-2xl border border-amber-400/30 bg-amber-400/10 p-6"
    >
      <div className="flex items-center gap-2 text-amber-200">
        <CoinsIcon />
        <h2 id="coins-balance-title" className="text-sm font-medium uppercase tracking-wider">
          {t('coins.balance')}
        </h2>
      </div>
      <p
        aria-live="polite"
        className="mt-3 text-4xl font-bold tabular-nums text-white"
        data-testid="coins-balance"
      >
        {balance === undefined ? (
          <span aria-hidden="true" className="inline-block h-10 w-40 animate-pulse rounded-lg bg-white/10" />
        ) : (
          formatUsd(balance)
        )}
      </p>
      {balance !== undefined && (
        <p className="mt-1 text-zinc-300">{t('coins.balanceCoins', { coins: balance })}</p>
      )}
      <p className="mt-4 inline-flex rounded-full bg-white/5 px-3 py-1 text-xs text-zinc-300">
        {t('coins.rate')}
      </p>
      {waiting && (
        <div role="status" className="mt-4 flex items-start gap-3 rounded-xl bg-white/5 p-3 text-sm">
          <span
            aria-hidden="true"
            className="mt-0.5 size-4 shrink-0 animate-spin rounded-full border-2 border-amber-300 border-t-transparent motion-reduce:animate-none"
          />
          <span>
            <span className="block font-medium text-white">{t('coins.waiting')}</span>
            <span className="text-zinc-400">{t('coins.waitingHint')}</span>
          </span>
        </div>
      )}
    </section>
  );
}
