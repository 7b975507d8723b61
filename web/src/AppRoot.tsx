import { StrictMode, useEffect, type ReactNode } from 'react';
import { AuthProvider } from './auth/AuthProvider';
import { DeferredToaster } from './components/DeferredToaster';
import { replayEarlyClicks, setHydrating } from './lib/hydration';
import { SettingsSync } from './settings/SettingsSync';

/**
 * Everything around the router, the same in the browser (main.tsx) and in the build's prerender
 * (web/prerender), so a prerendered page hydrates without a mismatch. TanStack Query is not here: pages
 * that need it get it with their lazy route (router.tsx).
 */
export function AppRoot({ children }: { children: ReactNode }) {
  useEffect(() => {
    // Hydration has committed: parts mounted from now on render at once (lib/hydration.ts), and the
    // header follows the session state itself (index.html hid a prerendered 'Entrar' until now).
    setHydrating(false);
    document.documentElement.removeAttribute('data-session');
    replayEarlyClicks();
  }, []);
  return (
    <StrictMode>
      <AuthProvider>
        {children}
        <SettingsSync />
      </AuthProvider>
      <DeferredToaster />
    </StrictMode>
  );
}
