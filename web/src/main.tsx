import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppRoot } from './AppRoot';
import { startI18n } from './i18n';
import { markAppLive, setHydrating } from './lib/hydration';
import { yieldToMain } from './lib/yield-to-main';
import { routes } from './router';
import { startSettings } from './settings/apply';
import './shell.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html lacks #root');

// Start-up runs in steps, each its own task: evaluating the modules, creating the router, starting i18n.
await yieldToMain();
// Created first: it starts loading the page's route chunk (and its texts) while the language is chosen.
const router = createBrowserRouter(routes);
await yieldToMain();

/**
 * Applies the built stylesheet. Prerendered pages link it render-blocking; the others (the start screen)
 * only preload it (vite.config.ts), and the app renders once it has loaded, so nothing shows unstyled.
 * In dev, modules inject the CSS.
 */
function applyStylesheet(): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>('link[data-app-stylesheet]');
  if (!link || link.rel === 'stylesheet') return Promise.resolve();
  const sheet = document.createElement('link');
  sheet.rel = 'stylesheet';
  sheet.href = link.href;
  if (link.crossOrigin !== null) sheet.crossOrigin = link.crossOrigin;
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

/** Resolves once the router has loaded the first page's lazy route (needed before hydrating it). */
function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Whether #root holds this page prerendered in this language (web/prerender): the build writes the
 * default language into #root and the others into <template>s; the inline start script already swapped
 * in the one the stored choice or the browser asks for. A language known only from the viewer's country
 * is swapped in here.
 */
function prerenderedFor(root: HTMLElement, language: string): boolean {
  const { prerendered, prerenderedPath } = root.dataset;
  if (!prerendered || prerenderedPath !== window.location.pathname.replace(/(.)\/$/, '$1')) return false;
  if (prerendered === language) return true;
  const template = document.getElementById(`prerender-${language}`);
  if (!(template instanceof HTMLTemplateElement)) return false;
  root.replaceChildren(template.content.cloneNode(true));
  root.dataset.prerendered = language;
  return true;
}

// The page shows the start screen, or the prerendered page, until the language is chosen and loaded and
// the stylesheet has arrived; a prerendered page also waits for its route, which hydration needs (the
// start screen instead gives way at once, so the session check starts while the route loads).
const [language] = await Promise.all([
  startI18n(),
  applyStylesheet(),
  rootElement.dataset.prerendered ? routerReady() : undefined,
]);
// Dark mode, reduced motion and the other /settings choices apply before the first paint.
startSettings();

const app = (
  <AppRoot>
    <RouterProvider router={router} />
  </AppRoot>
);
// As transitions, so React renders in slices and the page stays responsive (Total Blocking Time).
markAppLive();
if (prerenderedFor(rootElement, language)) {
  setHydrating(true);
  startTransition(() => {
    hydrateRoot(rootElement, app);
  });
} else {
  startTransition(() => createRoot(rootElement).render(app));
}
