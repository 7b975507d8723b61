/**
 * Fits the low-band stage's model (lambdas/_lib/stems/low-band-model.ts) on the DEV half of the
 * evaluation material only — the held-out half is never read here. Per low band, a softmax regression
 * from each long-window bin's cues to the stems' shares of that bin (|S_i| / Σ|S_j|), weighted by the
 * bin's magnitude, as fit-separator-model.ts fits the full-band model. The cues come from the stage
 * itself (its tap); only the low-band stage runs, on the mix (it is the first stage).
 *
 *   nice -n 10 npx tsx tests/bench/audio/fit-low-band.ts [--count 16] [--extra 8] [--more 8] [--coloured 8] [--out file.json] [--write]
 *   --write rewrites lambdas/_lib/stems/low-band-model-weights.ts with the fitted model
 *   --without f1,f2 fits without those cues (their weights stay 0: an ablation)
 *   --from file.json takes a model written earlier with --out (e.g. to --write it; --sharpness S with it)
 *   --low JSON  the stage's settings to fit for, e.g. '{"fromHz":200,"toHz":320}' (LOW_BAND_EDGES must
 *               then reach that high; tried, not kept: docs/audio.md)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  LOW_BAND_EDGES,
  LOW_FEATURE_COUNT,
  LOW_FEATURES,
  lowBandOf,
  type LowBandModel,
} from '../../../lambdas/_lib/stems/low-band-model';
import {
  LOW_DEFAULTS,
  LowBandStage,
  REPETITION_DEFAULTS,
  type LowFeatureFrame,
  type LowTuning,
} from '../../../lambdas/_lib/stems/low-band-stage';
import { Prng } from '../../../shared/audio/prng';
import { decodeWav } from '../../../shared/audio/wav';
import { FIT_ALL, FIT_ALL_TEXT, fitPieces, fitSetOf, STEMS, type FitSet, type Piece } from './material';
import { fitBand, rowOf } from './softmax-fit';
import { StemFrames } from './stem-frames';

const HERE = dirname(fileURLToPath(import.meta.url));
const WEIGHTS_FILE = resolve(HERE, '../../../lambdas/_lib/stems/low-band-model-weights.ts');
const LAYOUT = { inputs: LOW_FEATURE_COUNT };
const ROW = rowOf(LAYOUT);
/** Every second frame (the stage's hop is 46 ms at 44.1 kHz) and every bin of the band. */
const FRAME_STRIDE = 1;

/** Rows (band, weight, cues, four shares) of one dev piece's sampled bins, weights normalised per band. */
function sample(piece: Piece, tuning: Partial<LowTuning>): number[] {
  const read = (file: string) => decodeWav(new Uint8Array(readFileSync(file)));
  const mix = read(piece.files.mix);
  // The mix first: its magnitude weighs each bin.
  const frames = new StemFrames([mix, ...STEMS.map((s) => read(piece.files[s]))]);
  const rng = new Prng(piece.meta.seed);
  const rows: number[] = [];
  let binHz = 0;
  const tap = (f: LowFeatureFrame) => {
    if (f.frame % FRAME_STRIDE !== 0) return;
    const N = f.fftSize;
    const hop = N / 4;
    binHz = mix.sampleRate / N;
    const bins = f.cues.length / LOW_FEATURE_COUNT;
    const [mixMag, ...mags] = frames.magnitudes(f.frame * hop - (N - hop), N, bins);
    for (let k = 1; k < bins; k++) {
      // A share of bins only, so that a long piece does not outweigh a short one in memory.
      if (rng.next() >= 0.5) continue;
      const total = mags.reduce((a, m) => a + m[k]!, 0);
      if (total < 1e-9 || mixMag![k]! < 1e-9) continue;
      rows.push(lowBandOf(k * binHz), mixMag![k]!);
      for (let c = 0; c < LOW_FEATURE_COUNT; c++) rows.push(f.cues[k * LOW_FEATURE_COUNT + c]!);
      for (const m of mags) rows.push(m[k]! / total);
    }
  };
  const stage = new LowBandStage(
    mix.sampleRate,
    { ...LOW_DEFAULTS, ...tuning },
    { repetition: { ...REPETITION_DEFAULTS } },
    { tap },
  );
  const left = mix.channels[0]!;
  const right = mix.channels[1] ?? left;
  const BLOCK = 65536;
  for (let at = 0; at < left.length; at += BLOCK)
    stage.push(left.subarray(at, at + BLOCK), right.subarray(at, at + BLOCK));
  stage.end();
  // Each piece weighs the same in every band.
  const sums = new Float64Array(LOW_BAND_EDGES.length);
  for (let r = 0; r < rows.length; r += ROW) sums[rows[r]!]! += rows[r + 1]!;
  for (let r = 0; r < rows.length; r += ROW) rows[r + 1] = rows[r + 1]! / sums[rows[r]!]!;
  return rows;
}

export async function fitLowBand(
  options: FitSet & { without?: string[]; tuning?: Partial<LowTuning> } = {},
): Promise<LowBandModel> {
  // Dev half only (never the held-out half).
  const pieces = await fitPieces({
    count: options.count ?? 16,
    extra: options.extra ?? 8,
    more: options.more,
    coloured: options.coloured,
  });
  const all: number[][] = [];
  for (const piece of pieces) {
    all.push(sample(piece, options.tuning ?? {}));
    console.error(`  ${piece.meta.id}: ${all.at(-1)!.length / ROW} bins`);
  }
  const table = Float32Array.from(all.flat());
  // An ablation fits without some features: their weights stay 0.
  const columns = LOW_FEATURES.flatMap((name, i) => (options.without?.includes(name) ? [] : [i]));
  const weights = LOW_BAND_EDGES.map((_, band) => {
    const fitted = fitBand(table, band, columns, 1e-4, LAYOUT, LOW_BAND_EDGES);
    const row = new Array<number>((LOW_FEATURE_COUNT + 1) * 4).fill(0);
    columns.forEach((c, f) => {
      for (let s = 0; s < 4; s++) row[c * 4 + s] = fitted[f * 4 + s]!;
    });
    for (let s = 0; s < 4; s++) row[LOW_FEATURE_COUNT * 4 + s] = fitted[columns.length * 4 + s]!;
    return row;
  });
  return { weights };
}

export function lowWeightsSource(model: LowBandModel, sharpness: number): string {
  const rows = model.weights.map((row) => `    [${row.join(', ')}],`).join('\n');
  return `import type { LowBandModel } from './low-band-model';

/**
 * The low-band stage's fitted model. Generated by tests/bench/audio/fit-low-band.ts on the
${FIT_ALL_TEXT};
 * regenerate with
 *   nice -n 10 npx tsx tests/bench/audio/fit-low-band.ts ${FIT_ALL} --sharpness ${sharpness} --write
 * Per band (low-band-model.ts LOW_BAND_EDGES): weight[feature · 4 + stem] (LOW_FEATURES order; stems
 * vocals, drums, bass, other), then the four biases.
 */
export const LOW_BAND_MODEL: LowBandModel = {
  weights: [
${rows}
  ],
};

/** Scales the low-band model's logits (chosen on dev-17 … dev-24 and dev-33 … dev-36: docs/audio.md). */
export const LOW_SHARPNESS = ${sharpness};
`;
}

async function main(): Promise<void> {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const from = arg('from');
  const model = from
    ? (JSON.parse(readFileSync(from, 'utf8')) as LowBandModel)
    : await fitLowBand({
        ...fitSetOf(arg),
        without: arg('without')?.split(','),
        tuning: arg('low') ? (JSON.parse(arg('low')!) as Partial<LowTuning>) : undefined,
      });
  const out = arg('out');
  if (out) writeFileSync(out, JSON.stringify(model));
  if (process.argv.includes('--write')) {
    writeFileSync(WEIGHTS_FILE, lowWeightsSource(model, Number(arg('sharpness') ?? 1)));
    console.error(`wrote ${WEIGHTS_FILE}`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
