import { startTransition, useEffect, useState } from 'react';

/** True while a prerendered page is being rendered (the build) or hydrated (main.tsx, until AppRoot's effect). */
let hydrating = false;

export function setHydrating(value: boolean): void {
  hydrating = value;
}

declare global {
  interface Window {
    /** Buttons of the prerendered page tapped before the app was live (web/prerender/boot-script.ts). */
    __earlyClicks?: HTMLButtonElement[];
  }
}

/** From now on React handles every tap itself (and replays those made while it hydrates). */
export function markAppLive(): void {
  document.documentElement.setAttribute('data-app-live', '');
}

/** Once hydrated: the taps made before the app was live reach their (same, adopted) buttons now. */
export function replayEarlyClicks(): void {
  const early = window.__earlyClicks ?? [];
  window.__earlyClicks = [];
  for (const button of early) if (button.isConnected && !button.disabled) button.click();
}

/**
 * False while the server (the build's prerender) renders and while the browser hydrates that HTML, true
 * afterwards and in a page rendered in the browser only. Parts that are not prerendered (below the fold,
 * a page's data) render their placeholder until then, so hydration matches the prerendered HTML; the
 * switch afterwards is a transition, rendered in slices rather than one long task.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => !hydrating);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
