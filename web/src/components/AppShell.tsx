import { useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { BackButton } from './BackButton';
import { ChatLauncher } from './chat/ChatLauncher';
import { useRouteTitle } from './document-title';
import { Header } from './Header';
import { Sidebar } from './Sidebar';

/** Header, sidebar and the back button around every page. */
export function AppShell() {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  useRouteTitle();

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
        <Outlet />
      </main>
      <ChatLauncher />
      <ScrollRestoration />
    </div>
  );
}
