import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { QueryProvider } from '../api/QueryProvider';
import { creditWatchUser, stopWaitingForCredit, walletQuery } from '../api/wallet';
import { useAuth } from '../auth/session';
import { formatCompact } from '../lib/format';
import { CoinsIcon } from './icons';

/** The header's 5D Coins balance (signed-in users only), linking to /coins. Errors are only logged. */
function CoinsChipContent() {
  const { t } = useTranslation();
  const userId = useAuth().user?.id ?? null;
  const wallet = useQuery(walletQuery(userId));

  useEffect(() => {
    if (wallet.error) console.error('Error fetching the 5D Coins balance', wallet.error);
  }, [wallet.error]);

  // A wait for a credit belongs to one user: it ends when they sign out or someone else signs in.
  useEffect(
    () => () => {
      if (creditWatchUser() === userId) stopWaitingForCredit();
    },
    [userId],
  );

  const balance = wallet.data?.wallet.balance;
  const shown = balance === undefined ? '–' : formatCompact(balance);
  return (
    <Link
      to="/coins"
      data-testid="coins-chip"
      aria-label={balance === undefined ? t('header.coins') : t('coins.chip', { balance: shown })}
      className="inline-flex h-9 items-center gap-1.5 rounded-full border border-amber-400/30 bg-amber-400/10 px-2.5 text-sm font-medium text-amber-200 transition hover:bg-amber-400/20 sm:px-3"
    >
      <CoinsIcon width={16} height={16} />
      {/* The space keeps "0 Coins" one phrase for assistive tech (the accessible name starts with it). */}
      <span className="tabular-nums">{shown}</span> <span className="hidden sm:inline">Coins</span>
    </Link>
  );
}

/** A lazy chunk of the header, outside the pages' query provider: it brings the shared one. */
export default function CoinsChip() {
  return (
    <QueryProvider>
      <CoinsChipContent />
    </QueryProvider>
  );
}
