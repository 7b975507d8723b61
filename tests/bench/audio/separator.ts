/**
 * Stem separator bench on the outside material (material.ts): mono bss_eval SDR per stem on the
 * held-out half and, separately, the dev half, beside two reference rows (the oracle ideal ratio mask
 * and the mixture as every estimate); real-time factor per CPU second and per wall second; peak RSS of
 * a 10-minute 48 kHz 24-bit stereo input separated in a fresh process. Prints numbers; asserts nothing.
 *
 *   nice -n 10 npx tsx tests/bench/audio/separator.ts [--split heldout|dev|all] [--count N]
 *                                                     [--ablate [a,b]] [--no-memory] [--pieces]
 *   --ablate [a,b]  also scores the separator with each building block (or the named ones, from
 *              separator-variants.ts) turned off (docs/audio.md's table)
 *   --pieces   prints every piece's row, not only the means
 *   --mono     scores the pieces' mono copies (material-mono.ts) instead, as a mono recording is sent;
 *              with --ablate 'without mono models' beside the stereo models on every frame
 * Resumable: each piece's scores are cached per piece and per separator-code hash (separator-cache.ts,
 * .local/bench-audio/scores/), the reference rows per piece (reference-scores.json); run the same command
 * again after an interruption and it continues; once every piece is cached it only prints the tables.
 * `--only id,id` scores only those pieces. `--reverse` works from the last piece back, `--from <id>` starts at that piece: more processes on the
 * same split share the work.
 * Needs the material's Debian packages (see material.ts) and python3-mir-eval (apt-get install -y
 * python3-mir-eval), run with Debian's /usr/bin/python3 (separator_eval.py).
 * From tests/bench/audio/index.ts: `await separatorBench({ splits: ['heldout', 'dev'] })`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DspSeparator, type DspSeparatorOptions } from '../../../lambdas/_lib/stems/dsp-separator';
import { DEFAULT_OUT, ensureMaterial, STEMS, type Piece, type Split, type Stem } from './material';
import { monoPieces } from './material-mono';
import { codeHash, evaluatorHash, ScoreCache, type Scores } from './separator-cache';
import { ABLATIONS } from './separator-variants';

const HERE = dirname(fileURLToPath(import.meta.url));
const PYTHON = '/usr/bin/python3';
const EVAL_SCRIPT = join(HERE, 'separator_eval.py');

interface SystemRun {
  name: string;
  scores: Map<string, Scores>;
  audioSeconds: number;
  cpuSeconds: number;
  wallSeconds: number;
  /** Pieces separated in this run (the rest came from the cache). */
  fresh: number;
}

export interface SeparatorBenchOptions {
  splits?: Split[];
  count?: number;
  /** Score every ablation of the separator too (slower), or the named ones (separator-variants.ts). */
  ablate?: boolean | string[];
  /** Measure peak RSS on a 10-minute 48 kHz input in a child process (default true). */
  memory?: boolean;
  /** Only these pieces (ids), e.g. dev pieces outside the mask model's fit. */
  only?: string[];
  /** Score the pieces' mono copies (material-mono.ts). */
  mono?: boolean;
  /** Start at this piece (then wrap round): a third process on the same split. */
  from?: string;
  /** Separate and score the pieces last to first (a second process on the same split). */
  reverse?: boolean;
  /** Print every piece's row. */
  pieces?: boolean;
  log?: (line: string) => void;
  /** Receives one line per piece separated or scored in this run (default: stderr). */
  progress?: (line: string) => void;
}

function runEvaluator(job: object): Map<string, Map<string, Scores>> {
  if (!existsSync(PYTHON)) throw new Error('Debian python3 is missing: apt-get install -y python3-mir-eval');
  // One BLAS thread: on a shared, loaded machine OpenBLAS's spinning worker threads burn CPU for nothing.
  const result = spawnSync(PYTHON, [EVAL_SCRIPT], {
    input: JSON.stringify(job),
    maxBuffer: 64 << 20,
    env: { ...process.env, OPENBLAS_NUM_THREADS: '1', OMP_NUM_THREADS: '1' },
  });
  if (result.status !== 0) {
    throw new Error(
      `separator_eval.py failed (apt-get install -y python3-mir-eval): ${result.stderr?.toString() ?? result.error}`,
    );
  }
  const bySystem = new Map<string, Map<string, Scores>>();
  for (const line of result.stdout.toString().split('\n')) {
    if (!line.trim()) continue;
    const row = JSON.parse(line) as { id: string; system: string } & Scores;
    if (!bySystem.has(row.system)) bySystem.set(row.system, new Map());
    bySystem.get(row.system)!.set(row.id, { sdr: row.sdr, sir: row.sir, sar: row.sar });
  }
  return bySystem;
}

const refs = (piece: Piece) => Object.fromEntries(STEMS.map((s) => [s, piece.files[s]]));

const REFERENCE_SYSTEMS = ['oracle IRM', 'mixture'] as const;

/** A piece's cached reference rows (oracle IRM, mixture), if computed by the same evaluator. */
function cachedReference(piece: Piece): Record<string, Scores> | undefined {
  const file = join(piece.dir, 'reference-scores.json');
  if (!existsSync(file)) return undefined;
  const cached = JSON.parse(readFileSync(file, 'utf8')) as {
    hash: string;
    evaluator?: string;
    rows: Record<string, Scores>;
  };
  if (cached.hash !== piece.meta.hash || cached.evaluator !== evaluatorHash()) return undefined;
  return cached.rows;
}

/** Keeps a piece's reference rows from an evaluator answer next to the piece. */
function saveReference(piece: Piece, fresh: Map<string, Map<string, Scores>>): void {
  const rows: Record<string, Scores> = {};
  for (const system of REFERENCE_SYSTEMS) {
    const s = fresh.get(system)?.get(piece.meta.id);
    if (s) rows[system] = s;
  }
  writeFileSync(
    join(piece.dir, 'reference-scores.json'),
    JSON.stringify({ hash: piece.meta.hash, evaluator: evaluatorHash(), rows }),
  );
}

/**
 * Oracle IRM and mixture rows, cached next to each piece (they depend only on the material and the
 * evaluator; runSystem computes them with a piece's first scoring); one piece at a time, so an
 * interrupted run keeps what it finished.
 */
function referenceRows(pieces: Piece[], progress: (line: string) => void): Map<string, Map<string, Scores>> {
  const rows = new Map<string, Map<string, Scores>>(REFERENCE_SYSTEMS.map((s) => [s, new Map()]));
  for (const piece of pieces) {
    let cached = cachedReference(piece);
    if (!cached) {
      const t0 = performance.now();
      saveReference(
        piece,
        runEvaluator({
          pieces: [{ id: piece.meta.id, mix: piece.files.mix, refs: refs(piece), oracle: true }],
        }),
      );
      cached = cachedReference(piece)!;
      progress(`  reference rows ${piece.meta.id} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    }
    for (const [system, scores] of Object.entries(cached)) rows.get(system)?.set(piece.meta.id, scores);
  }
  return rows;
}

/** Separates one piece's mix with one configuration and writes the estimates; returns their paths. */
function separatePiece(
  separator: DspSeparator,
  dir: string,
  piece: Piece,
): { files: Record<Stem, string>; cpuSeconds: number; wallSeconds: number } {
  const wav = new Uint8Array(readFileSync(piece.files.mix));
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  const stems = separator.separateSync(wav);
  const cpu = process.cpuUsage(cpu0);
  const wallSeconds = (performance.now() - wall0) / 1000;
  mkdirSync(dir, { recursive: true });
  const files = Object.fromEntries(STEMS.map((s) => [s, join(dir, `${s}.wav`)])) as Record<Stem, string>;
  for (const stem of STEMS) writeFileSync(files[stem], stems[stem]);
  return { files, cpuSeconds: (cpu.user + cpu.system) / 1e6, wallSeconds };
}

/**
 * Separates every piece's mix with each configuration and scores the estimates, one piece at a time
 * (one evaluator call per piece for every configuration not yet cached, and the reference rows when they
 * are missing: the references' Gram matrix is set up once). Scores come from the cache
 * (separator-cache.ts) when the piece was scored under the same code and options.
 */
function runSystems(
  variants: [string, DspSeparatorOptions][],
  pieces: Piece[],
  split: Split,
  progress: (line: string) => void,
): SystemRun[] {
  const systems = variants.map(([name, options]) => ({
    separator: new DspSeparator(options),
    cache: new ScoreCache(split, name, codeHash(options)),
    outDir: join(DEFAULT_OUT, 'estimates', split, name.replace(/[^\w-]+/g, '_')),
    run: { name, scores: new Map(), audioSeconds: 0, cpuSeconds: 0, wallSeconds: 0, fresh: 0 } as SystemRun,
  }));
  for (const piece of pieces) {
    const missing = systems.filter((s) => !s.cache.get(piece));
    if (missing.length > 0) {
      const timings = new Map<string, { cpuSeconds: number; wallSeconds: number }>();
      const estimates: Record<string, Record<Stem, string>> = {};
      for (const s of missing) {
        const { files, ...timing } = separatePiece(s.separator, join(s.outDir, piece.meta.id), piece);
        estimates[s.run.name] = files;
        timings.set(s.run.name, timing);
      }
      const oracle = !cachedReference(piece);
      const answer = runEvaluator({
        pieces: [{ id: piece.meta.id, mix: piece.files.mix, refs: refs(piece), estimates, oracle }],
      });
      if (oracle) saveReference(piece, answer);
      for (const s of missing) {
        const scores = answer.get(s.run.name)?.get(piece.meta.id);
        if (!scores)
          throw new Error(`separator_eval.py gave no scores for ${s.run.name} on ${piece.meta.id}`);
        const timing = timings.get(s.run.name)!;
        s.cache.put(piece, { scores, audioSeconds: piece.meta.seconds, ...timing });
        s.run.fresh++;
        progress(
          `  ${s.run.name} ${piece.meta.id}: ${STEMS.map((st) => scores.sdr[st].toFixed(2)).join(' ')} dB, ${(piece.meta.seconds / timing.cpuSeconds).toFixed(1)}× RT per CPU s`,
        );
      }
    }
    for (const s of systems) {
      const result = s.cache.get(piece)!;
      s.run.scores.set(piece.meta.id, result.scores);
      s.run.audioSeconds += result.audioSeconds;
      s.run.cpuSeconds += result.cpuSeconds;
      s.run.wallSeconds += result.wallSeconds;
    }
  }
  return systems.map((s) => s.run);
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const fmt = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : '—').padStart(7);

function stemMeans(scores: Map<string, Scores>, ids: string[]): Record<Stem | 'mean', number> {
  const per = Object.fromEntries(
    STEMS.map((s) => [s, mean(ids.map((id) => scores.get(id)?.sdr[s] ?? NaN))]),
  ) as Record<Stem, number>;
  return { ...per, mean: mean(STEMS.map((s) => per[s])) };
}

function table(
  title: string,
  rows: { name: string; scores: Map<string, Scores> }[],
  ids: string[],
): string[] {
  const lines = [title, `${'system'.padEnd(26)} vocals   drums    bass   other    mean  (SDR dB)`];
  for (const row of rows) {
    const m = stemMeans(row.scores, ids);
    lines.push(
      `${row.name.padEnd(26)}${fmt(m.vocals)} ${fmt(m.drums)} ${fmt(m.bass)} ${fmt(m.other)} ${fmt(m.mean)}`,
    );
  }
  return lines;
}

/** Peak RSS and speed of one 10-minute 48 kHz 24-bit stereo separation, in a fresh process. */
function memoryRun(material: Piece[]): string {
  const script = join(HERE, 'separator-memory.ts');
  const tsx = resolve(HERE, '../../../node_modules/.bin/tsx');
  const result = spawnSync(tsx, [script, ...material.slice(0, 6).map((p) => p.files.mix)], {
    maxBuffer: 1 << 20,
  });
  if (result.status !== 0) return `memory run failed: ${result.stderr?.toString()}`;
  return result.stdout.toString().trim();
}

export async function separatorBench(options: SeparatorBenchOptions = {}): Promise<string[]> {
  const log = options.log ?? ((line: string) => console.log(line));
  const out: string[] = [];
  const say = (line: string) => {
    out.push(line);
    log(line);
  };
  const progress = options.progress ?? ((line: string) => process.stderr.write(`${line}\n`));
  const splits = options.splits ?? ['heldout', 'dev'];
  const variants: [string, DspSeparatorOptions][] = [['dsp separator', {}]];
  const ablations = options.ablate === true ? Object.keys(ABLATIONS) : options.ablate || [];
  for (const name of ablations) {
    const o = ABLATIONS[name];
    if (!o) throw new Error(`unknown ablation ${name}: ${Object.keys(ABLATIONS).join(', ')}`);
    variants.push([name, o]);
  }
  let firstPieces: Piece[] = [];
  for (const split of splits) {
    const stereo = (await ensureMaterial({ split, count: options.count })).filter(
      (p) => !options.only || options.only.includes(p.meta.id),
    );
    const pieces = options.mono ? monoPieces(stereo) : stereo;
    if (firstPieces.length === 0) firstPieces = pieces;
    const ids = pieces.map((p) => p.meta.id);
    // --reverse: a second process on the same split works from the other end (the cache joins them).
    // --from <id>: a third process can start in the middle.
    const from = Math.max(
      0,
      pieces.findIndex((p) => p.meta.id === options.from),
    );
    const order = [...pieces.slice(from), ...pieces.slice(0, from)];
    const runs = runSystems(variants, options.reverse ? order.reverse() : order, split, progress);
    const reference = referenceRows(pieces, progress);
    const fonts = [...new Set(pieces.map((p) => p.meta.soundfont))].join(', ');
    const minutes = pieces.reduce((a, p) => a + p.meta.seconds, 0) / 60;
    say('');
    for (const line of table(
      `Separator — ${split} (${pieces.length} pieces, ${minutes.toFixed(1)} min, ${fonts}): mono bss_eval SDR, mean over pieces`,
      [
        ...runs,
        { name: 'oracle IRM (reference)', scores: reference.get('oracle IRM')! },
        { name: 'mixture as estimate', scores: reference.get('mixture')! },
      ],
      ids,
    ))
      say(line);
    const main = runs[0]!;
    const worst = Math.min(...STEMS.map((s) => stemMeans(main.scores, ids)[s]));
    say(
      `goal: mean ≥ 4 dB with no stem under 2 dB → mean ${stemMeans(main.scores, ids).mean.toFixed(2)} dB, lowest stem ${worst.toFixed(2)} dB`,
    );
    // Vocals by layout: the centred lead, an off-centre or widened lead, lead + choir, choir alone.
    const layouts: [string, (p: Piece) => boolean][] = [
      [
        'lead, centre',
        (p) => p.meta.vocals.parts === 'lead' && p.meta.vocals.leadPan === 0 && p.meta.vocals.haasMs === 0,
      ],
      [
        'lead, off-centre/wide',
        (p) => p.meta.vocals.parts === 'lead' && !(p.meta.vocals.leadPan === 0 && p.meta.vocals.haasMs === 0),
      ],
      ['lead then wide choir', (p) => p.meta.vocals.parts === 'both'],
      ['wide choir only', (p) => p.meta.vocals.parts === 'choir'],
    ];
    say(`vocals SDR by vocal layout (${main.name} / oracle IRM / mixture):`);
    for (const [label, test] of layouts) {
      const group = pieces.filter(test).map((p) => p.meta.id);
      if (group.length === 0) continue;
      const v = (scores: Map<string, Scores>) =>
        mean(group.map((id) => scores.get(id)?.sdr.vocals ?? NaN)).toFixed(2);
      say(
        `  ${label.padEnd(24)} n=${String(group.length).padStart(2)}  ${v(main.scores)} / ${v(reference.get('oracle IRM')!)} / ${v(reference.get('mixture')!)} dB`,
      );
    }
    for (const run of runs) {
      say(
        `speed (${run.name}): ${(run.audioSeconds / run.cpuSeconds).toFixed(1)}× real time per CPU second, ${(run.audioSeconds / run.wallSeconds).toFixed(1)}× per wall second (target ≥ 10× per CPU second; ${run.fresh} of ${pieces.length} pieces separated in this run, the rest timed when cached)`,
      );
    }
    if (options.pieces) {
      say(`per piece (${main.name}; SDR vocals drums bass other):`);
      for (const p of pieces) {
        const s = main.scores.get(p.meta.id);
        if (!s) continue;
        say(
          `  ${p.meta.id} ${`${p.meta.key.tonic} ${p.meta.key.mode}`.padEnd(9)} ${String(p.meta.bpm).padStart(3)} ${p.meta.genre.padEnd(7)} ${p.meta.vocals.parts.padEnd(6)}${STEMS.map((st) => fmt(s.sdr[st])).join('')}`,
        );
      }
    }
  }
  if (options.memory !== false) say(memoryRun(firstPieces));
  return out;
}

async function main(): Promise<void> {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const which = arg('split') ?? 'all';
  await separatorBench({
    splits: which === 'all' ? ['heldout', 'dev'] : [which as Split],
    count: arg('count') ? Number(arg('count')) : undefined,
    ablate:
      arg('ablate')?.startsWith('--') === false
        ? arg('ablate')!.split(',')
        : process.argv.includes('--ablate'),
    memory: !process.argv.includes('--no-memory'),
    pieces: process.argv.includes('--pieces'),
    reverse: process.argv.includes('--reverse'),
    from: arg('from'),
    only: arg('only')?.split(','),
    mono: process.argv.includes('--mono'),
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
