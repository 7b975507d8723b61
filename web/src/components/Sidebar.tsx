import { useEffect, useRef, type ComponentType, type SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import type { Catalogue } from '../i18n/locales/pt-BR';
import {
  CoinsIcon,
  DashboardIcon,
  HomeIcon,
  SettingsIcon,
  SparklesIcon,
  StoreIcon,
  TrophyIcon,
  UsersIcon,
} from './icons';

interface NavItem {
  to: string;
  label: keyof Catalogue['nav'];
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

const items: readonly NavItem[] = [
  { to: '/', label: 'home', icon: HomeIcon },
  { to: '/marketplace', label: 'marketplace', icon: StoreIcon },
  // The AI Studio is live (six tools): the spec's "coming soon" label contradicted the page (issue 18).
  { to: '/ai-studio', label: 'aiStudio', icon: SparklesIcon },
  { to: '/competitions', label: 'competitions', icon: TrophyIcon },
  { to: '/community', label: 'community', icon: UsersIcon },
  { to: '/coins', label: 'coins', icon: CoinsIcon },
  { to: '/dashboard', label: 'dashboard', icon: DashboardIcon },
  { to: '/settings', label: 'settings', icon: SettingsIcon },
];

interface SidebarProps {
  open: boolean;
  onNavigate: () => void;
}

/** Fixed on large screens; a drawer on small ones (opened from the header's menu button). */
export function Sidebar({ open, onNavigate }: SidebarProps) {
  const { t } = useTranslation();
  const navRef = useRef<HTMLElement>(null);
  // Opening the drawer moves keyboard focus into it.
  useEffect(() => {
    if (open) navRef.current?.querySelector<HTMLElement>('a[href]')?.focus();
  }, [open]);
  return (
    <>
      {open && (
        <div
          aria-hidden="true"
          onClick={onNavigate}
          className="fixed inset-0 top-16 z-30 bg-black/60 lg:hidden"
        />
      )}
      <nav
        id="main-sidebar"
        ref={navRef}
        aria-label={t('nav.label')}
        className={`fixed bottom-0 left-0 top-16 z-30 w-64 overflow-y-auto border-r border-white/10 bg-zinc-950 px-3 py-4 transition-transform motion-reduce:transition-none lg:translate-x-0 ${
          open ? 'translate-x-0' : '-translate-x-full invisible lg:visible'
        }`}
      >
        <ul className="space-y-1">
          {items.map(({ to, label, icon: ItemIcon }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={to === '/'}
                onClick={onNavigate}
                className={({ isActive }) =>
                  `flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm transition ${
                    isActive
                      ? 'bg-violet-500/15 font-medium text-white ring-1 ring-inset ring-violet-400/30'
                      : 'text-zinc-300 hover:bg-white/5 hover:text-white'
                  }`
                }
              >
                <ItemIcon className="shrink-0" />
                {/* One line in every language: a long label is cut with an ellipsis, never wrapped. */}
                <span className="min-w-0 truncate">{t(`nav.${label}`)}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
