import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * The web app. `npm start` mounts this config in middleware mode on the same origin as `/api` and
 * `/config.json`; `npm run build:web` writes web/dist. Routes are split by their `lazy` imports.
 */
export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
  },
  server: {
    // `shared/` sits beside `web/`, outside Vite's root.
    fs: { allow: [repoRoot] },
  },
});
