import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useAuth } from '../../auth/session';
import { LogOutIcon } from '../../components/icons';
import { PageLoading } from '../../components/PageLoading';

function DashboardPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { profile, profileLoading, signOut } = useAuth();

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
  const memberSince = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'long' }).format(
    new Date(profile.created_at),
  );
  const facts: readonly [string, string][] = [
    [t('dashboard.fullName'), profile.full_name],
    [t('dashboard.email'), profile.email],
    [t('dashboard.accountType'), isCreator ? t('dashboard.roleCreator') : t('dashboard.roleClient')],
    [t('dashboard.memberSince'), memberSince],
  ];

  async function onSignOut() {
    await signOut();
    void navigate('/', { replace: true });
  }

  return (
    <section className="mx-auto max-w-4xl">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-sm font-medium uppercase tracking-wider text-violet-300">
            {isCreator ? t('dashboard.creatorHeading') : t('dashboard.clientHeading')}
          </p>
          <h1 className="mt-1 text-3xl font-bold text-white">
            {t('dashboard.greeting', { name: profile.full_name })}
          </h1>
        </div>
        <button
          type="button"
          onClick={() => void onSignOut()}
          className="inline-flex h-10 items-center gap-2 rounded-lg border border-white/10 px-4 text-sm font-medium text-zinc-200 transition hover:bg-white/5"
        >
          <LogOutIcon width={16} height={16} />
          {t('dashboard.signOut')}
        </button>
      </div>

      <div className="mt-8 rounded-2xl border border-white/10 bg-zinc-900/60 p-6">
        <h2 className="text-lg font-semibold text-white">{t('dashboard.profileTitle')}</h2>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2">
          {facts.map(([label, value]) => (
            <div key={label} className="rounded-xl bg-zinc-950/60 px-4 py-3">
              <dt className="text-xs uppercase tracking-wide text-zinc-500">{label}</dt>
              <dd className="mt-1 break-words text-zinc-100">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

export { DashboardPage as Component };
