/**
 * Web budget: builds the production web app (vite build into a temporary folder), serves it on loopback
 * with SPA fallback and small stubs for /config.json and /api/*, then for `/` and `/marketplace`:
 *  - the gzip size of the JS + CSS the page actually loads (responses of type script/stylesheet seen by
 *    Chromium, each body gzipped here with zlib level 9) against the 150 KB target;
 *  - a Lighthouse performance score (Lighthouse's default mobile profile, simulated throttling) using
 *    Debian's Chromium, against the ≥ 95 target.
 * Prints figures and ratios only; nothing is asserted. Run: npx tsx tests/bench/web-budget.ts
 */
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGzip, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import type * as ChromeLauncher from 'chrome-launcher';
import type * as LighthouseModule from 'lighthouse';
import { htmlFileFor } from '../../web/prerender/pages';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PAGES = ['/', '/marketplace'] as const;
/** The size target is the landing page's (issue 9); other pages print their size beside it. */
const BUDGET_KB = 150;
const BUDGET_PAGE = '/';
const LIGHTHOUSE_TARGET = 95;
/** Lighthouse runs per page: the score moves with the machine's load, so each run and the median print. */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

async function buildApp(outDir: string): Promise<void> {
  await build({
    configFile: path.join(repoRoot, 'web/vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
}

/** What the deployed app gets beside the static files: runtime config and the API (empty answers here). */
function stubApi(url: URL, res: http.ServerResponse): void {
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  if (url.pathname === '/config.json') {
    send(200, {
      apiBase: '/api',
      region: 'us-east-1',
      userPoolId: 'us-east-1_bench',
      userPoolClientId: 'benchclient',
      authFlowType: 'USER_SRP_AUTH',
      stage: 'cloud',
    });
  } else if (url.pathname === '/api/geo') {
    send(200, { country: 'BR' });
  } else {
    // Public lists answer empty, as a fresh deployment would.
    send(200, { items: [], cursor: null, next_cursor: null, total: 0 });
  }
}

function serve(root: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/config.json' || url.pathname.startsWith('/api/')) return stubApi(url, res);
    const file = path.join(
      root,
      path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ''),
    );
    // App routes get their prerendered page or the start screen, as CloudFront's rewrite serves them.
    const target =
      file.startsWith(root) && existsSync(file) && statSync(file).isFile()
        ? file
        : path.join(root, htmlFileFor(url.pathname));
    const hashed = target.includes(`${path.sep}assets${path.sep}`);
    const type = TYPES[path.extname(target)] ?? 'application/octet-stream';
    // CloudFront compresses text responses (web-site.ts, `compress: true`); so does this server, so
    // Lighthouse's simulated network sees the bytes a visitor downloads.
    const compress =
      /^(text\/|application\/json|image\/svg)/.test(type) &&
      /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    res.writeHead(200, {
      'content-type': type,
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
      ...(compress ? { 'content-encoding': 'gzip' } : {}),
    });
    if (compress) createReadStream(target).pipe(createGzip()).pipe(res);
    else createReadStream(target).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    }),
  );
}

interface Loaded {
  files: { name: string; type: string; raw: number; gzip: number }[];
}

async function measureLoadedAssets(base: string): Promise<Map<string, Loaded>> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const results = new Map<string, Loaded>();
  try {
    for (const page of PAGES) {
      // A fresh context per page: nothing cached, no stored language (pt-BR from the browser locale).
      const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1280, height: 800 } });
      const tab = await context.newPage();
      const pending: Promise<Loaded['files'][number] | null>[] = [];
      tab.on('response', (response) => {
        const type = response.request().resourceType();
        if (type !== 'script' && type !== 'stylesheet' && type !== 'document') return;
        pending.push(
          response.body().then(
            (body) => ({
              name: new URL(response.url()).pathname,
              type,
              raw: body.length,
              gzip: gzipSync(body, { level: 9 }).length,
            }),
            () => null,
          ),
        );
      });
      await tab.goto(base + page, { waitUntil: 'networkidle' });
      await tab.waitForTimeout(500);
      const files = (await Promise.all(pending)).filter((file): file is Loaded['files'][number] => !!file);
      results.set(page, { files });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

interface LighthouseFigures {
  score: number | null;
  metrics: Record<string, string>;
  /** What Lighthouse points at: the LCP element, long tasks, unused and render-blocking bytes. */
  diagnostics: string[];
}

type LhrAudit = { displayValue?: string; score?: number | null; details?: unknown };

/** The few Lighthouse findings that explain a score, one line each. */
function diagnose(audits: Record<string, LhrAudit | undefined>): string[] {
  const lines: string[] = [];
  const items = (id: string): Record<string, unknown>[] => {
    const details = audits[id]?.details as { items?: unknown[] } | undefined;
    return (details?.items ?? []) as Record<string, unknown>[];
  };
  const lcpElement = items('largest-contentful-paint-element')[0] as
    { items?: { node?: { snippet?: string } }[] } | undefined;
  const snippet = lcpElement?.items?.[0]?.node?.snippet;
  if (snippet) lines.push(`LCP element: ${snippet.slice(0, 120)}`);
  const phases = items('largest-contentful-paint-element')[1] as
    { items?: { phase?: string; timing?: number }[] } | undefined;
  if (phases?.items?.length) {
    lines.push(
      'LCP phases: ' +
        phases.items.map((phase) => `${phase.phase} ${Math.round(phase.timing ?? 0)} ms`).join(', '),
    );
  }
  const shifts = items('layout-shifts')
    .slice(0, 3)
    .map((item) => {
      const node = item.node as { snippet?: string } | undefined;
      return `${Number(item.score).toFixed(3)} ${(node?.snippet ?? '?').slice(0, 80)}`;
    });
  if (shifts.length) lines.push(`layout shifts: ${shifts.join(' | ')}`);
  for (const id of [
    'render-blocking-resources',
    'unused-javascript',
    'unused-css-rules',
    'bootup-time',
    'mainthread-work-breakdown',
    'critical-request-chains',
    'long-tasks',
  ]) {
    const audit = audits[id];
    if (audit?.displayValue) lines.push(`${id}: ${audit.displayValue}`);
  }
  const unused = items('unused-javascript')
    .slice(0, 3)
    .map((item) => `${new URL(String(item.url)).pathname} ${kb(Number(item.wastedBytes))} KB`);
  if (unused.length) lines.push(`  most unused JS: ${unused.join(', ')}`);
  const bootup = items('bootup-time')
    .slice(0, 3)
    .map(
      (item) => `${String(item.url).replace(/^https?:\/\/[^/]+/, '')} ${Math.round(Number(item.total))} ms`,
    );
  if (bootup.length) lines.push(`  most script time: ${bootup.join(', ')}`);
  return lines;
}

async function runLighthouse(base: string): Promise<Map<string, LighthouseFigures[]> | string> {
  let lighthouse: typeof LighthouseModule.default;
  let launcher: typeof ChromeLauncher;
  try {
    // Loaded here so the size figures still print when Lighthouse is missing.
    lighthouse = (await import('lighthouse')).default;
    launcher = await import('chrome-launcher');
  } catch (error) {
    return `Lighthouse is not installed (${(error as Error).message})`;
  }
  const chrome = await launcher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
    ],
  });
  const results = new Map<string, LighthouseFigures[]>(PAGES.map((page) => [page, []]));
  try {
    for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1)
      for (const page of PAGES) {
        const result = await lighthouse(base + page, {
          port: chrome.port,
          onlyCategories: ['performance'],
          output: 'json',
          logLevel: 'error',
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`no Lighthouse result for ${page}`);
        // BENCH_LHR_DIR=dir keeps each full report (JSON) for a closer look.
        if (process.env.BENCH_LHR_DIR) {
          writeFileSync(
            path.join(process.env.BENCH_LHR_DIR, `lhr${page.replace(/\//g, '_')}-${run + 1}.json`),
            JSON.stringify(lhr),
          );
        }
        const audit = (id: string) => lhr.audits[id]?.displayValue ?? 'n/a';
        results.get(page)?.push({
          score: lhr.categories.performance?.score ?? null,
          metrics: {
            FCP: audit('first-contentful-paint'),
            LCP: audit('largest-contentful-paint'),
            TBT: audit('total-blocking-time'),
            CLS: audit('cumulative-layout-shift'),
            SI: audit('speed-index'),
          },
          diagnostics: diagnose(lhr.audits),
        });
      }
  } catch (error) {
    return `Lighthouse could not run here: ${(error as Error).message}`;
  } finally {
    chrome.kill();
  }
  return results;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function main(): Promise<void> {
  const outDir = mkdtempSync(path.join(tmpdir(), '5d-web-budget-'));
  try {
    const started = Date.now();
    await buildApp(outDir);
    console.log(`production build: ${((Date.now() - started) / 1000).toFixed(1)} s → ${outDir}`);
    const server = await serve(outDir);
    try {
      const assets = await measureLoadedAssets(server.url);
      console.log(`\nJS + CSS loaded per page (gzip level 9), target ≤ ${BUDGET_KB} KB for ${BUDGET_PAGE}`);
      for (const [page, loaded] of assets) {
        // The HTML itself (prerendered pages carry their markup) is shown beside, not in, the JS+CSS sum.
        const html = loaded.files.filter((file) => file.type === 'document');
        const files = loaded.files.filter((file) => file.type !== 'document');
        const js = files.filter((file) => file.type === 'script');
        const css = files.filter((file) => file.type === 'stylesheet');
        const sum = (list: typeof files, key: 'raw' | 'gzip') =>
          list.reduce((total, file) => total + file[key], 0);
        const total = sum(files, 'gzip');
        console.log(
          `  ${page.padEnd(13)} ${kb(total).padStart(6)} KB gzip (JS ${kb(sum(js, 'gzip'))} KB in ${js.length} files, ` +
            `CSS ${kb(sum(css, 'gzip'))} KB in ${css.length}; raw ${kb(sum(files, 'raw'))} KB) → ` +
            (page === BUDGET_PAGE
              ? `${((total / (BUDGET_KB * 1024)) * 100).toFixed(1)}% of budget ${total <= BUDGET_KB * 1024 ? '(within)' : '(OVER)'}`
              : `${((total / (BUDGET_KB * 1024)) * 100).toFixed(1)}% of the landing page's budget (no size target)`),
        );
        console.log(
          `      HTML ${html.map((file) => `${file.name} ${kb(file.gzip)} KB gzip (raw ${kb(file.raw)} KB)`).join(', ')}`,
        );
        const shown = process.env.BENCH_ALL_FILES ? files.length : 6;
        for (const file of [...files].sort((a, b) => b.gzip - a.gzip).slice(0, shown)) {
          console.log(`      ${kb(file.gzip).padStart(6)} KB  ${file.name}`);
        }
      }

      console.log(
        `\nLighthouse performance (default mobile profile, simulated throttling), target ≥ ${LIGHTHOUSE_TARGET}`,
      );
      const lighthouse = await runLighthouse(server.url);
      if (typeof lighthouse === 'string') {
        console.log(`  ${lighthouse}`);
      } else {
        for (const [page, runs] of lighthouse) {
          runs.forEach(({ score, metrics, diagnostics }, index) => {
            const points = score === null ? null : Math.round(score * 100);
            console.log(
              `  ${page.padEnd(13)} run ${index + 1}: score ${points ?? 'n/a'}` +
                (points === null ? '' : ` → ${((points / LIGHTHOUSE_TARGET) * 100).toFixed(1)}% of target`) +
                `  (${Object.entries(metrics)
                  .map(([name, value]) => `${name} ${value}`)
                  .join(', ')})`,
            );
            for (const line of diagnostics) console.log(`      ${line}`);
          });
          const scores = runs
            .map((run) => run.score)
            .filter((score): score is number => score !== null)
            .sort((a, b) => a - b);
          const median = scores[Math.floor((scores.length - 1) / 2)];
          if (median !== undefined) {
            console.log(
              `  ${page.padEnd(13)} median of ${scores.length}: ${Math.round(median * 100)} ` +
                `(runs ${scores.map((score) => Math.round(score * 100)).join(', ')})`,
            );
          }
        }
      }
    } finally {
      await server.close();
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

await main();
