/**
 * Catalogue benchmark (issue 16): how the marketplace's first visit and its searches grow with the size of
 * the catalogue. Starts `npm start` on a fresh data dir and a free port block, grows the catalogue with the
 * documented command (`npm run seed:catalogue -- --beats N`, through the repository and the stream
 * indexer) to each size, and prints per size:
 * - Chromium, cold visit of /marketplace: API requests and API bytes (raw, gzip) until the first beat card,
 *   and the time to the first card (from navigation, and from the first catalogue request);
 * - the API alone: server time per page (p50, p95, from the `Server-Timing` the search answers with) and
 *   DynamoDB items read per page, for a text query (a word in about 1 of 1,000 titles), a filter (a genre
 *   and a BPM range), a sort (cheapest first), and the default first page.
 * The ratio rows compare each size with the smallest one in the same run.
 *
 * Run: `nice -n 10 npx tsx tests/bench/catalogue.ts [--sizes=1000,10000,100000] [--rounds=20]`
 * (100k takes long on a loaded machine: pass smaller sizes and say which ran).
 */
import { spawn } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { seedCatalogue } from '../../infra/local/seed-data/catalogue';
import { textWords } from '../../shared/marketplace/search-text';
import { launchChromium } from '../e2e/helpers/browser';
import { startPlatform } from '../e2e/helpers/platform';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const SIZES = arg('sizes', '1000,10000,100000')
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0)
  .sort((a, b) => a - b);
const ROUNDS = Number(arg('rounds', '20'));
const SEED = 16;

const platform = await startPlatform();
const browser = await launchChromium();
const port = new URL(platform.url).port;
const titleWords = new Map<string, number>();
let seeded = 0;

/** Adds beats with the documented command (deterministic mix per step), remembering their title words. */
async function growTo(size: number): Promise<number> {
  const beats = size - seeded;
  const seed = SEED + seeded;
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      'npm',
      ['run', '--silent', 'seed:catalogue', '--', '--beats', String(beats), '--seed', String(seed)],
      { env: { ...process.env, PORT: port }, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seeder exited ${code}`))));
  });
  for (const beat of seedCatalogue({ beats, runTag: 'bench', seed }).beats)
    for (const word of new Set(textWords(beat.title))) titleWords.set(word, (titleWords.get(word) ?? 0) + 1);
  seeded = size;
  return (performance.now() - started) / 1000;
}

/** A title word in about 1 of 1,000 titles (at least one). */
function rareWord(): string {
  const target = Math.max(1, seeded / 1000);
  let best: [string, number] = ['', Infinity];
  for (const [word, count] of titleWords) {
    if (word.length < 4) continue;
    const distance = Math.abs(Math.log(count / target));
    if (distance < best[1]) best = [word, distance];
  }
  return best[0];
}

interface Visit {
  requests: number;
  raw: number;
  gzip: number;
  fromNavigation: number;
  fromFirstCall: number;
}

/** A cold visit (new context: no cache) of the marketplace until the first beat card shows. */
async function visit(): Promise<Visit> {
  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1280, height: 900 } });
  const page: Page = await context.newPage();
  const bodies: Promise<Buffer | null>[] = [];
  let firstCall: number | undefined;
  let shown = false;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/projects')) firstCall ??= performance.now();
  });
  page.on('response', (response) => {
    if (shown || !new URL(response.url()).pathname.startsWith('/api/')) return;
    bodies.push(response.body().catch(() => null));
  });
  const started = performance.now();
  await page.goto(`${platform.url}/marketplace`, { waitUntil: 'commit' });
  await page.waitForSelector('[data-testid="beat-card"]', { timeout: 120_000 });
  const at = performance.now();
  shown = true;
  const received = (await Promise.all(bodies)).filter((body): body is Buffer => body !== null);
  await context.close();
  return {
    requests: received.length,
    raw: received.reduce((sum, body) => sum + body.length, 0),
    gzip: received.reduce((sum, body) => sum + gzipSync(body).length, 0),
    fromNavigation: at - started,
    fromFirstCall: at - (firstCall ?? started),
  };
}

interface PageTiming {
  serverMs: number;
  /** The planner's choice, as the search names it in its Server-Timing (e.g. `walk:genre:1+range`). */
  plan: string;
  reads: number;
  queries: number;
  bytes: number;
}

async function apiPage(query: string): Promise<PageTiming> {
  const answer = await fetch(`${platform.url}/api/projects?${query}`);
  const body = await answer.arrayBuffer();
  if (!answer.ok) throw new Error(`${query}: ${answer.status} ${Buffer.from(body).toString()}`);
  const timing = answer.headers.get('server-timing') ?? '';
  const field = (pattern: RegExp) => Number(pattern.exec(timing)?.[1] ?? NaN);
  return {
    serverMs: field(/search;dur=([\d.]+)/),
    plan: /search;dur=[\d.]+;desc="([^"]*)"/.exec(timing)?.[1] ?? '?',
    reads: field(/reads;desc="(\d+)"/),
    queries: field(/queries;desc="(\d+)"/),
    bytes: body.byteLength,
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const median = (values: number[]) => percentile(values, 50);

interface SizeResult {
  size: number;
  seedSeconds: number;
  visit: Visit;
  pages: Record<
    string,
    { plan: string; p50: number; p95: number; reads: number; queries: number; bytes: number }
  >;
}

const results: SizeResult[] = [];
try {
  for (const size of SIZES) {
    const seedSeconds = await growTo(size);
    await visit(); // warms the dev server's module compilation; not measured
    const visits: Visit[] = [];
    for (let i = 0; i < 3; i += 1) visits.push(await visit());
    const pick = (key: keyof Visit) => median(visits.map((v) => v[key]));
    const word = rareWord();
    const queries: Record<string, string> = {
      'first page': '',
      [`text "${word}" (~${titleWords.get(word)} titles)`]: `q=${encodeURIComponent(word)}`,
      'filter Trap 130-150 BPM': 'genre=Trap&bpm_min=130&bpm_max=150',
      'sort cheapest': 'sort=price_asc',
    };
    const pages: SizeResult['pages'] = {};
    for (const [name, query] of Object.entries(queries)) {
      const runs: PageTiming[] = [];
      for (let i = 0; i < ROUNDS; i += 1) runs.push(await apiPage(query));
      const times = runs.map((run) => run.serverMs);
      pages[name] = {
        plan: [...new Set(runs.map((run) => run.plan))].join(' / '),
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        reads: median(runs.map((run) => run.reads)),
        queries: median(runs.map((run) => run.queries)),
        bytes: median(runs.map((run) => run.bytes)),
      };
    }
    const result: SizeResult = {
      size,
      seedSeconds,
      visit: {
        requests: pick('requests'),
        raw: pick('raw'),
        gzip: pick('gzip'),
        fromNavigation: pick('fromNavigation'),
        fromFirstCall: pick('fromFirstCall'),
      },
      pages,
    };
    results.push(result);
    print(result);
  }
  summary();
} finally {
  await browser.close();
  await platform.stop();
}

function print(result: SizeResult): void {
  const { visit: v } = result;
  console.log(
    `\n== ${result.size.toLocaleString('en-US')} beats (seeded +${result.seedSeconds.toFixed(1)} s) ==\n` +
      `first visit in Chromium (median of 3 cold visits): ${v.requests} API requests until the first card, ` +
      `${(v.raw / 1024).toFixed(1)} KB raw / ${(v.gzip / 1024).toFixed(1)} KB gzip API JSON; ` +
      `first card ${v.fromNavigation.toFixed(0)} ms from navigation, ${v.fromFirstCall.toFixed(0)} ms from the first catalogue call`,
  );
  console.log('| page | plan | server p50 ms | server p95 ms | items read | queries | bytes |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const [name, page] of Object.entries(result.pages))
    console.log(
      `| ${name} | ${page.plan} | ${page.p50.toFixed(1)} | ${page.p95.toFixed(1)} | ${page.reads} | ${page.queries} | ${page.bytes} |`,
    );
}

function summary(): void {
  const base = results[0];
  if (!base || results.length < 2) return;
  console.log(`\nRatios against ${base.size.toLocaleString('en-US')} beats (same run):`);
  console.log('| beats | first card (from first call) | API bytes | text p95 | filter p95 | sort p95 |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  const p95 = (r: SizeResult, prefix: string) =>
    Object.entries(r.pages).find(([name]) => name.startsWith(prefix))![1].p95;
  for (const r of results)
    console.log(
      `| ${r.size} | ${(r.visit.fromFirstCall / base.visit.fromFirstCall).toFixed(2)}× | ` +
        `${(r.visit.raw / base.visit.raw).toFixed(2)}× | ${(p95(r, 'text') / p95(base, 'text')).toFixed(2)}× | ` +
        `${(p95(r, 'filter') / p95(base, 'filter')).toFixed(2)}× | ${(p95(r, 'sort') / p95(base, 'sort')).toFixed(2)}× |`,
    );
}
