import { createBrowserRouter } from 'react-router-dom';
import { RequireAuth } from './auth/RequireAuth';
import { AppShell } from './components/AppShell';
import { RouteError } from './components/RouteError';
import { withTexts } from './i18n/feature-texts';

/**
 * The route table. Each screen is its own chunk (`lazy`), exporting `Component`.
 * Pages needing sign-in go under the RequireAuth layout (/my-collection and /coins join it when built).
 */
export const router = createBrowserRouter([
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
          { index: true, lazy: withTexts(['landing', 'pricing'], () => import('./routes/home/route')) },
          { path: 'auth', lazy: () => import('./routes/auth/route') },
          {
            path: 'marketplace',
            lazy: withTexts(['marketplace'], () => import('./routes/marketplace/route')),
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
          { path: 'community', lazy: withTexts(['community'], () => import('./routes/community/route')) },
          { path: 'settings', lazy: withTexts(['settings'], () => import('./routes/settings/route')) },
          { path: 'creator/:name', lazy: withTexts(['creator'], () => import('./routes/creator/route')) },
          {
            path: 'become-creator',
            lazy: withTexts(['becomeCreator'], () => import('./routes/become-creator/route')),
          },
          // Outside RequireAuth: signed out, /coins says 'Faça login para acessar suas 5D Coins' (spec §2).
          { path: 'coins', lazy: withTexts(['coins', 'pricing'], () => import('./routes/coins/route')) },
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
                  ['dashboardHub', 'marketplace', 'pricing'],
                  () => import('./routes/dashboard/route'),
                ),
              },
              {
                path: 'my-collection',
                lazy: withTexts(['collection'], () => import('./routes/my-collection/route')),
              },
            ],
          },
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
