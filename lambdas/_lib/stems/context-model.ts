import { BAND_EDGES } from './mask-model';

/**
 * The mask model's second pass (auto-context): a bin's stem shares from its own first-pass log-odds,
 * from the first-pass log-odds of the bins around it in the same frame and from its own over the frames
 * just before and after, each weighted by magnitude. A partial of a voice lies between others of the same
 * voice, and what a bin was a moment ago, or is a moment later, it likely is now; the first pass alone
 * sees each bin by itself. One softmax per band (BAND_EDGES), fitted on the dev half only
 * (tests/bench/audio/fit-separator-model.ts --context).
 */
export interface ContextModel {
  /** Bins on each side of each neighbourhood (a narrow one sees the partial, a wide one the region). */
  halfWidths: readonly number[];
  /**
   * Frames before this one whose first pass, at the same bin, is also read (magnitude-weighted, with
   * this frame's and the `futureFrames` after it): what the bin was a moment ago.
   */
  pastFrames?: number;
  /**
   * Frames after this one read the same way. The pass's masks then come that many frames later (the
   * stage holds them back: a later frame's first pass needs medians over frames not yet read).
   */
  futureFrames?: number;
  /**
   * Multiples of the bin's frequency whose first pass is also read (magnitude-weighted over ±⌈r⌉ bins
   * around r·k, with the bin's own): a partial's siblings of the same source lie at 2k and 3k, its
   * fundamental often at k/2.
   */
  harmonics?: readonly number[];
  /**
   * Time constant, in frames, of the song input: per bin, the magnitude-weighted mean of the previous
   * pass's log-odds over the song so far, the older frames weighing less (exponentially). What a bin was
   * in this song is a prior for what it is now: where the song's organ chords sit, or its singer.
   */
  songFrames?: number;
  /** Per band: weight[input · 4 + stem] for the inputs (contextInputs), then four biases. */
  weights: readonly (readonly number[])[];
}

type ContextShape = Pick<
  ContextModel,
  'halfWidths' | 'pastFrames' | 'futureFrames' | 'harmonics' | 'songFrames'
>;

/**
 * Inputs per bin: the first pass's log-odds of vocals, drums and bass against other, the bin's own,
 * then their magnitude-weighted mean over each neighbourhood, then around each harmonic multiple, then
 * over the song so far (songFrames), then over the frames around (timeSpan).
 */
export const contextInputs = (model: ContextShape) =>
  3 *
  (1 +
    model.halfWidths.length +
    (model.harmonics?.length ?? 0) +
    (model.songFrames ? 1 : 0) +
    (timeSpan(model) ? 1 : 0));

/** Where the song input's three columns start (after the harmonic ones). */
export const songAt = (model: ContextShape) =>
  3 * (1 + model.halfWidths.length + (model.harmonics?.length ?? 0));

/** Frames besides the bin's own in the time input (past and future). */
export const timeSpan = (model: Pick<ContextModel, 'pastFrames' | 'futureFrames'>) =>
  (model.pastFrames ?? 0) + (model.futureFrames ?? 0);

export function compileContext(model: ContextModel): Float64Array[] {
  if (model.weights.length !== BAND_EDGES.length) throw new Error('ContextModel: one weight row per band');
  const row = (contextInputs(model) + 1) * 4;
  return model.weights.map((weights) => {
    if (weights.length !== row) throw new Error('ContextModel: weight row of the wrong size');
    return Float64Array.from(weights);
  });
}

/**
 * Fills `context` (bins · contextInputs) from the first pass's log-odds `own` (bins · 3): each bin's own
 * three, then for each half-width h their mean over bins k − h … k + h weighted by `magnitude` (running
 * sums, O(bins) a width). `sums` is scratch of bins · 4.
 */
export function neighbourhoods(
  own: Float32Array,
  magnitude: Float32Array,
  bins: number,
  halfWidths: readonly number[],
  context: Float32Array,
  sums: Float64Array,
): void {
  const stride = context.length / bins;
  for (let k = 0; k < bins; k++) {
    context[k * stride] = own[k * 3]!;
    context[k * stride + 1] = own[k * 3 + 1]!;
    context[k * stride + 2] = own[k * 3 + 2]!;
  }
  const silent = silentBelow(magnitude, bins);
  halfWidths.forEach((h, n) => {
    windowSums(own, magnitude, bins, h, sums);
    for (let k = 0; k < bins; k++) {
      const w = sums[k * 4 + 3]!;
      const inv = w > silent ? 1 / w : 0;
      const o = k * stride + 3 * (n + 1);
      context[o] = sums[k * 4]! * inv;
      context[o + 1] = sums[k * 4 + 1]! * inv;
      context[o + 2] = sums[k * 4 + 2]! * inv;
    }
  });
}

/** Below this, a window's sum is the running sums' rounding (the window is silent): no context then. */
function silentBelow(magnitude: Float32Array, bins: number): number {
  let total = 0;
  for (let q = 0; q < bins; q++) total += magnitude[q]!;
  return 1e-12 * total + 1e-30;
}

/**
 * The harmonic inputs: for each multiple r, the magnitude-weighted mean of `own` over the bin itself and
 * bins r·k ± ⌈r⌉, into context[k · stride + at + 3i …]. The bin anchors the mean: where the relatives
 * are silent (or above the top bin) it is the bin's own log-odds, which tells the next pass nothing new,
 * not the log-odds of a silent window (a lone tone's sub-octave, which the first pass calls bass).
 * `sums` is scratch of bins · 4.
 */
export function harmonicContext(
  own: Float32Array,
  magnitude: Float32Array,
  bins: number,
  multiples: readonly number[],
  context: Float32Array,
  stride: number,
  at: number,
  sums: Float64Array,
): void {
  const silent = silentBelow(magnitude, bins);
  multiples.forEach((r, i) => {
    windowSums(own, magnitude, bins, Math.ceil(r), sums);
    for (let k = 0; k < bins; k++) {
      const q = Math.round(r * k);
      const m = magnitude[k]!;
      let w = m;
      let a0 = m * own[k * 3]!;
      let a1 = m * own[k * 3 + 1]!;
      let a2 = m * own[k * 3 + 2]!;
      if (q < bins && sums[q * 4 + 3]! > silent) {
        w += sums[q * 4 + 3]!;
        a0 += sums[q * 4]!;
        a1 += sums[q * 4 + 1]!;
        a2 += sums[q * 4 + 2]!;
      }
      const inv = w > silent ? 1 / w : 0;
      const o = k * stride + at + 3 * i;
      context[o] = a0 * inv;
      context[o + 1] = a1 * inv;
      context[o + 2] = a2 * inv;
    }
  });
}

/** Per bin, the window sums (Σ m·o₀, Σ m·o₁, Σ m·o₂, Σ m) over bins k − h … k + h (running sums). */
function windowSums(
  own: Float32Array,
  magnitude: Float32Array,
  bins: number,
  h: number,
  out: Float64Array,
): void {
  // Written out, not through a helper closure: this runs twice per bin for every window of every frame.
  let w = 0;
  let a0 = 0;
  let a1 = 0;
  let a2 = 0;
  for (let q = 0; q < Math.min(bins, h); q++) {
    const m = magnitude[q]!;
    w += m;
    a0 += m * own[q * 3]!;
    a1 += m * own[q * 3 + 1]!;
    a2 += m * own[q * 3 + 2]!;
  }
  for (let k = 0; k < bins; k++) {
    const q = k + h;
    if (q < bins) {
      const m = magnitude[q]!;
      w += m;
      a0 += m * own[q * 3]!;
      a1 += m * own[q * 3 + 1]!;
      a2 += m * own[q * 3 + 2]!;
    }
    const p = k - h - 1;
    if (p >= 0) {
      const m = -magnitude[p]!;
      w += m;
      a0 += m * own[p * 3]!;
      a1 += m * own[p * 3 + 1]!;
      a2 += m * own[p * 3 + 2]!;
    }
    out[k * 4] = a0;
    out[k * 4 + 1] = a1;
    out[k * 4 + 2] = a2;
    out[k * 4 + 3] = w;
  }
}

/**
 * The time input: per bin, the magnitude-weighted mean of the first pass's log-odds over the newest frame
 * and the `frames` before it (the stage reads it for the frame `futureFrames` back). Running sums (the
 * newest frame in, the oldest out), summed afresh from the ring every REFRESH frames so that rounding
 * cannot build up.
 */
export class TimeContext {
  /** ring[slot][bin · 4 + i]: magnitude · log-odds (3), magnitude. */
  private readonly ring: Float32Array[];
  private readonly sums: Float64Array;
  private next = 0;
  private sinceRefresh = 0;
  /** The largest weight since the last refresh: a sum under 1e-12 of it is rounding, not signal. */
  private loudest = 0;

  constructor(
    private readonly bins: number,
    frames: number,
  ) {
    this.ring = Array.from({ length: frames + 1 }, () => new Float32Array(bins * 4));
    this.sums = new Float64Array(bins * 4);
  }

  /** Adds this frame, then writes the means into context[bin · stride + at …]. */
  fill(own: Float32Array, magnitude: Float32Array, context: Float32Array, stride: number, at: number): void {
    const { bins, ring, sums } = this;
    const slot = ring[this.next]!;
    this.next = (this.next + 1) % ring.length;
    const n = bins * 4;
    if (++this.sinceRefresh >= REFRESH) {
      this.sinceRefresh = 0;
      this.loudest = 0;
      sums.fill(0);
      for (const frame of ring) if (frame !== slot) for (let i = 0; i < n; i++) sums[i]! += frame[i]!;
    } else for (let i = 0; i < n; i++) sums[i]! -= slot[i]!;
    for (let k = 0; k < bins; k++) {
      const m = magnitude[k]!;
      const o = k * 4;
      slot[o] = m * own[k * 3]!;
      slot[o + 1] = m * own[k * 3 + 1]!;
      slot[o + 2] = m * own[k * 3 + 2]!;
      slot[o + 3] = m;
      sums[o]! += slot[o]!;
      sums[o + 1]! += slot[o + 1]!;
      sums[o + 2]! += slot[o + 2]!;
      const w = (sums[o + 3]! += m);
      if (w > this.loudest) this.loudest = w;
    }
    const silent = 1e-12 * this.loudest;
    for (let k = 0; k < bins; k++) {
      const w = sums[k * 4 + 3]!;
      const inv = w > silent ? 1 / w : 0;
      const o = k * stride + at;
      context[o] = sums[k * 4]! * inv;
      context[o + 1] = sums[k * 4 + 1]! * inv;
      context[o + 2] = sums[k * 4 + 2]! * inv;
    }
  }
}

/** Frames between exact re-summings of TimeContext's running sums. */
const REFRESH = 256;

/**
 * The song input: per bin, the magnitude-weighted mean of a pass's log-odds over every frame so far, each
 * frame `songFrames` older weighing 1/e less. No subtraction, so no rounding builds up.
 */
export class SongContext {
  /** Per bin: decayed Σ magnitude · log-odds (3), decayed Σ magnitude. */
  private readonly sums: Float64Array;
  private readonly keep: number;

  constructor(
    private readonly bins: number,
    frames: number,
  ) {
    this.sums = new Float64Array(bins * 4);
    this.keep = Math.exp(-1 / frames);
  }

  /** Adds this frame, then writes the means into context[bin · stride + at …]. */
  fill(own: Float32Array, magnitude: Float32Array, context: Float32Array, stride: number, at: number): void {
    const { bins, sums, keep } = this;
    for (let k = 0; k < bins; k++) {
      const m = magnitude[k]!;
      const o = k * 4;
      const a0 = (sums[o] = keep * sums[o]! + m * own[k * 3]!);
      const a1 = (sums[o + 1] = keep * sums[o + 1]! + m * own[k * 3 + 1]!);
      const a2 = (sums[o + 2] = keep * sums[o + 2]! + m * own[k * 3 + 2]!);
      const w = (sums[o + 3] = keep * sums[o + 3]! + m);
      const inv = w > 1e-30 ? 1 / w : 0;
      const c = k * stride + at;
      context[c] = a0 * inv;
      context[c + 1] = a1 * inv;
      context[c + 2] = a2 * inv;
    }
  }
}
