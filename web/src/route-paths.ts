/**
 * Every page path of the app (router.tsx), each with the `titles.<key>` text naming it in the browser tab.
 * One list serves three places: the document title of each page (AppShell), the local twin answering
 * 404 for any other path (infra/local/start.ts) and CloudFront doing the same (infra/constructs/
 * not-found-status.ts). tests/unit/route-paths.test.ts keeps it equal to the router's table.
 */
export const APP_ROUTES = [
  { path: '/', title: 'home' },
  { path: '/auth', title: 'auth' },
  { path: '/marketplace', title: 'marketplace' },
  { path: '/beat/:id', title: 'beat' },
  { path: '/competitions', title: 'competitions' },
  { path: '/competitions/contract', title: 'competitionContract' },
  { path: '/competitions/enter', title: 'competitionEnter' },
  { path: '/community', title: 'community' },
  { path: '/settings', title: 'settings' },
  { path: '/creator/:name', title: 'creator' },
  { path: '/become-creator', title: 'becomeCreator' },
  { path: '/coins', title: 'coins' },
  { path: '/generate', title: 'generate' },
  { path: '/history', title: 'history' },
  { path: '/ai-studio/stem-splitter', title: 'stemSplitter' },
  { path: '/ai-studio', title: 'aiStudio' },
  { path: '/neural-engine', title: 'neuralEngine' },
  { path: '/dashboard', title: 'dashboard' },
  { path: '/my-collection', title: 'myCollection' },
  { path: '/plans', title: 'plans' },
  { path: '/courses', title: 'courses' },
  { path: '/courses/syllabus', title: 'syllabus' },
  { path: '/privacy', title: 'privacy' },
  { path: '/terms', title: 'terms' },
  { path: '/thank-you', title: 'thankYou' },
  { path: '/shifter-studio', title: 'shifterStudio' },
] as const;

export type RouteTitle = (typeof APP_ROUTES)[number]['title'] | 'notFound';

/** '/beat/:id' → '^/beat/[^/]+$': a `:param` is one non-empty path segment. */
export function routePattern(path: string): string {
  const segments = path.split('/').map((segment) => (segment.startsWith(':') ? '[^/]+' : escape(segment)));
  return `^${segments.join('/')}$`;
}

function escape(segment: string): string {
  return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const matchers = APP_ROUTES.map((route) => ({ ...route, pattern: new RegExp(routePattern(route.path)) }));

/** The title key of the page at `pathname` ('notFound' for a path the app has no page for). */
export function routeTitle(pathname: string): RouteTitle {
  const path = pathname.replace(/(.)\/+$/, '$1');
  return matchers.find((route) => route.pattern.test(path))?.title ?? 'notFound';
}

/** Whether `pathname` is a page of the app (any of APP_ROUTES). */
export function isAppPage(pathname: string): boolean {
  return routeTitle(pathname) !== 'notFound';
}
