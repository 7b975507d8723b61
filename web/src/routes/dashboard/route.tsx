import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAuth } from '../../auth/session';
import { useCheckoutReturn } from '../../components/checkout/use-checkout-return';
import { LogOutIcon } from '../../components/icons';
import { PageLoading } from '../../components/PageLoading';

// Each dashboard is its own chunk: a client never downloads the Creator Hub (and its chart library).
const ClientDashboard = lazy(() => import('./components/ClientDashboard'));
const CreatorHub = lazy(() => import('./components/CreatorHub'));

function DashboardPage() {
  const { t } = useTranslation();
  const { profile, profileLoading, signOut } = useAuth();
  useCheckoutReturn('plan');
  if (profileLoading) return <PageLoading />;
  if (!profile) {
    return (
      <section
        role="alert"
        className="mx-auto max-w-md rounded-2xl border border-white/10 bg-zinc-900/60 p-8 text-center"
      >
        <h1 className="text-xl font-semibold text-white">{t('dashboard.accessDeniedTitle')}</h1>
        <p className="mt-2 text-zinc-400">{t('dashboard.accessDenied')}</p>
        <Link
          to="/auth"
          className="mt-6 inline-flex h-10 items-center rounded-lg bg-white/10 px-4 text-sm font-medium text-white hover:bg-white/15"
        >
          {t('dashboard.goToLogin')}
        </Link>
      </section>
    );
  }

  const isCreator = profile.role === 'creator';

  return (
    <section className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm font-medium uppercase tracking-wider text-violet-300">
            {isCreator ? t('dashboard.creatorHeading') : t('dashboard.clientHeading')}
          </p>
          <h1 className="mt-1 text-3xl font-bold text-white">
            {t('dashboard.greeting', { name: profile.full_name })}
          </h1>
          <p translate="no" className="mt-1 break-all text-sm text-zinc-400">
            {profile.email}
          </p>
        </div>
        <button
          type="button"
          onClick={() => void signOut()}
          className="inline-flex h-10 items-center gap-2 rounded-lg border border-white/10 px-4 text-sm font-medium text-zinc-200 transition hover:bg-white/5"
        >
          <LogOutIcon width={16} height={16} />
          {t('dashboard.signOut')}
        </button>
      </div>

      <div className="mt-8">
        <Suspense fallback={<PageLoading />}>
          {isCreator ? <CreatorHub profile={profile} /> : <ClientDashboard profile={profile} />}
        </Suspense>
      </div>
    </section>
  );
}

export { DashboardPage as Component };
