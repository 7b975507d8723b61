import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { PageLoading } from '../../components/PageLoading';
import { useAuth } from '../../auth/session';
import { ConfirmSignUpForm } from './ConfirmSignUpForm';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';
import { useAfterSignIn } from './return-path';

type Tab = 'signIn' | 'signUp';

/** Credentials kept only in memory between sign-up and confirmation, to sign in right after. */
export interface PendingAccount {
  email: string;
  password: string;
}

function AuthPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { loading, user } = useAuth();
  const [searchParams] = useSearchParams();
  const wantsCreator = searchParams.get('type') === 'creator';
  const afterSignIn = useAfterSignIn().path;
  const [tab, setTab] = useState<Tab>(wantsCreator ? 'signUp' : 'signIn');
  const [pending, setPending] = useState<PendingAccount | null>(null);

  if (loading) return <PageLoading />;
  // A signed-in visitor has nothing to do here (also the path taken right after a successful sign-in).
  if (user) return <Navigate to={afterSignIn} replace />;

  const tabs: readonly Tab[] = ['signIn', 'signUp'];
  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = tab === 'signIn' ? 'signUp' : 'signIn';
    setTab(next);
    document.getElementById(`auth-tab-${next}`)?.focus();
  }

  return (
    <section className="mx-auto w-full max-w-md">
      <div className="rounded-2xl border border-white/10 bg-zinc-900/60 p-6 shadow-2xl shadow-black/40 sm:p-8">
        {pending ? (
          <ConfirmSignUpForm
            account={pending}
            onBack={() => {
              setPending(null);
              setTab('signIn');
            }}
            onSignedIn={() => void navigate(afterSignIn, { replace: true })}
          />
        ) : (
          <>
            <h1 className="text-2xl font-bold text-white">{t('auth.title')}</h1>
            <p className="mt-1.5 text-sm text-zinc-400">{t('auth.subtitle')}</p>

            <div
              role="tablist"
              aria-label={t('auth.tabsLabel')}
              className="mt-6 grid grid-cols-2 rounded-xl bg-zinc-950 p-1"
            >
              {tabs.map((id) => (
                <button
                  key={id}
                  id={`auth-tab-${id}`}
                  type="button"
                  role="tab"
                  aria-selected={tab === id}
                  aria-controls={`auth-panel-${id}`}
                  tabIndex={tab === id ? 0 : -1}
                  onClick={() => setTab(id)}
                  onKeyDown={onTabKeyDown}
                  className={`h-10 rounded-lg text-sm font-medium transition ${
                    tab === id ? 'bg-white/10 text-white shadow' : 'text-zinc-400 hover:text-zinc-200'
                  }`}
                >
                  {id === 'signIn' ? t('auth.tabSignIn') : t('auth.tabSignUp')}
                </button>
              ))}
            </div>

            <div
              id={`auth-panel-${tab}`}
              role="tabpanel"
              aria-labelledby={`auth-tab-${tab}`}
              className="mt-6"
            >
              {tab === 'signIn' ? (
                <SignInForm
                  onNeedsConfirmation={setPending}
                  onSignedIn={() => void navigate(afterSignIn, { replace: true })}
                />
              ) : (
                <SignUpForm defaultRole={wantsCreator ? 'creator' : 'client'} onCreated={setPending} />
              )}
            </div>
          </>
        )}
      </div>
    </section>
  );
}

export { AuthPage as Component };
