/**
 * The full-band stage's mask model: per time-frequency bin, a softmax over the four stems of a linear
 * function of the bin's features, with one set of weights per frequency band. The features are the DSP
 * cues (harmonic/percussive ratios at two resolutions, repetition, stereo position, vibrato, level); the
 * weights say how much each cue counts for each stem in each band. They are fitted on the dev half of the
 * evaluation material (tests/bench/audio/fit-separator-model.ts) and never on the held-out half.
 */
export const FEATURES = [
  /** log(harmonic / percussive), medians of the 4096-point spectrogram (9 frames, 61 bins). */
  'hpShort',
  /** log(harmonic / percussive) of the long-window (8192-point) spectrogram: a vibrato or a glide
   * smears there, so a sung note looks less steady than an instrument's. */
  'hpLong',
  /** log(repeating background / magnitude), REPET-SIM on the long window: 0 for what comes round
   * again (the accompaniment), negative for what is new (the voice). */
  'repetition',
  /** Inter-channel coherence 2·Re(L·R*) / (|L|² + |R|²): 1 at the centre, lower for wide or panned. */
  'coherence',
  /** Level difference |(|L|² − |R|²)| / (|L|² + |R|²): 0 at the centre, 1 hard-panned. */
  'panning',
  /** log of the spread of the bin's instantaneous frequency over 9 frames (vibrato, glides). */
  'vibrato',
  /** log10 of the bin's magnitude over the frame's loudest bin. */
  'level',
  /** log(magnitude / harmonic): the bin over its time median, positive at an onset, negative as a note
   * dies away; with hpShort it also gives log(magnitude / percussive), a tonal peak over its spectrum. */
  'transient',
  /** Closeness (1 on it, 1 / (1 + d²) around it) to a partial of the long window's tracked bass note,
   * up to its 16th; 0 where no note was tracked. The bass's upper partials lie where a piano's left hand
   * and a voice's low harmonics do, above the low band. */
  'bassPartial',
] as const;
export type FeatureName = (typeof FEATURES)[number];
export const FEATURE_COUNT = FEATURES.length;

/**
 * Products of two cues the model may weigh besides the cues themselves: a square lets a cue count
 * differently at its two extremes, a product lets two cues count together (a centred sound that is
 * also steady, say). The full-band stage computes them only for a model that uses them.
 */
export const PRODUCTS = [
  'hpShort*hpShort',
  'coherence*coherence',
  'level*level',
  'hpShort*coherence',
  'coherence*repetition',
  'vibrato*coherence',
  'hpShort*level',
  'repetition*repetition',
  'transient*transient',
  'hpShort*transient',
  'hpShort*bassPartial',
] as const;
export type ModelFeature = FeatureName | (typeof PRODUCTS)[number];
/** Columns of a bin's feature vector: the cues, then the products. */
export const COLUMN_COUNT = FEATURE_COUNT + PRODUCTS.length;
/**
 * Bounds of each cue: about its 0.1st and 99.9th percentiles on the dev pieces the model was fitted on.
 * The full-band stage clamps every cue to them before the model reads it (and so before a product): a
 * linear term, and a square faster, grows without bound outside the range the fit saw (a pure tone's
 * harmonic/percussive ratio is 6, where the fit saw almost nothing over 3); clamped, it stays in it.
 */
export const CUE_RANGE: Readonly<Record<FeatureName, readonly [number, number]>> = {
  hpShort: [-6, 3],
  hpLong: [-3, 3.5],
  repetition: [-4, 0],
  coherence: [-1, 1],
  panning: [0, 1],
  vibrato: [-4.4, 0.5],
  level: [-4.1, 0],
  transient: [-2.93, 3.24],
  bassPartial: [0, 1],
};

/** The two cue columns of each product. */
export const PRODUCT_FACTORS: readonly (readonly [number, number])[] = PRODUCTS.map((p) => {
  const [a, b] = p.split('*') as [FeatureName, FeatureName];
  return [FEATURES.indexOf(a), FEATURES.indexOf(b)] as const;
});

/** Column of a model feature in a bin's feature vector (−1 when unknown). */
export function columnOf(name: string): number {
  const cue = FEATURES.indexOf(name as FeatureName);
  if (cue >= 0) return cue;
  const product = PRODUCTS.indexOf(name as (typeof PRODUCTS)[number]);
  return product < 0 ? -1 : FEATURE_COUNT + product;
}

/** Outputs, in the softmax's order; `other` is what remains (the stage outputs the first three). */
export const MODEL_STEMS = ['vocals', 'drums', 'bass', 'other'] as const;

/** Lower edges (Hz) of the bands that have their own weights. */
export const BAND_EDGES = [
  0, 75, 150, 225, 300, 450, 600, 750, 900, 1200, 1500, 1800, 2200, 2500, 3000, 3500, 4200, 5000, 6000, 7000,
  8500, 10000, 12000, 14000, 17000,
] as const;

export interface MaskModel {
  /** Feature names, in the order of each band's weight rows (cues and products; a subset for ablations). */
  features: readonly ModelFeature[];
  /** weights[band][feature · 4 + stem], then 4 biases per band: length (features + 1) · 4. */
  weights: readonly (readonly number[])[];
}

/** Index of the band of frequency `hz`. */
export function bandOf(hz: number): number {
  let b = 0;
  while (b + 1 < BAND_EDGES.length && hz >= BAND_EDGES[b + 1]!) b++;
  return b;
}

/**
 * Masks for one bin: softmax of the band's linear function of `x` (COLUMN_COUNT values: FEATURES, then
 * PRODUCTS) into `out` (4 values). `columns` maps the model's features to positions in `x`.
 */
export function evaluateBin(
  weights: Float64Array,
  columns: Int32Array,
  x: Float32Array,
  xAt: number,
  out: Float64Array,
): void {
  const F = columns.length;
  let z0 = weights[F * 4]!;
  let z1 = weights[F * 4 + 1]!;
  let z2 = weights[F * 4 + 2]!;
  let z3 = weights[F * 4 + 3]!;
  for (let f = 0; f < F; f++) {
    const v = x[xAt + columns[f]!]!;
    const w = f * 4;
    z0 += weights[w]! * v;
    z1 += weights[w + 1]! * v;
    z2 += weights[w + 2]! * v;
    z3 += weights[w + 3]! * v;
  }
  const m = Math.max(z0, z1, z2, z3);
  const e0 = Math.exp(z0 - m);
  const e1 = Math.exp(z1 - m);
  const e2 = Math.exp(z2 - m);
  const e3 = Math.exp(z3 - m);
  const s = 1 / (e0 + e1 + e2 + e3);
  out[0] = e0 * s;
  out[1] = e1 * s;
  out[2] = e2 * s;
  out[3] = e3 * s;
}

/**
 * The first pass of a model with a second (context-model.ts): each of vocals, drums and bass's logit
 * less other's, the log-odds the second pass reads, into `out` at `outAt` (3 values). The same linear
 * function as evaluateBin's, written again so that each of the two hot loops stays small and
 * monomorphic (one call per bin per frame).
 */
export function evaluateLogOdds(
  weights: Float64Array,
  columns: Int32Array,
  x: Float32Array,
  xAt: number,
  out: Float32Array,
  outAt: number,
): void {
  const F = columns.length;
  let z0 = weights[F * 4]!;
  let z1 = weights[F * 4 + 1]!;
  let z2 = weights[F * 4 + 2]!;
  let z3 = weights[F * 4 + 3]!;
  for (let f = 0; f < F; f++) {
    const v = x[xAt + columns[f]!]!;
    const w = f * 4;
    z0 += weights[w]! * v;
    z1 += weights[w + 1]! * v;
    z2 += weights[w + 2]! * v;
    z3 += weights[w + 3]! * v;
  }
  out[outAt] = z0 - z3;
  out[outAt + 1] = z1 - z3;
  out[outAt + 2] = z2 - z3;
}

/** The model's weights per band as Float64Arrays and its feature columns, for evaluateBin. */
export function compileModel(model: MaskModel): { weights: Float64Array[]; columns: Int32Array } {
  const columns = Int32Array.from(model.features.map(columnOf));
  if (columns.some((c) => c < 0)) throw new Error('MaskModel: unknown feature');
  if (model.weights.length !== BAND_EDGES.length) throw new Error('MaskModel: one weight row per band');
  const weights = model.weights.map((row) => {
    if (row.length !== (columns.length + 1) * 4) throw new Error('MaskModel: weight row of the wrong size');
    return Float64Array.from(row);
  });
  return { weights, columns };
}
