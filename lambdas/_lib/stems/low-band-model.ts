/**
 * The low-band stage's mask model: per long-window bin below the stage's crossover, a softmax over the
 * four stems of a linear function of the bin's cues, one set of weights per low band. It replaces the
 * stage's hand-set rules (median split, decay window, pitch gate) with weights fitted on the dev half of
 * the evaluation material (tests/bench/audio/fit-low-band.ts), never the held-out half. The stage keeps
 * the drums and bass shares; the vocals and other shares stay in the residual for the full-band stage.
 */
export const LOW_FEATURES = [
  /** log(harmonic / percussive), medians of the long (8192-point) spectrogram. */
  'hp',
  /** log of the bin's per-frame level ratio over the decay lookahead (a drum body falls steadily). */
  'decay',
  /** 1 when that ratio lies in the stage's decay window (the old rule's drum-body test), else 0. */
  'decayWindow',
  /** Closeness (0–1) to a partial of the frame's tracked bass note; 0 when no note is tracked. */
  'bassPartial',
  /** 1 below three quarters of the tracked bass note (no bass partial lives there), else 0. */
  'belowBass',
  /** 1 when no bass note is tracked in the frame. */
  'noBass',
  /** log10 of the bin's magnitude over the low band's loudest bin in the frame. */
  'level',
  /** Inter-channel coherence 2·Re(L·R*) / (|L|² + |R|²). */
  'coherence',
  /** log of the bin's magnitude over the frame before's (an onset is positive). */
  'onset',
  /** Squares: a cue may count differently at its two extremes. */
  'hp*hp',
  'level*level',
] as const;
export const LOW_FEATURE_COUNT = LOW_FEATURES.length;

/** Bounds each cue is clamped to before the model reads it (about the fit's 0.1st–99.9th percentiles). */
export const LOW_CUE_RANGE: readonly (readonly [number, number])[] = [
  [-4, 4],
  [-1.5, 0.7],
  [0, 1],
  [0, 1],
  [0, 1],
  [0, 1],
  [-4, 0],
  [-1, 1],
  [-3, 3],
];

/** Lower edges (Hz) of the low bands that have their own weights. */
export const LOW_BAND_EDGES = [0, 45, 65, 90, 120, 160, 200] as const;

export interface LowBandModel {
  /** weights[band][feature · 4 + stem] (LOW_FEATURES order; stems vocals, drums, bass, other), then 4 biases. */
  weights: readonly (readonly number[])[];
}

/** Index of the low band of frequency `hz`. */
export function lowBandOf(hz: number): number {
  let b = 0;
  while (b + 1 < LOW_BAND_EDGES.length && hz >= LOW_BAND_EDGES[b + 1]!) b++;
  return b;
}

const HP = LOW_FEATURES.indexOf('hp');
const LEVEL = LOW_FEATURES.indexOf('level');

/** Fills the cues' squares after the clamped cues (x[at …]: LOW_FEATURE_COUNT values). */
export function clampLowCues(x: Float32Array, at: number): void {
  for (let c = 0; c < LOW_CUE_RANGE.length; c++) {
    const [lo, hi] = LOW_CUE_RANGE[c]!;
    const v = x[at + c]!;
    x[at + c] = v < lo ? lo : v > hi ? hi : v;
  }
  const hp = x[at + HP]!;
  const level = x[at + LEVEL]!;
  const squares = at + LOW_CUE_RANGE.length;
  x[squares] = hp * hp;
  x[squares + 1] = level * level;
}

/** The model's weights per band as Float64Arrays (checked against the feature list). */
export function compileLowModel(model: LowBandModel): Float64Array[] {
  if (model.weights.length !== LOW_BAND_EDGES.length) throw new Error('LowBandModel: one row per band');
  return model.weights.map((row) => {
    if (row.length !== (LOW_FEATURE_COUNT + 1) * 4) throw new Error('LowBandModel: row of the wrong size');
    return Float64Array.from(row);
  });
}
