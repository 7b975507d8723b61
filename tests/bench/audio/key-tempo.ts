/**
 * Key and tempo on music the platform did not make (tests/bench/audio/material.ts: fluidsynth
 * multitracks with sampled soundfonts and espeak-ng singers), ours (shared/audio/music/analyse.ts) beside
 * essentia.js (KeyExtractor, RhythmExtractor2013) in the same run, on the full mixes and on the
 * a-cappellas (the vocal stem alone), for the held-out half (never tuned on) and the dev half.
 *   key exact      the estimated key is the true one
 *   MIREX          weighted key score: 1 exact, 0.5 a fifth away, 0.3 relative, 0.2 parallel
 *   tempo ±1       within 1 BPM of the true tempo
 *   ±1 ½×/2×       also counting half or double the true tempo (within 1 BPM of it)
 *   clear          ours: share stated as sure (else "tempo/key unclear"), and the exact share among those
 *
 *   nice -n 10 npx tsx tests/bench/audio/key-tempo.ts [--split heldout|dev|all] [--no-essentia]
 * essentia.js results are cached in .local/bench-audio/essentia-cache.json (its answers never change).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyseMusic, type MusicAnalysis } from '../../../shared/audio/music/analyse';
import { mixDown } from '../../../shared/audio/music/dsp';
import { parseKey } from '../../../shared/licensing/key-bpm';
import { decodeWav } from '../../../shared/audio/wav';
import { essentiaKeyTempo } from './essentia';
import { DEFAULT_OUT, ensureMaterial, type Piece, type Split } from './material';

export type Material = 'mix' | 'acapella';

export interface Estimate {
  key: string | null;
  bpm: number | null;
  keyClear?: boolean;
  tempoClear?: boolean;
}

export interface Truth {
  key: { tonicPc: number; mode: 'major' | 'minor' };
  bpm: number;
}

/** MIREX key score of an estimate against the truth. */
export function mirexKeyScore(estimate: string | null, truth: Truth['key']): number {
  const key = parseKey(estimate);
  if (!key) return 0;
  const interval = (key.tonic - truth.tonicPc + 12) % 12;
  if (key.mode === truth.mode) {
    if (interval === 0) return 1;
    if (interval === 7 || interval === 5) return 0.5;
    return 0;
  }
  // Relative: the estimate is the relative minor (tonic 9 above) of a major truth, or major (3 above) of minor.
  if (truth.mode === 'major' && interval === 9) return 0.3;
  if (truth.mode === 'minor' && interval === 3) return 0.3;
  if (interval === 0) return 0.2;
  return 0;
}

export function tempoWithin(bpm: number | null, truth: number, octaves: boolean): boolean {
  if (bpm === null) return false;
  const candidates = octaves ? [truth, truth / 2, truth * 2] : [truth];
  return candidates.some((t) => Math.abs(bpm - t) <= 1);
}

interface Row {
  label: string;
  n: number;
  keyExact: number;
  mirex: number;
  tempo1: number;
  tempoOctave: number;
  keyClearShare?: number;
  keyClearExact?: number;
  tempoClearShare?: number;
  tempoClearExact?: number;
}

export function summarise(label: string, results: { estimate: Estimate; truth: Truth }[]): Row {
  const n = results.length || 1;
  const share = (f: (r: { estimate: Estimate; truth: Truth }) => boolean) => results.filter(f).length / n;
  const row: Row = {
    label,
    n: results.length,
    keyExact: share((r) => mirexKeyScore(r.estimate.key, r.truth.key) === 1),
    mirex: results.reduce((s, r) => s + mirexKeyScore(r.estimate.key, r.truth.key), 0) / n,
    tempo1: share((r) => tempoWithin(r.estimate.bpm, r.truth.bpm, false)),
    tempoOctave: share((r) => tempoWithin(r.estimate.bpm, r.truth.bpm, true)),
  };
  if (results.some((r) => r.estimate.keyClear !== undefined)) {
    const keyClear = results.filter((r) => r.estimate.keyClear);
    const tempoClear = results.filter((r) => r.estimate.tempoClear);
    row.keyClearShare = keyClear.length / n;
    row.keyClearExact =
      keyClear.filter((r) => mirexKeyScore(r.estimate.key, r.truth.key) === 1).length /
      (keyClear.length || 1);
    row.tempoClearShare = tempoClear.length / n;
    row.tempoClearExact =
      tempoClear.filter((r) => tempoWithin(r.estimate.bpm, r.truth.bpm, false)).length /
      (tempoClear.length || 1);
  }
  return row;
}

const pct = (x: number | undefined) => (x === undefined ? '     ' : `${(x * 100).toFixed(1).padStart(5)}`);

export function formatRows(title: string, rows: Row[]): string {
  const lines = [
    title,
    'material / system            n   key exact  MIREX   tempo ±1  ±1 ½×/2×   key clear (exact)  tempo clear (exact)',
  ];
  for (const r of rows) {
    const clear =
      r.keyClearShare === undefined
        ? ''
        : `   ${pct(r.keyClearShare)}% (${pct(r.keyClearExact)}%)     ${pct(r.tempoClearShare)}% (${pct(r.tempoClearExact)}%)`;
    lines.push(
      `${r.label.padEnd(26)} ${String(r.n).padStart(3)}   ${pct(r.keyExact)}%   ${r.mirex.toFixed(3)}   ${pct(r.tempo1)}%   ${pct(r.tempoOctave)}%${clear}`,
    );
  }
  return lines.join('\n');
}

type EssentiaCache = Record<string, Estimate>;
const CACHE_FILE = join(DEFAULT_OUT, 'essentia-cache.json');

function readCache(): EssentiaCache {
  return existsSync(CACHE_FILE) ? (JSON.parse(readFileSync(CACHE_FILE, 'utf8')) as EssentiaCache) : {};
}

function monoOf(file: string): { mono: Float32Array; sampleRate: number } {
  const audio = decodeWav(new Uint8Array(readFileSync(file)));
  return { mono: mixDown(audio.channels), sampleRate: audio.sampleRate };
}

export interface KeyTempoResult {
  split: Split;
  material: Material;
  piece: Piece;
  ours: MusicAnalysis;
  essentia?: Estimate;
}

/** Runs ours (and essentia.js, cached) on every piece of a half; `analyse` replaces ours (variants). */
export async function runKeyTempo(
  split: Split,
  options: { essentia?: boolean; analyse?: (mono: Float32Array, sampleRate: number) => MusicAnalysis } = {},
): Promise<KeyTempoResult[]> {
  const pieces = await ensureMaterial({ split });
  const cache = readCache();
  const analyse = options.analyse ?? analyseMusic;
  const out: KeyTempoResult[] = [];
  for (const piece of pieces) {
    for (const material of ['mix', 'acapella'] as const) {
      const { mono, sampleRate } = monoOf(material === 'mix' ? piece.files.mix : piece.files.vocals);
      const ours = analyse(mono, sampleRate);
      let essentia: Estimate | undefined;
      if (options.essentia !== false) {
        const id = `${piece.meta.hash}:${material}`;
        essentia = cache[id] ??= essentiaKeyTempo(mono);
        writeFileSync(CACHE_FILE, JSON.stringify(cache));
      }
      out.push({ split, material, piece, ours, essentia });
    }
  }
  return out;
}

export function keyTempoRows(results: KeyTempoResult[]): Row[] {
  const rows: Row[] = [];
  const truth = (r: KeyTempoResult): Truth => ({ key: r.piece.meta.key, bpm: r.piece.meta.bpm });
  for (const material of ['mix', 'acapella'] as const) {
    const of = results.filter((r) => r.material === material);
    const name = material === 'mix' ? 'mixes' : 'a-cappellas';
    rows.push(
      summarise(
        `${name} / ours`,
        of.map((r) => ({ estimate: r.ours, truth: truth(r) })),
      ),
    );
    if (of.every((r) => r.essentia))
      rows.push(
        summarise(
          `${name} / essentia.js`,
          of.map((r) => ({ estimate: r.essentia!, truth: truth(r) })),
        ),
      );
  }
  return rows;
}

/** The key/tempo tables of tests/bench/audio/index.ts: held-out first, then dev. */
export async function keyTempoTables(splits: Split[] = ['heldout', 'dev'], essentia = true): Promise<string> {
  const tables: string[] = [];
  for (const split of splits) {
    const results = await runKeyTempo(split, { essentia });
    tables.push(
      formatRows(
        `Key and tempo, ${split === 'heldout' ? 'held-out half (never tuned on)' : 'dev half (tuned on)'}`,
        keyTempoRows(results),
      ),
    );
  }
  return tables.join('\n\n');
}

async function main(): Promise<void> {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const which = arg('split') ?? 'all';
  const splits: Split[] = which === 'all' ? ['heldout', 'dev'] : [which as Split];
  console.log(await keyTempoTables(splits, !process.argv.includes('--no-essentia')));
  if (process.argv.includes('--details')) {
    for (const split of splits) {
      for (const r of await runKeyTempo(split, { essentia: false })) {
        const m = r.piece.meta;
        console.log(
          `${m.id} ${r.material.padEnd(8)} true ${`${m.key.tonic} ${m.key.mode}`.padEnd(9)} ${m.bpm}  ours ${String(r.ours.key).padEnd(9)} (${r.ours.keyConfidence}) ${r.ours.bpm} (${r.ours.bpmConfidence})`,
        );
      }
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
