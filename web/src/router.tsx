import { createBrowserRouter } from 'react-router-dom';
import { RequireAuth } from './auth/RequireAuth';
import { AppShell } from './components/AppShell';
import { RouteError } from './components/RouteError';

/**
 * The route table. Each screen is its own chunk (`lazy`), exporting `Component`.
 * Pages needing sign-in go under the RequireAuth layout (/my-collection and /coins join it when built).
 */
export const router = createBrowserRouter([
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    children: [
      {
        // Errors inside a page keep the header and sidebar around the error view.
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: () => import('./routes/home/route') },
          { path: 'auth', lazy: () => import('./routes/auth/route') },
          {
            element: <RequireAuth />,
            children: [{ path: 'dashboard', lazy: () => import('./routes/dashboard/route') }],
          },
          { path: '*', lazy: () => import('./routes/not-found/route') },
        ],
      },
    ],
  },
]);
