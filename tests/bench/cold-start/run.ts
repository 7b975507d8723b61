/**
 * Cold start of every Lambda as deployed, against a bare one-line handler measured in the same run.
 *
 *   npx tsx tests/bench/cold-start/run.ts                  synthesizes with bundling, 5 counted rounds
 *   npx tsx tests/bench/cold-start/run.ts --rounds 9 --only licences,geo
 *   npx tsx tests/bench/cold-start/run.ts --cdk-out cdk.out   reuse an assembly (`npx cdk synth`)
 *   npx tsx tests/bench/cold-start/run.ts --context sourceMaps=true   any CDK context for the synth
 *   npx tsx tests/bench/cold-start/run.ts --runtime-sdk   resolve bare imports (an SDK left out of the
 *                                                         bundle) from node_modules, as the runtime would
 *   npx tsx tests/bench/cold-start/run.ts --check         exit 1 when a function is over its target
 *
 * A cold start is what the Lambda Node.js runtime pays before the first event: a fresh process importing
 * the handler module with the function's environment (NODE_OPTIONS included). Each round starts every
 * bundle once (the bare handler three times) in a shuffled order, one process at a time; the first round
 * is a warm-up (disk cache) and is not counted. `ms` is the median wall time from spawn to exit, `cpu ms`
 * the median CPU time of the process's main thread (what a cold start waits for on an idle machine; on a
 * busy one wall times are mostly waiting for a core); ratios divide by the bare handler's medians.
 * Targets (issue 15): API-facing ≤ 3×, background ≤ 6×. Run it with `nice` on a shared machine.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '../../../infra/constructs/app-function';
import { collectBundles, sizeOf, synthesize, type Bundle } from './bundles';

const TARGET = { api: 3, background: 6, reference: 1 } as const;

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    only: { type: 'string' },
    'cdk-out': { type: 'string' },
    context: { type: 'string', multiple: true, default: [] },
    'runtime-sdk': { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});

const rounds = Math.max(1, Number(args.rounds));
const context = Object.fromEntries(
  ['lambdaMetafile=true', ...args.context].map((pair) => {
    const cut = pair.indexOf('=');
    return cut < 0 ? [pair, 'true'] : [pair.slice(0, cut), pair.slice(cut + 1)];
  }),
);
const work = mkdtempSync(path.join(tmpdir(), 'cold-start-'));
const reused = args['cdk-out'] ? path.resolve(args['cdk-out']) : undefined;
const outdir = path.join(work, 'cdk.out');
const stage = path.join(work, 'bundles');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

interface Sample {
  wallMs: number;
  cpuMs: number;
}

/** One fresh process importing the bundle with the Lambda's environment. */
function coldStart(bundle: Bundle): Sample {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    TZ: ':UTC',
    LANG: 'en_US.UTF-8',
    AWS_REGION: 'us-east-1',
    AWS_DEFAULT_REGION: 'us-east-1',
    AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
    AWS_LAMBDA_FUNCTION_NAME: bundle.name,
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(bundle.memoryMb),
    AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    LAMBDA_TASK_ROOT: bundle.dir,
    ...bundle.environment,
  };
  const started = process.hrtime.bigint();
  const result = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'tests/bench/cold-start/probe.mjs'), path.join(bundle.dir, 'index.mjs')],
    { env, encoding: 'utf8', cwd: bundle.dir },
  );
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0)
    throw new Error(`${bundle.name} failed to start (exit ${result.status}):\n${result.stderr}`);
  return { wallMs, cpuMs: (JSON.parse(result.stdout) as { cpuMs: number }).cpuMs };
}

const fmt = (value: number, digits = 0) => value.toFixed(digits);
const kb = (bytes: number) => fmt(bytes / 1024);

function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) =>
        (i === 0 || i === cells.length - 1 ? cell.padEnd : cell.padStart).call(cell, widths[i]!),
      )
      .join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

function main(): void {
  const t0 = Date.now();
  synthesize(outdir, context, !reused);
  const synthSeconds = (Date.now() - t0) / 1000;
  let bundles = collectBundles(reused ? [reused, outdir] : [outdir], stage);
  if (args.only) {
    const only = new Set(args.only.split(','));
    bundles = bundles.filter((bundle) => bundle.kind === 'reference' || only.has(bundle.name));
  }
  // The Lambda runtime ships its own AWS SDK: a bundle that leaves it out resolves it from there.
  if (args['runtime-sdk']) symlinkSync(path.join(repoRoot, 'node_modules'), path.join(stage, 'node_modules'));

  const bare = bundles.find((bundle) => bundle.kind === 'reference')!;
  const samples = new Map<Bundle, Sample[]>(bundles.map((bundle) => [bundle, []]));
  for (let round = 0; round <= rounds; round++) {
    for (const bundle of shuffle([...bundles, bare, bare])) {
      const sample = coldStart(bundle);
      if (round > 0) samples.get(bundle)!.push(sample);
    }
  }
  const bareWall = median(samples.get(bare)!.map((s) => s.wallMs));
  const bareCpu = median(samples.get(bare)!.map((s) => s.cpuMs));

  const results = bundles.map((bundle) => {
    const wall = median(samples.get(bundle)!.map((s) => s.wallMs));
    const cpu = median(samples.get(bundle)!.map((s) => s.cpuMs));
    const size = sizeOf(bundle.dir);
    return {
      bundle,
      size,
      wall,
      cpu,
      ratio: wall / bareWall,
      cpuRatio: cpu / bareCpu,
      heaviest: size.weights
        .slice(0, 3)
        .map(([name, bytes]) => `${name} ${kb(bytes)}`)
        .join(', '),
    };
  });
  const order = { reference: 0, api: 1, background: 2 } as const;
  results.sort((a, b) => order[a.bundle.kind] - order[b.bundle.kind] || b.ratio - a.ratio);

  const node = spawnSync(process.execPath, ['--version'], { encoding: 'utf8' }).stdout.trim();
  console.log(
    `cold start: fresh Node ${node} process importing each bundle, median of ${rounds} rounds (+1 warm-up), ` +
      `${bundles.length - 1} functions; assembly ${reused ? `reused from ${reused}` : `synthesized in ${fmt(synthSeconds)} s`}` +
      `${args.context.length ? ` (context ${args.context.join(' ')})` : ''}${args['runtime-sdk'] ? ', bare imports from node_modules' : ''}\n`,
  );
  console.log(
    table(
      [
        'function',
        'kind',
        'start KB',
        'lazy KB',
        'maps KB',
        'ms',
        'cpu ms',
        'ratio',
        'cpu ratio',
        'target',
        'heaviest at start (KB)',
      ],
      results.map(({ bundle, size, wall, cpu, ratio, cpuRatio, heaviest }) => [
        bundle.name,
        bundle.kind,
        kb(size.startBytes),
        kb(size.lazyBytes),
        kb(size.mapBytes),
        fmt(wall),
        fmt(cpu),
        `${fmt(ratio, 2)}×`,
        `${fmt(cpuRatio, 2)}×`,
        bundle.kind === 'reference'
          ? ''
          : `≤ ${TARGET[bundle.kind]}×${ratio > TARGET[bundle.kind] ? ' OVER' : ''}`,
        heaviest,
      ]),
    ),
  );

  let over = 0;
  console.log('');
  for (const kind of ['api', 'background'] as const) {
    const group = results.filter((result) => result.bundle.kind === kind);
    if (group.length === 0) continue;
    const ratios = group.map((result) => result.ratio);
    const overTarget = group.filter((result) => result.ratio > TARGET[kind]);
    over += overTarget.length;
    console.log(
      `${kind === 'api' ? 'API-facing' : 'background'} (${group.length}): median ratio ${fmt(median(ratios), 2)}×, ` +
        `max ${fmt(Math.max(...ratios), 2)}× (${group.find((r) => r.ratio === Math.max(...ratios))!.bundle.name}), ` +
        `median cpu ratio ${fmt(median(group.map((r) => r.cpuRatio)), 2)}×, ` +
        `over ${TARGET[kind]}×: ${overTarget.length}${overTarget.length ? ` (${overTarget.map((r) => r.bundle.name).join(', ')})` : ''}`,
    );
  }
  const all = results.filter((result) => result.bundle.kind !== 'reference');
  const code = all.reduce((sum, result) => sum + result.size.startBytes + result.size.lazyBytes, 0);
  const lazy = all.reduce((sum, result) => sum + result.size.lazyBytes, 0);
  const maps = all.reduce((sum, result) => sum + result.size.mapBytes, 0);
  console.log(
    `bare handler: ${fmt(bareWall)} ms wall, ${fmt(bareCpu)} ms cpu; all functions: ` +
      `${fmt(code / 2 ** 20, 1)} MiB of code (${fmt(lazy / 2 ** 20, 1)} MiB of it in lazy chunks), ` +
      `${fmt(maps / 2 ** 20, 1)} MiB of source maps`,
  );

  if (args.keep) console.log(`bundles kept in ${stage}`);
  else rmSync(work, { recursive: true, force: true });
  if (args.check && over > 0) process.exitCode = 1;
}

try {
  main();
} catch (error) {
  if (!args.keep && existsSync(work)) rmSync(work, { recursive: true, force: true });
  throw error;
}
