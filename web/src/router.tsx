import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RequireAuth } from './auth/RequireAuth';
import { AppShell } from './components/AppShell';
import { PageLoading } from './components/PageLoading';
import { RouteError } from './components/RouteError';
import { withTexts } from './i18n/feature-texts';
import { yieldToMain } from './lib/yield-to-main';

/**
 * A route's `handle`. `startBundleOnly`: the page is drawn with what the start bundle has (shell.css, no
 * TanStack Query), so its lazy route loads neither; only the landing page, which `/` must keep light.
 */
export interface RouteHandle {
  startBundleOnly?: boolean;
}

/**
 * Wraps each lazy page in the app's QueryClientProvider and loads the whole app's stylesheet with it
 * (app-styles.ts): TanStack Query and index.css stay off the start bundle, and the landing page
 * (`handle.startBundleOnly`) never downloads them.
 */
function withPageDependencies(routes: RouteObject[]): RouteObject[] {
  return routes.map((route): RouteObject => {
    const children = route.children && withPageDependencies(route.children);
    const load = route.lazy;
    const withChildren: RouteObject = children ? { ...route, children } : route;
    // What the router draws while a first page's lazy route is still loading (instead of nothing).
    const wrapped: RouteObject =
      typeof load === 'function' && !route.HydrateFallback
        ? ({ ...withChildren, HydrateFallback: PageLoading } as RouteObject)
        : withChildren;
    if (typeof load !== 'function' || (route.handle as RouteHandle | undefined)?.startBundleOnly) {
      return wrapped;
    }
    return {
      ...wrapped,
      lazy: async () => {
        // The router asks for the first page while it is being created: loading it (the page, its texts,
        // TanStack Query and the stylesheet) starts in the next task, so that one long task does not do both.
        await yieldToMain();
        const [module, { QueryProvider }] = await Promise.all([
          load(),
          import('./api/QueryProvider'),
          import('./app-styles'),
        ]);
        const Page = (module as { Component?: ComponentType | null }).Component;
        if (!Page) return module;
        return {
          ...module,
          Component: function PageWithQueries() {
            return (
              <QueryProvider>
                <Page />
              </QueryProvider>
            );
          },
        };
      },
    } as RouteObject;
  });
}

/**
 * The route table, shared by the browser router (main.tsx) and the build's prerender (web/prerender).
 * Each screen is its own chunk (`lazy`), exporting `Component`; pages needing sign-in go under the
 * RequireAuth layout.
 */
export const routes: RouteObject[] = withPageDependencies([
  // The studio's one-page site has its own sticky navigation, so it stands outside the app shell.
  {
    path: 'shifter-studio',
    errorElement: <RouteError />,
    lazy: () => import('./routes/shifter-studio/route'),
  },
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    children: [
      {
        // Errors inside a page keep the header and sidebar around the error view.
        errorElement: <RouteError />,
        children: [
          {
            index: true,
            handle: { startBundleOnly: true } satisfies RouteHandle,
            lazy: withTexts(['landing', 'pricing'], () => import('./routes/home/route')),
          },
          { path: 'auth', lazy: () => import('./routes/auth/route') },
          {
            path: 'marketplace',
            // The acapella match panel (licensing texts) is part of the page's first paint.
            lazy: withTexts(['marketplace', 'licensing'], () => import('./routes/marketplace/route')),
          },
          {
            // One beat, its tiers and terms (issue 8); part of the marketplace feature.
            path: 'beat/:id',
            lazy: withTexts(['marketplace', 'licensing'], () => import('./routes/marketplace/beat-page')),
          },
          // Public site pages (issue 9)
          {
            path: 'competitions',
            lazy: withTexts(['competitions'], () => import('./routes/competitions/route')),
          },
          {
            path: 'competitions/contract',
            lazy: withTexts(['competitions'], () => import('./routes/competitions-contract/route')),
          },
          {
            // Choosing the track to enter (issue 18); signed out, the page sends the visitor to sign in.
            path: 'competitions/enter',
            lazy: withTexts(['competitions'], () => import('./routes/competitions-enter/route')),
          },
          { path: 'community', lazy: withTexts(['community'], () => import('./routes/community/route')) },
          { path: 'settings', lazy: withTexts(['settings'], () => import('./routes/settings/route')) },
          { path: 'creator/:name', lazy: withTexts(['creator'], () => import('./routes/creator/route')) },
          {
            path: 'become-creator',
            lazy: withTexts(['becomeCreator'], () => import('./routes/become-creator/route')),
          },
          // Outside RequireAuth: signed out, /coins says 'Faça login para acessar suas 5D Coins' (spec §2).
          {
            path: 'coins',
            lazy: withTexts(['coins', 'pricing', 'ledger'], () => import('./routes/coins/route')),
          },
          {
            path: 'generate',
            lazy: withTexts(['generate', 'splitter'], () => import('./routes/generate/route')),
          },
          { path: 'history', lazy: withTexts(['history'], () => import('./routes/history/route')) },
          // Signed-in only, but it explains itself with a toast before going to /auth (so not RequireAuth).
          {
            path: 'ai-studio/stem-splitter',
            lazy: withTexts(['splitter'], () => import('./routes/stem-splitter/route')),
          },
          {
            path: 'ai-studio',
            lazy: withTexts(['aiStudio', 'daw'], () => import('./routes/ai-studio/route')),
          },
          {
            path: 'neural-engine',
            lazy: withTexts(['aiStudio', 'daw'], () => import('./routes/neural-engine/route')),
          },
          {
            element: <RequireAuth />,
            children: [
              {
                path: 'dashboard',
                lazy: withTexts(
                  ['dashboardHub', 'marketplace', 'pricing', 'hiring'],
                  () => import('./routes/dashboard/route'),
                ),
              },
              {
                path: 'my-collection',
                lazy: withTexts(['collection', 'licensing'], () => import('./routes/my-collection/route')),
              },
            ],
          },
          { path: 'plans', lazy: () => import('./routes/plans/route') },
          { path: 'courses', lazy: () => import('./routes/courses/route') },
          { path: 'courses/syllabus', lazy: () => import('./routes/courses-syllabus/route') },
          { path: 'privacy', lazy: () => import('./routes/privacy/route') },
          { path: 'terms', lazy: () => import('./routes/terms/route') },
          { path: 'thank-you', lazy: () => import('./routes/thank-you/route') },
          { path: '*', lazy: () => import('./routes/not-found/route') },
        ],
      },
    ],
  },
]);
