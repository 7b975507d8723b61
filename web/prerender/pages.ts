/**
 * Pages written as HTML at build time (web/prerender/plugin.ts), each as its own file, and the start
 * screen every other route is served. CloudFront's SPA rewrite (infra/constructs/web-site.ts), the local
 * dev server and the web budget bench serve them the same way.
 */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  '/': '/index.html',
  '/marketplace': '/marketplace/index.html',
};

/**
 * Prerendered pages drawn by the start bundle's styles alone (shell.css): the landing page, whose route
 * never loads the whole app's stylesheet (router.tsx `startBundleOnly`). The others link that stylesheet
 * too, render-blocking: their route loads it anyway, and applied before the first paint it costs no
 * restyle of the whole page once the app runs.
 */
export const START_BUNDLE_ONLY_PAGES: ReadonlySet<string> = new Set(['/']);

/** The start screen (no page content), served for every other app route. */
export const SPA_SHELL = '/spa.html';

/** The file a route path is served from: its prerendered page, else the start screen. */
export function htmlFileFor(pathname: string): string {
  const page = pathname.replace(/\/+$/, '') || '/';
  return PRERENDERED_PAGES[page] ?? SPA_SHELL;
}
