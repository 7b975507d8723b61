/**
 * Fits the separator's mask model (lambdas/_lib/stems/mask-model.ts) on the DEV half of the evaluation
 * material only — the held-out half is never read here. Per frequency band, a softmax regression from
 * each bin's features to the stems' shares of that bin (|S_i| / Σ|S_j|, the oracle ratio mask the
 * bench's reference row uses), weighted by the bin's magnitude, by damped Newton steps with a small
 * ridge. Features come from the separator itself (its `tap`), on a sample of frames and bins.
 *
 *   nice -n 10 npx tsx tests/bench/audio/fit-separator-model.ts [--count N] [--without f1,f2] [--products] [--write]
 *          [--out file.json]
 *   --write    rewrites lambdas/_lib/stems/mask-model-weights.ts with the fitted model
 *   --without  fits a model without those features (the ablation rows of docs/audio.md)
 *   --products also weighs the products of cues in mask-model.ts PRODUCTS
 *   --from     takes a model (or with --context, a pass) written earlier with --out instead of fitting (e.g. to --write it)
 *   --extra N  also fits on dev-25 … dev-(24+N), the pieces on other sound fonts than FluidR3_GM
 *   --more N   also fits on dev-37 … dev-(36+N), the pieces with other singers and drum kits
 *   --coloured N  also fits on dev-49 … dev-(48+N), the pieces with random equalisers on every stem
 *   --mono     fits on the mono copies of those pieces instead (material-mono.ts): the mono model
 *   --solo     also fits on solo copies of the first eight (one stem alone; material-solo.ts)
 *   --bands    refits only these bands (indices into BAND_EDGES), the others keep the shipped weights
 *   --context H[,H2] fits the second pass (context-model.ts, neighbourhoods of H, H2 … bins a side)
 *              over the shipped first pass; --past F also reads the F frames before (the same bin),
 *              --future F the F after (the masks come F frames later);
 *              --harmonics R1,R2 also reads the bins around R1, R2 … times each bin's frequency;
 *              --song F also reads each bin's mean over the song so far (time constant F frames);
 *              --pass N fits the N-th pass instead (over the shipped first N − 1; default 2);
 *              --model M fits it over the first pass written to M with --out (and --separator's settings);
 *              with --write it rewrites context-model-weights.ts
 *   --power P  weighs each sampled bin by its magnitude to the power P instead (default 1; 2 weighs the
 *              squared errors SDR counts; tried, not kept: docs/audio.md)
 *   --out      writes the model as JSON (separator-variants.ts reads the ablation models from there)
 *   --separator JSON separator options the features are read with, e.g. '{"lowBand":{"bassPitchFloor":0}}'
 *              (fit the model for the settings it will run with)
 * Features are cached per piece in .local/bench-audio/fit-features/ (they do not depend on the weights).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FeatureFrame } from '../../../lambdas/_lib/stems/full-band-stage';
import { createHash } from 'node:crypto';
import { DEFAULTS, type DspSeparatorOptions } from '../../../lambdas/_lib/stems/full-band-stage';
import { LOW_DEFAULTS } from '../../../lambdas/_lib/stems/low-band-stage';
import { LOW_BAND_MODEL, LOW_SHARPNESS } from '../../../lambdas/_lib/stems/low-band-model-weights';
import { StemSplitStream } from '../../../lambdas/_lib/stems/stem-stream';
import {
  BAND_EDGES,
  bandOf,
  columnOf,
  FEATURES,
  CUE_RANGE,
  PRODUCTS,
  type FeatureName,
  type MaskModel,
  type ModelFeature,
} from '../../../lambdas/_lib/stems/mask-model';
import type { ContextModel } from '../../../lambdas/_lib/stems/context-model';
import { SEPARATOR_MODEL } from '../../../lambdas/_lib/stems/mask-model-weights';
import { Prng } from '../../../shared/audio/prng';
import { decodeWav } from '../../../shared/audio/wav';
import { DEFAULT_OUT, fitPieces, fitSetOf, STEMS, type FitSet, type Piece } from './material';
import { monoPieces } from './material-mono';
import { soloPieces } from './material-solo';
import { contextSource, monoSource, weightsSource } from './model-source';
import { pushAll, StemFrames } from './stem-frames';
import { contextLayout, CUES, fitBand, rowOf, type Layout } from './softmax-fit';

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 8);
const HERE = dirname(fileURLToPath(import.meta.url));
const WEIGHTS_FILE = resolve(HERE, '../../../lambdas/_lib/stems/mask-model-weights.ts');
const CONTEXT_FILE = resolve(HERE, '../../../lambdas/_lib/stems/context-model-weights.ts');
const MONO_FILE = resolve(HERE, '../../../lambdas/_lib/stems/mono-model-weights.ts');
/** The modules that compute a later pass's inputs (their source is part of the feature cache's key). */
const CONTEXT_CODE = ['context-model.ts', 'full-band-stage.ts'].map((name) =>
  resolve(HERE, '../../../lambdas/_lib/stems', name),
);
const readSource = (file: string) => readFileSync(file, 'utf8');
/** Every `FRAME_STRIDE`-th frame is kept for fitting, and of its bins a share per band (BAND_EDGES) that
 * gives each band a comparable number of samples (the high bands have many more bins): about 600 Hz
 * worth of bins per band. */
const FRAME_STRIDE = 6;
const BIN_SHARE = BAND_EDGES.map((lo, b) => Math.min(1, 600 / ((BAND_EDGES[b + 1] ?? 22050) - lo)));

/**
 * The dev pieces a fit reads: `set`, with `solo` also solo copies of its first pieces (material-solo.ts),
 * all folded to mono with `mono` (material-mono.ts).
 */
type FitChoice = FitSet & { mono?: boolean; solo?: boolean };

async function piecesOf(set: FitChoice): Promise<Piece[]> {
  const fit = await fitPieces(set);
  const pieces = set.solo ? [...fit, ...soloPieces(fit)] : fit;
  return set.mono ? monoPieces(pieces) : pieces;
}

/** Inputs and targets of sampled bins of one dev piece. */
function sample(
  piece: Piece,
  rng: Prng,
  rows: number[],
  separator: DspSeparatorOptions,
  layout: Layout,
  power: number,
): void {
  const read = (file: string) => decodeWav(new Uint8Array(readFileSync(file)));
  const mix = read(piece.files.mix);
  const stems = STEMS.map((s) => read(piece.files[s]));
  const frames = new StemFrames(stems);
  const tap = (f: FeatureFrame) => {
    if (f.frame % FRAME_STRIDE !== 0) return;
    const N = f.fftSize;
    const hop = N / 4;
    const bins = f.magnitude.length;
    // Stem magnitudes at this frame, framed exactly as the stage frames its input.
    const mags = frames.magnitudes(f.frame * hop - (N - hop), N, bins);
    const binHz = mix.sampleRate / N;
    for (let k = 1; k < bins; k++) {
      const band = bandOf(k * binHz);
      if (rng.next() >= BIN_SHARE[band]!) continue;
      const total = mags.reduce((a, m) => a + m[k]!, 0);
      const w = f.magnitude[k]! ** power;
      if (total < 1e-9 || f.magnitude[k]! < 1e-9) continue;
      rows.push(band, w);
      layout.read(f, k, rows);
      for (const m of mags) rows.push(m[k]! / total);
    }
  };
  const stream = new StemSplitStream(mix.sampleRate, mix.channels.length, { ...separator, tap });
  pushAll(stream, mix.channels);
}

async function featureTable(
  set: FitChoice,
  separator: DspSeparatorOptions,
  layout: Layout = CUES,
  /** Each sampled bin weighs its magnitude to this power. */
  power = 1,
): Promise<Float32Array> {
  const ROW = rowOf(layout);
  // Dev half only: the held-out half must never shape the model.
  const pieces = await piecesOf(set);
  const dir = join(DEFAULT_OUT, 'fit-features');
  mkdirSync(dir, { recursive: true });
  // Separator settings change the residual the features are read from: their own cache files.
  // A second pass's inputs depend on the first pass's weights: the shipped ones, part of the variant.
  // So do the modules that compute them (a cached table of an older harmonicContext was once refitted).
  const variant = Object.keys(separator).length
    ? JSON.stringify(separator) +
      (layout !== CUES ? hashOf(JSON.stringify(SEPARATOR_MODEL) + CONTEXT_CODE.map(readSource).join()) : '')
    : '';
  // So does the full band's default window when no variant names it (a fit after a change of DEFAULTS
  // once read the old window's cached features).
  // The low band's defaults and its model shape the residual too.
  // The cues' clamping bounds too (the stage clamps the cues its tap reports). Not the sparse bins: a
  // tap reads every bin.
  const settings = `|${JSON.stringify({ ...DEFAULTS, sparseFromHz: undefined, sparserFromHz: undefined })}|${FRAME_STRIDE}|${BAND_EDGES.join()}|${BIN_SHARE.join()}|${FEATURES.join()}|${JSON.stringify(CUE_RANGE)}|${JSON.stringify(LOW_DEFAULTS)}|${hashOf(JSON.stringify(LOW_BAND_MODEL) + LOW_SHARPNESS)}${variant ? `|${variant}` : ''}${power !== 1 ? `|w${power}` : ''}`;
  const all: Float32Array[] = [];
  for (const piece of pieces) {
    // Cached per piece (features do not depend on the weights), so an interrupted fit resumes.
    const suffix = (variant ? `-${hashOf(variant)}` : '') + (power !== 1 ? `-w${power}` : '');
    const cache = join(dir, `${piece.meta.id}${suffix}.bin`);
    const key = piece.meta.hash + settings;
    if (existsSync(cache) && existsSync(`${cache}.key`) && readFileSync(`${cache}.key`, 'utf8') === key) {
      const b = readFileSync(cache);
      all.push(new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.length)));
      continue;
    }
    const rows: number[] = [];
    sample(piece, new Prng(piece.meta.seed), rows, separator, layout, power);
    // Each piece weighs the same in every band: its bins' weights are normalised per band.
    const sums = new Float64Array(BAND_EDGES.length);
    for (let r = 0; r < rows.length; r += ROW) sums[rows[r]!]! += rows[r + 1]!;
    for (let r = 0; r < rows.length; r += ROW) rows[r + 1] = rows[r + 1]! / sums[rows[r]!]!;
    const table = Float32Array.from(rows);
    writeFileSync(cache, table);
    writeFileSync(`${cache}.key`, key);
    all.push(table);
    console.error(`  ${piece.meta.id}: ${rows.length / ROW} bins`);
  }
  const table = new Float32Array(all.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of all) {
    table.set(a, at);
    at += a.length;
  }
  return table;
}

export async function fitModel(
  options: FitChoice & {
    without?: FeatureName[];
    products?: boolean;
    /** Each sampled bin weighs its magnitude to this power (default 1). */
    power?: number;
    /** Separator settings the features are read with (e.g. `lowBand`), the ones the model will run with. */
    separator?: DspSeparatorOptions;
  } = {},
): Promise<MaskModel> {
  // The first pass's cues do not depend on any model: no later passes, and so no mono models either
  // (the stage would refuse shipped mono models whose shapes differ from a new window's).
  const separator: DspSeparatorOptions = { context: false, ...options.separator };
  const table = await featureTable(options, separator, CUES, options.power ?? 1);
  const cues: ModelFeature[] = FEATURES.filter((f) => !options.without?.includes(f));
  const products = options.products
    ? PRODUCTS.filter((p) => !options.without?.some((f) => p.split('*').includes(f)))
    : [];
  const features = [...cues, ...products];
  const columns = features.map(columnOf);
  const weights = BAND_EDGES.map((_, band) => fitBand(table, band, columns, 1e-4));
  return { features, weights };
}

/**
 * Fits a pass after the first (context-model.ts) on the same dev pieces, over the shipped first pass and
 * the passes in `over`: its inputs are the previous pass's log-odds, the bin's own, each neighbourhood's
 * (`halfWidths` bins a side) and the past frames'.
 */
export async function fitContext(
  options: FitChoice & {
    halfWidths: number[];
    pastFrames?: number;
    futureFrames?: number;
    harmonics?: number[];
    songFrames?: number;
    power?: number;
    over?: readonly ContextModel[];
    separator?: DspSeparatorOptions;
  },
): Promise<ContextModel> {
  const { halfWidths, pastFrames, futureFrames } = options;
  const shape = {
    halfWidths,
    ...(pastFrames ? { pastFrames } : {}),
    ...(futureFrames ? { futureFrames } : {}),
    ...(options.harmonics?.length ? { harmonics: options.harmonics } : {}),
    ...(options.songFrames ? { songFrames: options.songFrames } : {}),
  };
  const layout = contextLayout(shape);
  // The stage computes the inputs for any pass of this shape; its weights do not matter here.
  const over = options.over ?? [];
  const probe: ContextModel = {
    ...shape,
    weights: BAND_EDGES.map(() => new Array<number>((layout.inputs + 1) * 4).fill(0)),
  };
  const separator = { ...options.separator, context: [...over, probe] };
  const table = await featureTable(options, separator, layout, options.power ?? 1);
  const columns = Array.from({ length: layout.inputs }, (_, i) => i);
  const weights = BAND_EDGES.map((_, band) => fitBand(table, band, columns, 1e-4, layout));
  return { ...shape, weights };
}

async function main(): Promise<void> {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const without = (arg('without')?.split(',') ?? []) as FeatureName[];
  for (const f of without) if (!FEATURES.includes(f)) throw new Error(`unknown feature ${f}`);
  const pieces: FitChoice = {
    ...fitSetOf(arg),
    mono: process.argv.includes('--mono'),
    solo: process.argv.includes('--solo'),
  };
  const readJson = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;
  if (pieces.mono && process.argv.includes('--write')) {
    // The mono models are written together: the first pass (--from) and the later ones (--passes).
    const model = readJson<MaskModel>(arg('from') ?? '');
    if (model.features.join() !== SEPARATOR_MODEL.features.join())
      throw new Error("the mono first pass must read the shipped first pass's features");
    const passes = (arg('passes') ?? '').split(',').map((file) => readJson<ContextModel>(file));
    writeFileSync(MONO_FILE, monoSource(model, passes));
    console.error(`wrote ${MONO_FILE}`);
    return;
  }
  const context = arg('context');
  if (context) {
    // --pass N: the N-th pass (2 = the second), over the shipped ones before it.
    const { CONTEXT_PASSES: shipped } = await import('../../../lambdas/_lib/stems/context-model-weights');
    const over = shipped.slice(0, Number(arg('pass') ?? 2) - 2);
    // --from: a pass written earlier with --out (e.g. to --write it).
    const from = arg('from');
    const pass = from
      ? (JSON.parse(readFileSync(from, 'utf8')) as ContextModel)
      : await fitContext({
          ...pieces,
          halfWidths: context.split(',').map(Number),
          pastFrames: arg('past') ? Number(arg('past')) : undefined,
          futureFrames: arg('future') ? Number(arg('future')) : undefined,
          harmonics: arg('harmonics')?.split(',').map(Number),
          songFrames: arg('song') ? Number(arg('song')) : undefined,
          power: arg('power') ? Number(arg('power')) : undefined,
          over,
          // Over another first pass (--model, written with --out) and the settings it was fitted with.
          separator: {
            ...(arg('separator') ? (JSON.parse(arg('separator')!) as DspSeparatorOptions) : {}),
            ...(arg('model') ? { model: JSON.parse(readFileSync(arg('model')!, 'utf8')) as MaskModel } : {}),
          },
        });
    const out = arg('out');
    if (out) writeFileSync(out, JSON.stringify(pass));
    if (process.argv.includes('--write')) {
      writeFileSync(CONTEXT_FILE, contextSource([...over, pass]));
      console.error(`wrote ${CONTEXT_FILE}`);
    }
    return;
  }
  const from = arg('from');
  const model = from
    ? (JSON.parse(readFileSync(from, 'utf8')) as MaskModel)
    : await fitModel({
        ...pieces,
        without,
        products: process.argv.includes('--products'),
        power: arg('power') ? Number(arg('power')) : undefined,
        separator: arg('separator') ? (JSON.parse(arg('separator')!) as DspSeparatorOptions) : {},
      });
  // --bands 0,1: refit only these bands and keep the shipped weights of the others.
  const bands = arg('bands')?.split(',').map(Number);
  if (bands) {
    const { SEPARATOR_MODEL: shipped } = await import('../../../lambdas/_lib/stems/mask-model-weights');
    if (shipped.features.join() !== model.features.join())
      throw new Error('--bands needs the shipped features');
    model.weights = model.weights.map((row, band) => (bands.includes(band) ? row : shipped.weights[band]!));
  }
  const out = arg('out');
  if (out) writeFileSync(out, JSON.stringify(model));
  if (process.argv.includes('--write')) {
    writeFileSync(WEIGHTS_FILE, weightsSource(model));
    console.error(`wrote ${WEIGHTS_FILE}`);
  }
  if (!out && !process.argv.includes('--write')) console.log(JSON.stringify(model));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
