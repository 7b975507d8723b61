import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { Toaster } from 'sonner';
import { AuthProvider } from './auth/AuthProvider';
import { startI18n } from './i18n';
import { router } from './router';
import { startSettings } from './settings/apply';
import { SettingsSync } from './settings/SettingsSync';
import './index.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false } },
});

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html lacks #root');

// index.html paints the start screen; the app replaces it once the language is chosen and loaded.
await startI18n();
// Dark mode, reduced motion and the other /settings choices apply before the first paint.
startSettings();

createRoot(rootElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
        <SettingsSync />
      </AuthProvider>
      <Toaster
        position="bottom-right"
        visibleToasts={3}
        duration={4000}
        theme="dark"
        richColors
        closeButton
      />
    </QueryClientProvider>
  </StrictMode>,
);
