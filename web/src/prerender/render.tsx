/**
 * Server side of the build's prerender (web/prerender/plugin.ts loads this module through Vite in Node):
 * renders a page of the real route table, inside the same AppRoot as main.tsx, to HTML in one language.
 * The browser then hydrates that HTML instead of painting a start screen first.
 */
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/i18n/language';
import { AppRoot } from '../AppRoot';
import { initI18n, switchPrerenderLanguage } from '../i18n';
import { setHydrating } from '../lib/hydration';
import { routes } from '../router';

let i18nStarted: Promise<void> | null = null;

/** The #root markup of `path` in `language`, signed out, before any data has loaded. */
export async function renderPage(path: string, language: Language): Promise<string> {
  i18nStarted ??= initI18n(DEFAULT_LANGUAGE);
  await i18nStarted;
  await switchPrerenderLanguage(language);
  // A handler per render: its lazy routes load again, and with them their texts in this language.
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`Prerender of ${path} answered ${context.status}`);
  if (context.errors) throw new Error(`Prerender of ${path} failed: ${JSON.stringify(context.errors)}`);
  await switchPrerenderLanguage(language);
  const router = createStaticRouter(handler.dataRoutes, context);
  // Not-prerendered parts render their placeholders, as while the browser hydrates (lib/hydration.ts).
  setHydrating(true);
  return renderToString(
    <AppRoot>
      {/* No hydration data: the browser router loads the same lazy route itself before hydrating. */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppRoot>,
  );
}
