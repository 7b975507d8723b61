import {
  compileContext,
  contextInputs,
  harmonicContext,
  neighbourhoods,
  SongContext,
  songAt,
  TimeContext,
  timeSpan,
  type ContextModel,
} from './context-model';
import { logRatio } from './long-features';
import type { LowBandModel } from './low-band-model';
import type { LowBandOptions, LowBandStage, LowFeatureFrame, RepetitionSettings } from './low-band-stage';
import {
  bandOf,
  COLUMN_COUNT,
  compileModel,
  evaluateBin,
  evaluateLogOdds,
  FEATURE_COUNT,
  FEATURES,
  PRODUCT_FACTORS,
  CUE_RANGE,
  type MaskModel,
} from './mask-model';
import { evaluatedBins, fillSkipped } from './sparse-bins';
import { SpatialWiener } from './spatial-wiener';
import { SpectralStage } from './spectral-stage';

/** One full-band frame's features, for fitting the model (tests/bench/audio/fit-separator-model.ts). */
export interface FeatureFrame {
  /**
   * Frame index of the full-band stage; it covers its input [frame·hop − (N − hop), … + N). Everything
   * below is this frame's, also when the passes hold the masks back (the futureFrames of context-model.ts).
   */
  frame: number;
  fftSize: number;
  /** features[bin · COLUMN_COUNT + f], in FEATURES order (the products after them may be unset). */
  features: Float32Array;
  /** √(|L|² + |R|²) per bin. */
  magnitude: Float32Array;
  /** With passes after the first: the last one's inputs, context[bin · contextInputs + i] (context-model.ts). */
  context?: Float32Array;
}

export interface DspSeparatorOptions {
  /** STFT size (power of two) of the full-band stage; the hop is a quarter of it. */
  fftSize?: number;
  /** Frames in the time median (odd): longer calls only longer sounds harmonic. */
  timeKernel?: number;
  /** Bins in the frequency median (odd). */
  freqKernel?: number;
  /**
   * From this frequency up the mask model runs on every other bin, and from `sparserFromHz` on every
   * fourth, the bins between interpolated (sparse-bins.ts); `Infinity`: every bin. Fitting (a `tap`)
   * always reads every bin.
   */
  sparseFromHz?: number;
  sparserFromHz?: number;
  /** The mask model (default: the fitted one). */
  model?: MaskModel;
  /**
   * The mask model's passes after the first, over each bin's neighbourhood (default: the fitted ones,
   * unless `model` is given: they were fitted over the shipped first pass); `false`: none.
   */
  context?: readonly ContextModel[] | false;
  /**
   * The first pass and later passes for frames whose two channels are the same (a mono recording, or one
   * exported as stereo), fitted on mono copies of the dev pieces (default: the fitted ones, unless `model`
   * or `context` is given); `false`: the stereo models on every frame. The stereo models learnt that a
   * centred, coherent sound is an instrument (the material widens its voices): in a mono file all is.
   */
  mono?: MonoModels | false;
  /**
   * Scales the model's logits: softmax(s·z) = p_i^s / Σ p_j^s, a generalised Wiener mask. The model is
   * fitted to magnitude ratios |S_i| / Σ|S_j|; s = 2 turns them into power ratios |S_i|² / Σ|S_j|².
   */
  maskSharpness?: number;
  /** The long-window low-band stage (kick body vs bass, long-window features); `false` skips it. */
  lowBand?: LowBandOptions | false;
  /**
   * The low-band stage's fitted model (default: the shipped one, low-band-model-weights.ts); `false`: its
   * hand-set rules instead.
   */
  lowModel?: LowBandModel | false;
  /** Scales the low-band model's logits (as `maskSharpness`). */
  lowSharpness?: number;
  /** Receives every low-band frame's cues (fitting only). */
  lowTap?: (frame: LowFeatureFrame) => void;
  /** REPET-SIM on the long window; `false` leaves the repetition feature at 0. */
  repetition?: Partial<RepetitionSettings> | false;
  /** Receives every full-band frame's features (fitting only; slows the separation down). */
  tap?: (frame: FeatureFrame) => void;
  /**
   * The full band's masks through a multichannel Wiener filter whose spatial covariances are averaged
   * over this many frames (spatial-wiener.ts; default `SPATIAL_FRAMES`); `false` or 0: the masks scale
   * both channels alike.
   */
  spatialWiener?: number | false;
}

export interface MonoModels {
  model: MaskModel;
  /** As many passes as the stereo models have, each of the same shape. */
  context: readonly ContextModel[];
}

export type Tuning = Required<
  Pick<DspSeparatorOptions, 'fftSize' | 'timeKernel' | 'freqKernel' | 'sparseFromHz' | 'sparserFromHz'>
>;

/**
 * A 4096-point window (93 ms at 44.1 kHz, hop 1024; Open-Unmix's too): the oracle ratio mask on
 * dev-17 … 24 rises 8.45 → 9.10 dB over 2048 points, and the refitted separator 0.05–0.24 dB on every
 * dev block and 0.20 dB on the held-out half, read once (docs/audio.md, A longer window and The longer
 * window shipped). The median kernels keep their extents: 9 frames (~210 ms) and 61 bins (~660 Hz).
 */
export const DEFAULTS: Tuning = {
  fftSize: 4096,
  timeKernel: 9,
  freqKernel: 61,
  sparseFromHz: 4000,
  sparserFromHz: 8000,
};

/**
 * Default `maskSharpness`: between the fitted magnitude ratios (1) and power ratios, the Wiener gain
 * (2); on dev-09 … dev-11 (not in the fit) both 1.5 and 2 raised the mean plain SDR by ~0.2 dB, and 1.5
 * kept the vocals better (tests/bench/audio/separator-sweep.ts).
 */
export const MASK_SHARPNESS = 1.5;

/**
 * Default `spatialWiener`: the time constant, in full-band frames (800 hops of 1024 samples, ~19 s at
 * 44.1 kHz), of the spatial filter's covariance averages. On the dev blocks outside the fit ~1.2, ~4.6
 * and ~19 s gained 0.04–0.09, 0.06–0.14 and 0.07–0.16 dB mean plain SDR, longer ones no more
 * (docs/audio.md, A multichannel Wiener filter; measured with the 2048-point window).
 */
export const SPATIAL_FRAMES = 800;

/** Spacing of the long-window bins whose cues the full band reads (Hz at 44.1 kHz: 4 of 8192 points). */
const LONG_GRID_HZ = 21.5;

/**
 * A frame is mono when its side (L − R) has at most this share of its mid's (L + R) power: −40 dB, far
 * below a stereo mix's (−10 … −20 dB) and above a lossy codec's leftovers in a mono file sent as stereo.
 * Digital silence is not: a stereo file's frames are all masked by the stereo models.
 */
const MONO_SIDE_SHARE = 1e-4;

/** Frames on each side over which the instantaneous-frequency spread is measured. */
const VIBRATO_HALF = 4;

/**
 * Stage 2: vocals, drums and bass over the whole band (on what the low-band stage left), by the mask
 * model from each bin's features: this stage's own (short-window harmonic/percussive ratio, stereo
 * coherence and panning, instantaneous-frequency spread, level) and the low-band stage's long-window
 * ones at the same instant (harmonic/percussive ratio, repetition). Outputs: drums, bass, vocals.
 */
export class FullBandStage extends SpectralStage {
  private readonly x: Float32Array;
  private readonly band: Int32Array;
  private readonly longBin: Int32Array;
  private readonly weights: Float64Array[];
  /** The first pass's weights for mono frames (`MonoModels`), if any. */
  private readonly monoWeights: Float64Array[] | undefined;
  /** Per ring slot: 1 if that frame is masked by the mono models. */
  private readonly monoFrames: Uint8Array;
  private readonly columns: Int32Array;
  /** Whether the model reads any product of cues (they are computed only then). */
  private readonly products: boolean;
  /** Per product: its two cue columns (flat, for the per-bin loop). */
  private readonly factorAt = Int32Array.from(PRODUCT_FACTORS.flat());
  /** Per cue, the bounds it is clamped to (mask-model.ts CUE_RANGE). */
  private readonly cueLo = Float64Array.from(FEATURES, (f) => CUE_RANGE[f][0]);
  private readonly cueHi = Float64Array.from(FEATURES, (f) => CUE_RANGE[f][1]);
  private readonly probs = new Float64Array(4);
  /** Instantaneous-frequency deviation (bins) per bin and ring slot: devT[bin·K + slot]. */
  private readonly devT: Float32Array;
  /** Phase of L + R per bin in the previous frame. */
  private readonly lastPhase: Float32Array;
  private readonly eps: number;
  /** The bins the model evaluates below A and M (sparse-bins.ts). */
  private readonly evaluatedA: Int32Array;
  private readonly evaluatedM: Int32Array;
  private readonly vibratoSlots = new Int32Array(2 * VIBRATO_HALF + 1);
  /** With a tap and held-back masks: the last frames' features, so the tap reports the masked frame's. */
  private readonly tapFeatures: Float32Array[];
  /** The passes after the first (context-model.ts): their weights per band, their inputs per bin. */
  private readonly passes: {
    weights: Float64Array[];
    monoWeights: Float64Array[] | undefined;
    halfWidths: readonly number[];
    time: TimeContext | undefined;
    song: SongContext | undefined;
    /** Where the song input's columns start. */
    songAt: number;
    harmonics: readonly number[];
    /** Scratch: window sums per bin (context-model.ts). */
    sums: Float64Array;
    /** Frames the pass holds its output back, to read them. */
    future: number;
    /** The previous pass's log-odds per bin (3 each), of the last `future` + 1 frames (frame % length). */
    own: Float32Array[];
    inputs: Float32Array;
    columns: Int32Array;
  }[];

  constructor(
    sampleRate: number,
    t: Tuning,
    model: MaskModel,
    private readonly long: LowBandStage | undefined,
    private readonly tap?: (frame: FeatureFrame) => void,
    sharpness = 1,
    context: readonly ContextModel[] = [],
    spatialFrames = SPATIAL_FRAMES,
    mono?: MonoModels,
  ) {
    const lag = context.reduce((sum, pass) => sum + (pass.futureFrames ?? 0), 0);
    super(sampleRate, t.fftSize, t.timeKernel, t.freqKernel, sampleRate, 3, false, lag);
    if (this.DELAY < VIBRATO_HALF) throw new RangeError('StemSplitStream: time kernel too short');
    const { weights, columns } = compileModel(model);
    const sharpen = (all: Float64Array[]) =>
      sharpness === 1 ? all : all.map((w) => w.map((v) => v * sharpness));
    // Each pass gives the next its log-odds; only the last pass's masks are sharpened.
    this.weights = context.length ? weights : sharpen(weights);
    if (mono) checkMonoModels(model, context, mono);
    const monoFirst = mono && compileModel(mono.model).weights;
    this.monoWeights = monoFirst && (context.length ? monoFirst : sharpen(monoFirst));
    this.monoFrames = new Uint8Array(this.K);
    const compilePass = (pass: ContextModel, i: number) =>
      i === context.length - 1 ? sharpen(compileContext(pass)) : compileContext(pass);
    this.passes = context.map((pass, i) => ({
      weights: compilePass(pass, i),
      monoWeights: mono && compilePass(mono.context[i]!, i),
      halfWidths: pass.halfWidths,
      time: timeSpan(pass) ? new TimeContext(this.A, timeSpan(pass)) : undefined,
      song: pass.songFrames ? new SongContext(this.A, pass.songFrames) : undefined,
      songAt: songAt(pass),
      harmonics: pass.harmonics ?? [],
      sums: new Float64Array(this.A * 4),
      future: pass.futureFrames ?? 0,
      own: Array.from({ length: (pass.futureFrames ?? 0) + 1 }, () => new Float32Array(this.A * 3)),
      inputs: new Float32Array(this.A * contextInputs(pass)),
      columns: Int32Array.from({ length: contextInputs(pass) }, (_, c) => c),
    }));
    this.columns = columns;
    this.products = columns.some((c) => c >= FEATURE_COUNT);
    this.x = new Float32Array(this.A * COLUMN_COUNT);
    this.tapFeatures =
      tap && lag ? Array.from({ length: lag + 1 }, () => new Float32Array(this.x.length)) : [];
    this.band = new Int32Array(this.A);
    this.longBin = new Int32Array(this.A);
    // The long window's cues are read on a grid of ~21.5 Hz (every 4th 8192-point bin), not at each of
    // this stage's bins: each long bin read costs the low-band stage its medians and its REPET median,
    // and a 4096-point window would read twice as many. Neighbouring long bins lie within one main lobe.
    const grid = long ? Math.max(1, Math.round((LONG_GRID_HZ / sampleRate) * long.fftSize)) : 1;
    for (let k = 0; k < this.A; k++) {
      this.band[k] = bandOf(k * this.binHz);
      const on = long ? grid * Math.round(long.binOf(k * this.binHz) / grid) : 0;
      this.longBin[k] = long && on > long.fftSize / 2 ? on - grid : on;
    }
    long?.requireBins(this.longBin);
    this.devT = new Float32Array(this.A * this.K);
    this.lastPhase = new Float32Array(this.A);
    this.eps = 1e-6 * this.N;
    const binOf = (hz: number) => (tap ? this.A : Math.min(this.A, Math.ceil(hz / this.binHz)));
    const [second, fourth] = [binOf(t.sparseFromHz), binOf(t.sparserFromHz)];
    this.evaluatedA = evaluatedBins(this.A, second, fourth);
    this.evaluatedM = evaluatedBins(this.M, second, fourth);
    if (spatialFrames > 0) this.spatial = new SpatialWiener(this.M, 3, spatialFrames);
  }

  /** Phase advance of L + R against the previous frame, less the bin's own: the frequency deviation. */
  protected override afterAnalysis(j: number, slot: number): void {
    const { K, devT, N, HOP, lastPhase, evaluatedA } = this;
    const cur = this.ring[slot]!;
    const TWO_PI = 2 * Math.PI;
    for (let i = 0; i < evaluatedA.length; i++) {
      const k = evaluatedA[i]!;
      const a = Math.atan2(cur.li[k]! + cur.ri[k]!, cur.lr[k]! + cur.rr[k]!);
      let d = a - lastPhase[k]! - (TWO_PI * k * HOP) / N;
      d -= TWO_PI * Math.round(d / TWO_PI);
      devT[k * K + slot] = j === 0 ? 0 : (d * N) / (TWO_PI * HOP);
      lastPhase[k] = a;
    }
  }

  protected computeMasks(t: number): void {
    const { A, K, x, harmonic, percussive, devT, eps, cueLo, cueHi } = this;
    const F = COLUMN_COUNT;
    const cur = this.ring[t % K]!;
    let loudest = 0;
    for (let k = 0; k < A; k++) if (cur.mag[k]! > loudest) loudest = cur.mag[k]!;
    const floor = loudest * 1e-6 + eps;
    // The long stage's frame at this frame's centre (it is ahead of this stage: see StemSplitStream).
    let longSlot = -1;
    if (this.long?.features) longSlot = this.long.features.find(this.long.frameAt(this.frameCentre(t)));
    const hpLong = longSlot >= 0 ? this.long!.features!.hp[longSlot]! : undefined;
    const rep = longSlot >= 0 ? this.long!.features!.repetition[longSlot]! : undefined;
    const bassHz = longSlot >= 0 ? this.long!.features!.bassHz[longSlot]! : 0;
    // The tracked bass note in this stage's bins (0: none), for the bassPartial cue.
    const bassBins = bassHz / this.binHz;
    // The ring slots of the frames the vibrato cue reads (once a frame, not per bin).
    const { vibratoSlots } = this;
    for (let d = -VIBRATO_HALF; d <= VIBRATO_HALF; d++) vibratoSlots[d + VIBRATO_HALF] = (t + d + K) % K;
    const { evaluatedA, evaluatedM } = this;
    for (let i = 0; i < evaluatedA.length; i++) {
      const k = evaluatedA[i]!;
      const o = k * F;
      x[o] = logRatio(harmonic[k]!, percussive[k]!, eps);
      const lb = this.longBin[k]!;
      x[o + 1] = hpLong ? hpLong[lb]! : 0;
      x[o + 2] = rep ? rep[lb]! : 0;
      const lr = cur.lr[k]!;
      const li = cur.li[k]!;
      const rr = cur.rr[k]!;
      const ri = cur.ri[k]!;
      const pl = lr * lr + li * li;
      const pr = rr * rr + ri * ri;
      const power = pl + pr + 1e-30;
      x[o + 3] = (2 * (lr * rr + li * ri)) / power;
      x[o + 4] = Math.abs(pl - pr) / power;
      let s1 = 0;
      let s2 = 0;
      for (let i = 0; i < vibratoSlots.length; i++) {
        const v = devT[k * K + vibratoSlots[i]!]!;
        s1 += v;
        s2 += v * v;
      }
      const n = vibratoSlots.length;
      const spread = Math.sqrt(Math.max(0, s2 / n - (s1 / n) ** 2));
      x[o + 5] = Math.log(spread + 1e-3);
      x[o + 6] = Math.log10((cur.mag[k]! + floor) / (loudest + floor));
      x[o + 7] = logRatio(cur.mag[k]!, harmonic[k]!, eps);
      x[o + 8] = bassBins > 0 ? bassPartialCloseness(k, bassBins) : 0;
      // Each cue within the range the model was fitted on: a linear term grows without bound outside
      // it (a pure tone's harmonic/percussive ratio is 6 where the fit saw almost nothing over 3).
      for (let c = 0; c < FEATURE_COUNT; c++) {
        const v = x[o + c]!;
        x[o + c] = v < cueLo[c]! ? cueLo[c]! : v > cueHi[c]! ? cueHi[c]! : v;
      }
      if (this.products) {
        // The factors are the cues, clamped above.
        const { factorAt } = this;
        for (let p = 0; p < factorAt.length; p += 2)
          x[o + FEATURE_COUNT + (p >> 1)] = x[o + factorAt[p]!]! * x[o + factorAt[p + 1]!]!;
      }
    }
    const [drumMask, bassMask, vocalMask] = this.masks as [Float32Array, Float32Array, Float32Array];
    const { probs, band, passes } = this;
    // The first pass over every bin, then each later pass over each bin beside its neighbours' and its
    // own recent log-odds from the pass before; the last pass gives the masks. A pass that reads later
    // frames gives the next pass (or the masks) an earlier frame: `frame`.
    // Each pass masks a frame with the models of that frame's kind (a later pass's frame is an earlier one).
    const { monoFrames } = this;
    monoFrames[t % K] = this.monoWeights !== undefined && isMonoFrame(cur, A) ? 1 : 0;
    let weights = monoFrames[t % K] ? this.monoWeights! : this.weights;
    let [columns, inputs, stride] = [this.columns, x, F];
    let frame = t;
    // Kept only with a tap and held-back masks (t % 0 is NaN: no slot otherwise).
    this.tapFeatures[t % this.tapFeatures.length]?.set(x);
    for (const pass of passes) {
      const own = pass.own[frame % pass.own.length]!;
      for (let i = 0; i < evaluatedA.length; i++) {
        const k = evaluatedA[i]!;
        evaluateLogOdds(weights[band[k]!]!, columns, inputs, k * stride, own, k * 3);
      }
      fillSkipped(own, 3, evaluatedA);
      const at = pass.columns.length - 3;
      pass.time?.fill(own, this.ring[frame % K]!.mag, pass.inputs, pass.columns.length, at);
      pass.song?.fill(own, this.ring[frame % K]!.mag, pass.inputs, pass.columns.length, pass.songAt);
      frame -= pass.future;
      if (frame < 0) return;
      const mag = this.ring[frame % K]!.mag;
      // The time and song inputs (filled above) stay; the bin's own, its neighbourhoods and its harmonic
      // relatives are this frame's.
      const target = pass.own[frame % pass.own.length]!;
      neighbourhoods(target, mag, A, pass.halfWidths, pass.inputs, pass.sums);
      if (pass.harmonics.length) {
        const stride = pass.columns.length;
        const at = 3 * (1 + pass.halfWidths.length);
        harmonicContext(target, mag, A, pass.harmonics, pass.inputs, stride, at, pass.sums);
      }
      weights = monoFrames[frame % K] ? pass.monoWeights! : pass.weights;
      [columns, inputs, stride] = [pass.columns, pass.inputs, pass.columns.length];
    }
    if (this.tap) {
      const { tapFeatures } = this;
      this.tap({
        frame,
        fftSize: this.N,
        features: tapFeatures.length ? tapFeatures[frame % tapFeatures.length]! : x,
        magnitude: this.ring[frame % K]!.mag,
        context: passes.at(-1)?.inputs,
      });
    }
    for (let i = 0; i < evaluatedM.length; i++) {
      const k = evaluatedM[i]!;
      evaluateBin(weights[band[k]!]!, columns, inputs, k * stride, probs);
      vocalMask[k] = probs[0]!;
      drumMask[k] = probs[1]!;
      bassMask[k] = probs[2]!;
    }
    for (const mask of [vocalMask, drumMask, bassMask]) fillSkipped(mask, 1, evaluatedM);
  }
}

type Spectra = Record<'lr' | 'li' | 'rr' | 'ri', Float64Array>;

/** Whether a frame's side carries (almost) nothing: see `MONO_SIDE_SHARE`. */
function isMonoFrame({ lr, li, rr, ri }: Spectra, bins: number): boolean {
  let side = 0;
  let mid = 0;
  for (let k = 0; k < bins; k++) {
    side += (lr[k]! - rr[k]!) ** 2 + (li[k]! - ri[k]!) ** 2;
    mid += (lr[k]! + rr[k]!) ** 2 + (li[k]! + ri[k]!) ** 2;
  }
  return mid > 0 && side <= MONO_SIDE_SHARE * mid;
}

/** The mono models must read what the stereo ones read: the same cues and passes of the same shape. */
function checkMonoModels(model: MaskModel, context: readonly ContextModel[], mono: MonoModels): void {
  const shape = (pass: ContextModel) => JSON.stringify({ ...pass, weights: undefined });
  if (
    mono.model.features.join() !== model.features.join() ||
    mono.context.length !== context.length ||
    mono.context.some((pass, i) => shape(pass) !== shape(context[i]!))
  )
    throw new RangeError('StemSplitStream: the mono models differ in shape from the stereo ones');
}

/**
 * How close bin k lies to the nearest partial (up to the 16th) of a note of `f0` bins: 1 / (1 + d²), d the
 * distance in bins over a width that grows with the partial (the long window's pitch estimate is off by
 * a fraction of a bin there, h times that at the h-th partial). 0 past the 16th partial.
 */
export function bassPartialCloseness(k: number, f0: number): number {
  const partial = Math.max(1, Math.round(k / f0));
  if (partial > 16) return 0;
  const d = (k - partial * f0) / (1 + 0.1 * partial);
  return 1 / (1 + d * d);
}
