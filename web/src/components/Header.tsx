import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAuth } from '../auth/session';
import { LogOutIcon, MenuIcon, UserIcon } from './icons';
import { LanguageToggle } from './LanguageToggle';

// Signed-in only: signed-out visitors never download the wallet code.
const CoinsChip = lazy(() => import('./CoinsChip'));

interface HeaderProps {
  menuOpen: boolean;
  onToggleMenu: () => void;
}

export function Header({ menuOpen, onToggleMenu }: HeaderProps) {
  const { t } = useTranslation();
  const { user, profile, loading, signOut } = useAuth();

  return (
    <header className="fixed inset-x-0 top-0 z-40 h-16 border-b border-white/10 bg-zinc-950/85 backdrop-blur supports-[backdrop-filter]:bg-zinc-950/70">
      <div className="flex h-full items-center gap-3 px-3 sm:px-5">
        <button
          type="button"
          onClick={onToggleMenu}
          aria-expanded={menuOpen}
          aria-controls="main-sidebar"
          aria-label={menuOpen ? t('header.closeMenu') : t('header.openMenu')}
          className="inline-flex size-10 items-center justify-center rounded-lg text-zinc-300 hover:bg-white/5 hover:text-white lg:hidden"
        >
          <MenuIcon />
        </button>

        <Link to="/" aria-label={t('header.homeLink')} className="flex items-center gap-2 rounded-lg">
          {/* The badge's letters come from CSS so the link's visible text matches its name (axe, WCAG 2.5.3). */}
          <span
            aria-hidden="true"
            className="grid size-9 place-items-center rounded-xl bg-gradient-to-br from-violet-500 to-fuchsia-500 text-sm font-bold text-white shadow-lg shadow-violet-900/40 before:content-['5D']"
          />
          <span className="hidden text-lg font-semibold tracking-tight text-white sm:inline">
            {t('common.appName')}
          </span>
        </Link>

        <div className="ml-auto flex min-w-0 items-center gap-2">
          {user && (
            <Suspense
              fallback={<span aria-hidden="true" className="h-9 w-16 rounded-full bg-amber-400/10" />}
            >
              <CoinsChip />
            </Suspense>
          )}
          <LanguageToggle />
          {loading ? (
            <span aria-hidden="true" className="h-9 w-24 animate-pulse rounded-lg bg-white/5" />
          ) : user ? (
            <>
              <Link
                to="/dashboard"
                data-testid="header-user"
                className="inline-flex h-9 min-w-0 max-w-40 items-center sm:max-w-56 gap-2 rounded-lg bg-white/10 px-3 text-sm font-medium text-white transition hover:bg-white/15"
              >
                <UserIcon width={16} height={16} className="shrink-0" />
                <span className="truncate">{profile?.full_name ?? t('header.dashboard')}</span>
              </Link>
              <button
                type="button"
                onClick={() => void signOut()}
                aria-label={t('header.signOut')}
                title={t('header.signOut')}
                className="hidden size-9 items-center justify-center rounded-lg text-zinc-400 transition hover:bg-white/5 hover:text-white sm:inline-flex"
              >
                <LogOutIcon width={18} height={18} />
              </button>
            </>
          ) : (
            <Link
              to="/auth"
              data-signed-out-only
              className="inline-flex h-9 items-center rounded-lg bg-gradient-to-r from-violet-500 to-fuchsia-500 px-4 text-sm font-semibold text-white shadow-lg shadow-violet-900/30 transition hover:brightness-110"
            >
              {t('header.login')}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
