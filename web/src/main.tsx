import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AuthProvider } from './auth/AuthProvider';
import { DeferredToaster } from './components/DeferredToaster';
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

/** Applies the built stylesheet that index.html preloads (vite.config.ts); in dev, modules inject CSS. */
function applyStylesheet(): Promise<void> {
  const preload = document.querySelector<HTMLLinkElement>('link[data-app-stylesheet]');
  if (!preload) return Promise.resolve();
  const sheet = document.createElement('link');
  sheet.rel = 'stylesheet';
  sheet.href = preload.href;
  if (preload.crossOrigin !== null) sheet.crossOrigin = preload.crossOrigin;
  return new Promise((resolve) => {
    sheet.addEventListener('load', () => resolve(), { once: true });
    sheet.addEventListener(
      'error',
      () => {
        console.error(`Stylesheet ${sheet.href} failed to load`);
        resolve();
      },
      { once: true },
    );
    document.head.append(sheet);
  });
}

// index.html paints the start screen; the app replaces it once the language is chosen and loaded and
// the stylesheet has arrived.
await Promise.all([startI18n(), applyStylesheet()]);
// Dark mode, reduced motion and the other /settings choices apply before the first paint.
startSettings();

createRoot(rootElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
        <SettingsSync />
      </AuthProvider>
      <DeferredToaster />
    </QueryClientProvider>
  </StrictMode>,
);
