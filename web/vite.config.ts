import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// Explicit extensions in the config's own imports: Vite's config loader warns on extensionless ones.
import { prerender } from './prerender/plugin.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * React Router 7 ships a production build but its package exports name only the development one (with
 * its dev-only checks and warnings; remix-run/react-router#14102), so production builds pick the
 * production files by path.
 */
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));

/**
 * The built stylesheet is fetched at once (preload) but does not block the start screen's first paint;
 * main.tsx applies it and renders the app only once it has loaded, so nothing shows unstyled.
 */
function nonBlockingStylesheet(): Plugin {
  return {
    name: '5d-non-blocking-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<link rel="stylesheet"( crossorigin)? href="([^"]+\.css)">/g,
          '<link rel="preload" as="style"$1 href="$2" data-app-stylesheet>',
        ),
    },
  };
}

/**
 * The web app. `npm start` mounts this config in middleware mode on the same origin as `/api` and
 * `/config.json`; `npm run build:web` writes web/dist. Routes are split by their `lazy` imports.
 */
export default defineConfig(({ command }) => ({
  root: webRoot,
  plugins: [react(), tailwindcss(), nonBlockingStylesheet(), prerender()],
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ]
        : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Tailwind 4's own browser floor (Safari 16.4, Chrome 111, Firefox 128): no colour fallbacks twice.
    cssTarget: ['chrome111', 'edge111', 'safari16.4', 'firefox128'],
    sourcemap: true,
    modulePreload: {
      // A lazy chunk's scripts are fetched by the browser's module loader as it meets their imports,
      // not preloaded by Vite's helper, which appends one <link> per dependency in a single task (17–40 ms
      // when a first page loads: Total Blocking Time). Its stylesheets still load through the helper.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'js' ? deps.filter((dep) => dep.endsWith('.css')) : deps,
    },
  },
  server: {
    // `shared/` sits beside `web/`, outside Vite's root.
    fs: { allow: [repoRoot] },
  },
}));
