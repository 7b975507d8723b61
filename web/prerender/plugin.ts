import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createServer, type Plugin, type ResolvedConfig, type ViteDevServer } from 'vite';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/i18n/language.ts';
import type { renderPage } from '../src/prerender/render.tsx';
import { BODY_SCRIPT, HEAD_SCRIPT } from './boot-script.ts';
import { PRERENDERED_PAGES, SPA_SHELL, START_BUNDLE_ONLY_PAGES } from './pages.ts';

type RenderModule = { renderPage: typeof renderPage };

const RENDER_ENTRY = '/src/prerender/render.tsx';
/** The module whose CSS is the whole app's stylesheet (web/src/app-styles.ts). */
const APP_STYLES_MODULE = /[\\/]src[\\/]app-styles\.ts$/;
const ROOT_PATTERN = /<div id="root">[\s\S]*?<!--\/app-html-->\s*<\/div>/;

/**
 * Renders a page in every language: the default one goes into #root, the others into <template>s the
 * inline start script (boot-script.ts) swaps in before the first paint when the visitor's language is
 * another one. Renders run one at a time: they share i18next's language.
 */
let queue: Promise<unknown> = Promise.resolve();
function renderAll(load: () => Promise<RenderModule>, page: string): Promise<Map<Language, string>> {
  const run = queue.then(async () => {
    const { renderPage } = await load();
    const html = new Map<Language, string>();
    for (const language of [DEFAULT_LANGUAGE, ...LANGUAGES.filter((lang) => lang !== DEFAULT_LANGUAGE)]) {
      html.set(language, await renderPage(page, language));
    }
    return html;
  });
  queue = run.catch(() => undefined);
  return run;
}

/** The page's HTML: the start screen document with the prerendered page in place of the start screen. */
function withPage(document: string, page: string, renders: Map<Language, string>): string {
  const templates = [...renders]
    .filter(([language]) => language !== DEFAULT_LANGUAGE)
    .map(([language, html]) => `<template id="prerender-${language}">${html}</template>`)
    .join('\n    ');
  const root =
    `<div id="root" data-prerendered="${DEFAULT_LANGUAGE}" data-prerendered-path="${page}">` +
    `${renders.get(DEFAULT_LANGUAGE) ?? ''}</div>\n    ${templates}`;
  if (!ROOT_PATTERN.test(document))
    throw new Error('web/index.html: #root lacks the <!--app-html--> markers');
  return (
    document
      .replace(ROOT_PATTERN, () => root)
      // The page is drawn by this HTML, so its stylesheet blocks the first paint (no unstyled flash).
      .replace(
        /<link rel="preload" as="style"( crossorigin)? href="([^"]+\.css)" data-app-stylesheet>/,
        '<link rel="stylesheet"$1 href="$2" data-app-stylesheet>',
      )
  );
}

/** Links the whole app's stylesheet after the start bundle's, both before the first paint. */
function withAppStylesheet(html: string, href: string): string {
  const shellStylesheet = /<link rel="stylesheet"( crossorigin)? href="[^"]+\.css" data-app-stylesheet>/;
  const found = shellStylesheet.exec(html);
  if (!found) throw new Error('built page lacks its data-app-stylesheet link');
  return html.replace(
    shellStylesheet,
    (link) => `${link}\n    <link rel="stylesheet"${found[1] ?? ''} href="${href}">`,
  );
}

/** The inline start scripts: one first in <head>, one right after #root (and a page's templates). */
function withBootScript(html: string): string {
  if (!html.includes('<meta charset="UTF-8" />')) throw new Error('web/index.html lacks <meta charset>');
  return html
    .replace(
      '<meta charset="UTF-8" />',
      () => `<meta charset="UTF-8" />\n    <script>${HEAD_SCRIPT}</script>`,
    )
    .replace('</body>', () => `  <script>${BODY_SCRIPT}</script>\n  </body>`);
}

/**
 * Built pages: the stylesheet is the one request before the first paint; the entry module and the
 * modules it imports are listed as inert `<link data-app-module>`s, which the start script turns into
 * modulepreloads and runs once the page is painted (HTML and CSS draw it; the scripts hydrate it).
 */
function withDeferredEntry(html: string): string {
  const entry = /<script type="module"( crossorigin)? src="([^"]+)"><\/script>/;
  const found = entry.exec(html);
  if (!found) throw new Error('built index.html lacks its entry module script');
  const stylesheet = /\n\s*<link rel="(?:preload" as="style|stylesheet)"[^>]*data-app-stylesheet>/;
  const styleLink = stylesheet.exec(html)?.[0].trim() ?? '';
  return html
    .replace(stylesheet, '')
    .replace(
      entry,
      () => `${styleLink}\n    <link data-app-module data-app-entry${found[1] ?? ''} href="${found[2]}">`,
    )
    .replace(
      /<link rel="modulepreload"( crossorigin)? href="([^"]+)">/g,
      '<link data-app-module$1 href="$2">',
    );
}

/**
 * Prerendering (issue 9, web budget): `/` and `/marketplace` (signed out, its catalogue still loading) are
 * rendered with react-dom/server from the real components at build time, so their first paint is HTML and
 * the app hydrates it instead of drawing a start screen. Their first paint is styled by shell.css alone,
 * which therefore lists (@source) every component these pages draw before their route's styles arrive. `vite build` writes each page as its own file
 * (pages.ts) beside `spa.html`, the start screen for every other route; `npm start` (Vite in middleware
 * mode) renders the same on request, so e2e runs hydrate what production hydrates.
 */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  let devServer: ViteDevServer | undefined;
  /** The built URL of the whole app's stylesheet (the CSS of app-styles.ts's chunk). */
  let appStylesheet: string | undefined;
  return {
    name: '5d-prerender',
    configResolved(resolved) {
      config = resolved;
    },
    configureServer(server) {
      devServer = server;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        const page = (context.originalUrl ?? context.path).split(/[?#]/)[0]?.replace(/(.)\/+$/, '$1') ?? '/';
        if (!context.server) return withBootScript(withDeferredEntry(html));
        if (!devServer || !(page in PRERENDERED_PAGES)) return withBootScript(html);
        const server = devServer;
        let renders: Map<Language, string>;
        try {
          renders = await renderAll(() => server.ssrLoadModule(RENDER_ENTRY) as Promise<RenderModule>, page);
        } catch (error) {
          // A page that cannot render on the server still works in the browser: serve the start screen.
          server.config.logger.error(
            `prerender of ${page} failed: ${(error as Error).stack ?? String(error)}`,
          );
          return withBootScript(html);
        }
        // In dev the CSS arrives with the modules; linked here too, so the prerendered page is styled.
        const styled = html.replace(
          '</head>',
          '  <link rel="stylesheet" href="/src/shell.css?direct">\n  </head>',
        );
        return withBootScript(withPage(styled, page, renders));
      },
    },
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        // A CSS-only module's chunk has no facade: it is found by the modules it holds.
        if (output.type !== 'chunk' || !output.moduleIds.some((id) => APP_STYLES_MODULE.test(id))) continue;
        const [css] = output.viteMetadata?.importedCss ?? [];
        if (css) appStylesheet = `${config.base}${css}`;
      }
    },
    async closeBundle() {
      if (config.command !== 'build' || config.build.ssr) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      const shell = await readFile(path.join(outDir, 'index.html'), 'utf8');
      await writeFile(path.join(outDir, SPA_SHELL), shell);
      // A second Vite, in SSR mode over the same sources, renders the pages with the app's components.
      const ssr = await createServer({
        configFile: config.configFile,
        root: config.root,
        mode: config.mode,
        logLevel: 'warn',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
        // Its own cache: a build must never touch the optimized deps of an `npm start` running beside it.
        cacheDir: `${config.cacheDir}-prerender`,
      });
      try {
        for (const [page, file] of Object.entries(PRERENDERED_PAGES)) {
          const renders = await renderAll(
            () => ssr.ssrLoadModule(RENDER_ENTRY) as Promise<RenderModule>,
            page,
          );
          const target = path.join(outDir, file);
          await mkdir(path.dirname(target), { recursive: true });
          const html = withPage(shell, page, renders);
          if (START_BUNDLE_ONLY_PAGES.has(page)) await writeFile(target, html);
          else if (!appStylesheet) throw new Error('the build has no stylesheet for src/app-styles.ts');
          else await writeFile(target, withAppStylesheet(html, appStylesheet));
        }
      } finally {
        await ssr.close();
      }
    },
  };
}
