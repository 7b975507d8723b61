import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { waitForCredit, walletQuery } from '../../api/wallet';
import { useAuth } from '../../auth/session';
import { useCheckoutReturn } from '../../components/checkout/use-checkout-return';
import { PageLoading } from '../../components/PageLoading';
import { BalanceCard } from './components/BalanceCard';
import { BuyCoinsForm } from './components/BuyCoinsForm';
import { TransactionList } from './components/TransactionList';
import { useWaitingForCredit } from './hooks/use-waiting-for-credit';

function SignedOut() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-md rounded-2xl border border-white/10 bg-zinc-900/60 p-8 text-center">
      <h1 className="text-xl font-semibold text-white">{t('coins.title')}</h1>
      <p className="mt-2 text-zinc-400">{t('coins.loggedOut')}</p>
      <Link
        to="/auth"
        className="mt-6 inline-flex h-10 items-center rounded-lg bg-gradient-to-r from-violet-500 to-fuchsia-500 px-5 text-sm font-semibold text-white"
      >
        {t('coins.login')}
      </Link>
    </section>
  );
}

function Wallet({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const wallet = useQuery(walletQuery(userId));
  const waiting = useWaitingForCredit();

  useEffect(() => {
    if (wallet.error) {
      console.error('Error loading the 5D Coins wallet', wallet.error);
      toast.error(t('coins.loadError'));
    }
  }, [wallet.error, t]);

  // Back from Stripe (the checkout's tab, or this one when the pop-up was blocked): say what happened;
  // after a payment the credit may still be on its way, so the wallet is re-read until it shows.
  useCheckoutReturn('coins', () => waitForCredit(queryClient, userId));

  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-3xl font-bold text-white">{t('coins.title')}</h1>
      <p className="mt-2 text-zinc-400">{t('coins.subtitle')}</p>
      {wallet.isError && (
        <div
          role="alert"
          className="mt-6 flex flex-wrap items-center gap-3 rounded-xl border border-white/10 bg-zinc-900/60 p-4"
        >
          <p className="flex-1 font-medium text-rose-400">{t('coins.loadError')}</p>
          <button
            type="button"
            onClick={() => void wallet.refetch()}
            className="h-9 rounded-lg bg-white/10 px-4 text-sm font-medium text-white hover:bg-white/15"
          >
            {t('coins.retry')}
          </button>
        </div>
      )}
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <BalanceCard balance={wallet.data?.wallet.balance} waiting={waiting} />
        <BuyCoinsForm userId={userId} />
      </div>
      <div className="mt-6">
        <TransactionList
          transactions={wallet.data?.transactions}
          loading={wallet.isPending && !wallet.isError}
        />
      </div>
    </div>
  );
}

/** /coins: the 5D Coins wallet. Signed out it asks to sign in (spec §2); the balance follows the user. */
function CoinsPage() {
  const { loading, user } = useAuth();
  if (loading) return <PageLoading />;
  if (!user) return <SignedOut />;
  return <Wallet key={user.id} userId={user.id} />;
}

export { CoinsPage as Component };
