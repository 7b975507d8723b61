import { startTransition, useEffect, useState } from 'react';

/** True while a prerendered page is being rendered (the build) or hydrated (main.tsx, until AppRoot's effect). */
let hydrating = false;

export function setHydrating(value: boolean): void {
  hydrating = value;
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
