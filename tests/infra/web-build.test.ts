import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The production web build, as `cdk deploy` uploads it (web-site.ts serves these files). */
describe('production web build (vite build)', () => {
  let outDir: string;
  const read = (file: string) => readFileSync(path.join(outDir, file), 'utf8');
  const stylesheets = (html: string) =>
    [...html.matchAll(/<link rel="stylesheet"[^>]* href="([^"]+)"/g)].map((match) => match[1] ?? '');

  beforeAll(async () => {
    outDir = mkdtempSync(path.join(tmpdir(), '5d-web-build-'));
    // As `npm run build:web` runs it: vitest sets NODE_ENV=test, which would pick React's development build.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({
        configFile: path.join(repoRoot, 'web/vite.config.ts'),
        logLevel: 'error',
        build: { outDir, emptyOutDir: true },
      });
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
  });
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('writes the landing page and /marketplace prerendered in every language, and the start screen', () => {
    for (const file of ['index.html', 'marketplace/index.html']) {
      const html = read(file);
      expect(html).toMatch(/<div id="root" data-prerendered="pt-BR"/);
      expect(html).toContain('<template id="prerender-en-US">');
      expect(html).toContain('<template id="prerender-es-ES">');
    }
    expect(read('spa.html')).not.toContain('data-prerendered=');
  });

  it('draws the landing page with the start styles only, and /marketplace with the whole app stylesheet too', () => {
    const landing = stylesheets(read('index.html'));
    const marketplace = stylesheets(read('marketplace/index.html'));
    expect(landing).toHaveLength(1);
    expect(marketplace).toHaveLength(2);
    expect(marketplace[0]).toBe(landing[0]);
    for (const href of marketplace) expect(existsSync(path.join(outDir, href))).toBe(true);
    // The stylesheet /marketplace links is the one its route loads, so it is not fetched twice.
    const appStyles = marketplace[1] ?? '';
    expect(appStyles).toMatch(/^\/assets\/app-styles-[\w-]+\.css$/);
    const loaders = readdirSync(path.join(outDir, 'assets')).filter(
      (file) =>
        file.endsWith('.js') &&
        readFileSync(path.join(outDir, 'assets', file), 'utf8').includes(appStyles.slice(1)),
    );
    expect(loaders.length).toBeGreaterThan(0);
  });

  it('bundles the production builds of React and React Router, not their development builds', () => {
    const sources = readdirSync(path.join(outDir, 'assets'))
      .filter((file) => file.endsWith('.js.map'))
      .flatMap((file) => (JSON.parse(read(`assets/${file}`)) as { sources: string[] }).sources);
    expect(sources.some((source) => source.includes('react-router/dist/production/'))).toBe(true);
    expect(sources.filter((source) => source.includes('react-router/dist/development/'))).toEqual([]);
    expect(sources.filter((source) => /react(-dom)?\/cjs\/.*development/.test(source))).toEqual([]);
  });

  it('ships no essentia.js (AGPL, a benchmark-only devDependency) and no GPL/AGPL package', () => {
    const sources = readdirSync(path.join(outDir, 'assets'))
      .filter((file) => file.endsWith('.js.map'))
      .flatMap((file) => (JSON.parse(read(`assets/${file}`)) as { sources: string[] }).sources);
    const packages = new Set(
      sources.map((source) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)?.[1]).filter(Boolean),
    );
    expect(packages.has('react')).toBe(true);
    const copyleft = [...packages].filter((name) => {
      const pkg = JSON.parse(
        readFileSync(path.join(repoRoot, 'node_modules', name!, 'package.json'), 'utf8'),
      ) as {
        license?: string;
      };
      const licence = pkg.license ?? '';
      return (
        name === 'essentia.js' || (/\bA?GPL/i.test(licence) && !/\bLGPL|MIT|BSD|Apache|ISC/i.test(licence))
      );
    });
    expect(copyleft).toEqual([]);
    const bundles = readdirSync(path.join(outDir, 'assets')).filter((file) => file.endsWith('.js'));
    for (const file of bundles) expect(read(`assets/${file}`), file).not.toMatch(/essentia/i);
  });
});
