/**
 * Stem separator bench on the outside material (material.ts): mono bss_eval SDR per stem on the
 * held-out half and, separately, the dev half, beside two reference rows (the oracle ideal ratio mask
 * and the mixture as every estimate); real-time factor per CPU second and per wall second; peak RSS of
 * a 10-minute 48 kHz 24-bit stereo input separated in a fresh process. Prints numbers; asserts nothing.
 *
 *   nice -n 10 npx tsx tests/bench/audio/separator.ts [--split heldout|dev|all] [--count N]
 *                                                     [--ablate] [--no-memory] [--pieces]
 *   --ablate   also scores the separator with each building block turned off (docs/audio.md's table)
 *   --pieces   prints every piece's row, not only the means
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
import { ABLATIONS } from './separator-variants';

const HERE = dirname(fileURLToPath(import.meta.url));
const PYTHON = '/usr/bin/python3';
const EVAL_SCRIPT = join(HERE, 'separator_eval.py');

interface Scores {
  sdr: Record<Stem, number>;
  sir: Record<Stem, number>;
  sar: Record<Stem, number>;
}

interface SystemRun {
  name: string;
  scores: Map<string, Scores>;
  audioSeconds: number;
  cpuSeconds: number;
  wallSeconds: number;
}

export interface SeparatorBenchOptions {
  splits?: Split[];
  count?: number;
  /** Score each ablation of the separator too (slower). */
  ablate?: boolean;
  /** Measure peak RSS on a 10-minute 48 kHz input in a child process (default true). */
  memory?: boolean;
  /** Print every piece's row. */
  pieces?: boolean;
  log?: (line: string) => void;
}

function runEvaluator(job: object): Map<string, Map<string, Scores>> {
  if (!existsSync(PYTHON)) throw new Error('Debian python3 is missing: apt-get install -y python3-mir-eval');
  const result = spawnSync(PYTHON, [EVAL_SCRIPT], { input: JSON.stringify(job), maxBuffer: 64 << 20 });
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

/** Oracle IRM and mixture rows, cached next to each piece (they depend only on the material). */
function referenceRows(pieces: Piece[]): Map<string, Map<string, Scores>> {
  const rows = new Map<string, Map<string, Scores>>([
    ['oracle IRM', new Map()],
    ['mixture', new Map()],
  ]);
  const missing: Piece[] = [];
  for (const piece of pieces) {
    const file = join(piece.dir, 'reference-scores.json');
    if (existsSync(file)) {
      const cached = JSON.parse(readFileSync(file, 'utf8')) as { hash: string; rows: Record<string, Scores> };
      if (cached.hash === piece.meta.hash) {
        for (const [system, scores] of Object.entries(cached.rows))
          rows.get(system)?.set(piece.meta.id, scores);
        continue;
      }
    }
    missing.push(piece);
  }
  if (missing.length > 0) {
    const fresh = runEvaluator({
      pieces: missing.map((p) => ({ id: p.meta.id, mix: p.files.mix, refs: refs(p), oracle: true })),
    });
    for (const piece of missing) {
      const entry: Record<string, Scores> = {};
      for (const [system, scores] of fresh) {
        const s = scores.get(piece.meta.id);
        if (s) {
          entry[system] = s;
          rows.get(system)?.set(piece.meta.id, s);
        }
      }
      writeFileSync(
        join(piece.dir, 'reference-scores.json'),
        JSON.stringify({ hash: piece.meta.hash, rows: entry }),
      );
    }
  }
  return rows;
}

/** Separates every piece's mix with one configuration, writes the estimates and scores them. */
function runSystem(name: string, options: DspSeparatorOptions, pieces: Piece[], split: Split): SystemRun {
  const separator = new DspSeparator(options);
  const outDir = join(DEFAULT_OUT, 'estimates', split, name.replace(/[^\w-]+/g, '_'));
  let audioSeconds = 0;
  let cpuSeconds = 0;
  let wallSeconds = 0;
  const jobs = [];
  for (const piece of pieces) {
    const wav = new Uint8Array(readFileSync(piece.files.mix));
    const cpu0 = process.cpuUsage();
    const wall0 = performance.now();
    const stems = separator.separateSync(wav);
    const cpu = process.cpuUsage(cpu0);
    cpuSeconds += (cpu.user + cpu.system) / 1e6;
    wallSeconds += (performance.now() - wall0) / 1000;
    audioSeconds += piece.meta.seconds;
    const dir = join(outDir, piece.meta.id);
    mkdirSync(dir, { recursive: true });
    const files: Record<string, string> = {};
    for (const stem of STEMS) {
      files[stem] = join(dir, `${stem}.wav`);
      writeFileSync(files[stem], stems[stem]);
    }
    jobs.push({ id: piece.meta.id, mix: piece.files.mix, refs: refs(piece), estimates: { [name]: files } });
  }
  const scores = runEvaluator({ pieces: jobs }).get(name) ?? new Map<string, Scores>();
  return { name, scores, audioSeconds, cpuSeconds, wallSeconds };
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
  const splits = options.splits ?? ['heldout', 'dev'];
  const variants: [string, DspSeparatorOptions][] = [['dsp separator', {}]];
  if (options.ablate) variants.push(...Object.entries(ABLATIONS));
  let firstPieces: Piece[] = [];
  for (const split of splits) {
    const pieces = await ensureMaterial({ split, count: options.count });
    if (firstPieces.length === 0) firstPieces = pieces;
    const ids = pieces.map((p) => p.meta.id);
    const reference = referenceRows(pieces);
    const runs = variants.map(([name, o]) => runSystem(name, o, pieces, split));
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
        `speed (${run.name}): ${(run.audioSeconds / run.cpuSeconds).toFixed(1)}× real time per CPU second, ${(run.audioSeconds / run.wallSeconds).toFixed(1)}× per wall second (target ≥ 10× per CPU second)`,
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
    ablate: process.argv.includes('--ablate'),
    memory: !process.argv.includes('--no-memory'),
    pieces: process.argv.includes('--pieces'),
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
