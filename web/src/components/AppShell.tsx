import { useEffect, useState, type ComponentType } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { BackButton } from './BackButton';
import { ChatLauncher } from './chat/ChatLauncher';
import { useHydrated } from '../lib/hydration';
import { Header } from './Header';
import { MarketplaceSkeleton } from './prerender/MarketplaceSkeleton';
import { Sidebar } from './Sidebar';

/**
 * Pages the build prerenders as a static outline rather than the page itself (web/prerender): their
 * data and state live in the browser only. The outline is drawn while the HTML hydrates, then the page.
 */
const PRERENDERED_OUTLINES: Record<string, ComponentType> = { '/marketplace': MarketplaceSkeleton };

/** Header, sidebar and the back button around every page. */
export function AppShell() {
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  const Outline = hydrated ? undefined : PRERENDERED_OUTLINES[pathname.replace(/(.)\/$/, '$1')];
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <div className="min-h-screen bg-zinc-950 text-zinc-100">
      <Header menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((open) => !open)} />
      <Sidebar open={menuOpen} onNavigate={() => setMenuOpen(false)} />
      <main className="px-4 pb-16 pt-20 sm:px-6 lg:pl-70 lg:pr-8">
        {pathname !== '/' && (
          <div className="mb-4">
            <BackButton />
          </div>
        )}
        {Outline ? <Outline /> : <Outlet />}
      </main>
      <ChatLauncher />
      <ScrollRestoration />
    </div>
  );
}
