import { LongFeatureRing, logRatio } from './long-features';
import { evaluateBin } from './mask-model';
import {
  clampLowCues,
  compileLowModel,
  LOW_FEATURE_COUNT,
  lowBandOf,
  type LowBandModel,
} from './low-band-model';
import { bassNoteBySum, interpolatedPeak } from './bass-note';
import { RepetitionModel } from './repetition';
import { SpatialWiener } from './spatial-wiener';
import { SpectralStage } from './spectral-stage';

export interface LowBandOptions {
  /** STFT size of the low-band stage (power of two); the hop is a quarter of it. */
  fftSize?: number;
  /** Frames in the time median (odd). */
  timeKernel?: number;
  /** Bins in the frequency median (odd). */
  freqKernel?: number;
  /** Frames ahead over which a steady fall in level marks a drum body (0 turns the rule off). */
  decayLookahead?: number;
  /** Per-frame level ratios (at this stage's hop) between these two count as a drum body's decay. */
  decayFast?: number;
  decaySlow?: number;
  /** The stage owns everything below `fromHz` and nothing above `toHz` (cosine crossover between). */
  fromHz?: number;
  toHz?: number;
  /**
   * Pitch-tracked bass for the hand-set rules (`lowModel: false`): harmonic energy away from the partials
   * of the frame's bass note (see `bassNoteTopHz`) keeps only this share of the bass mask (the rest goes
   * on to the full-band stage, e.g. a piano's left hand or a low voice). 1 turns it off.
   */
  bassPitchFloor?: number;
  /**
   * With `bassNoteTopHz` 0: the bass note is the band's lowest harmonic peak of at least this share of
   * its strongest (the rule before subharmonic summation).
   */
  bassPitchPeak?: number;
  /** Width (standard deviation, in long bins) of the gate around each partial of the bass note. */
  bassPitchWidth?: number;
  /**
   * The bass note by subharmonic summation (bass-note.ts) of its partials up to this frequency (Hz);
   * 0: the band's lowest strong peak (`bassPitchPeak`).
   */
  bassNoteTopHz?: number;
  /**
   * Frames over which the stage's spatial Wiener filter (spatial-wiener.ts) averages each stem's stereo
   * image; 0: the masks scale both channels alike.
   */
  spatialFrames?: number;
}

/** REPET-SIM settings (in seconds, converted to this stage's frames). */
export interface RepetitionSettings {
  historySeconds: number;
  lookaheadSeconds: number;
  neighbours: number;
  minDistanceSeconds: number;
  /** Similarity is measured on bins below this frequency. */
  similarityHz: number;
  poolHz: number;
}

export const REPETITION_DEFAULTS: RepetitionSettings = {
  historySeconds: 30,
  lookaheadSeconds: 8,
  neighbours: 9,
  minDistanceSeconds: 0.35,
  similarityHz: 5000,
  poolHz: 21,
};

export type LowTuning = Required<LowBandOptions>;

/** One low-band frame's cues, for fitting the low-band model (tests/bench/audio/fit-low-band.ts). */
export interface LowFeatureFrame {
  /** Frame index of the stage; it covers its input [frame·hop − (N − hop), … + N). */
  frame: number;
  fftSize: number;
  /** Bins [0, cues.length / LOW_FEATURE_COUNT): cues[bin · LOW_FEATURE_COUNT + f], LOW_FEATURES order. */
  cues: Float32Array;
  /** The frame's tracked bass note (Hz; 0: none), whose partials the bassPartial cues are near. */
  bassHz: number;
}

/** The fitted low-band model and what reads its cues. */
export interface LowBandFit {
  /** Without one, the hand-set rules split the band (median split, decay window, pitch gate). */
  model?: LowBandModel;
  /** Scales the model's logits, as the full-band stage's `maskSharpness`. */
  sharpness?: number;
  /** Receives every frame's cues (fitting only). */
  tap?: (frame: LowFeatureFrame) => void;
}

export const LOW_DEFAULTS: LowTuning = {
  fftSize: 8192,
  timeKernel: 9,
  freqKernel: 15,
  decayLookahead: 2,
  // At this stage's hop (46 ms) the synthesizer's kick falls by 0.81 a frame, an 808 note by 0.96.
  decayFast: 0.65,
  decaySlow: 0.85,
  fromHz: 150,
  toHz: 250,
  // Chosen on dev-17 … dev-24 (outside the model's fit), plain mono SDR: see docs/audio.md.
  bassPitchFloor: 0,
  bassPitchPeak: 0.5,
  bassPitchWidth: 1.6,
  bassNoteTopHz: 800,
  // ~19 s at this stage's hop, as the full band's SPATIAL_FRAMES (docs/audio.md, A multichannel Wiener filter).
  spatialFrames: 400,
};

/**
 * Stage 1: the low band's drums (kick body) and bass, from a long window. Outputs: drums, bass.
 * With `features`, it also analyses the whole band and leaves, per frame, the long-window features the
 * full-band stage's model reads (harmonic/percussive ratio; repetition, `lookahead` frames late).
 */
export class LowBandStage extends SpectralStage {
  private readonly weight: Float32Array;
  private readonly lookahead: number;
  readonly features: LongFeatureRing | undefined;
  private readonly repetition: RepetitionModel | undefined;
  /** Frames by which the repetition feature trails the newest analysed frame. */
  readonly repetitionLag: number;
  private readonly background: Float32Array;
  private readonly eps: number;
  private repeated = 0;
  /** The bins whose features another stage reads (all when undefined): see `requireBins`. */
  private featureBins: Int32Array | undefined;
  /** With a fitted model or a tap: the cues of bins [0, M), the model's weights per bin's band. */
  private readonly cues: Float32Array;
  private readonly lowWeights: Float64Array[] | undefined;
  private readonly lowBand: Int32Array;
  private readonly identity = Int32Array.from({ length: LOW_FEATURE_COUNT }, (_, i) => i);
  private readonly probs = new Float64Array(4);

  constructor(
    sampleRate: number,
    private readonly t: LowTuning,
    features: { repetition: RepetitionSettings | false } | false = false,
    private readonly fit: LowBandFit = {},
  ) {
    super(sampleRate, t.fftSize, t.timeKernel, t.freqKernel, t.toHz, 2, features !== false);
    const bins = this.N / 2 + 1;
    const frames = (seconds: number) => Math.max(1, Math.round((seconds * sampleRate) / this.HOP));
    // Magnitudes are sums over the window (about N/4 for a full-scale sine): ε is far below any sound.
    this.eps = 1e-6 * this.N;
    if (t.spatialFrames > 0) this.spatial = new SpatialWiener(this.M, 2, t.spatialFrames);
    this.background = new Float32Array(features ? bins : 0);
    const rep = features ? features.repetition : false;
    this.repetitionLag = rep ? Math.max(this.DELAY, frames(rep.lookaheadSeconds)) : this.DELAY;
    if (features) this.features = new LongFeatureRing(bins, this.repetitionLag + 64);
    if (rep) {
      this.repetition = new RepetitionModel({
        bins,
        similarityBins: Math.min(bins, Math.round(rep.similarityHz / this.binHz)),
        pool: Math.max(1, Math.round(rep.poolHz / this.binHz)),
        history: frames(rep.historySeconds),
        lookahead: this.repetitionLag,
        neighbours: rep.neighbours,
        minDistance: frames(rep.minDistanceSeconds),
      });
    }
    this.lookahead = Math.max(0, Math.min(t.decayLookahead, this.DELAY));
    const sharpness = fit.sharpness ?? 1;
    this.lowWeights = fit.model
      ? compileLowModel(fit.model).map((w) => w.map((v) => v * sharpness))
      : undefined;
    this.cues = new Float32Array(fit.model || fit.tap ? this.M * LOW_FEATURE_COUNT : 0);
    this.lowBand = Int32Array.from({ length: this.M }, (_, k) => lowBandOf(k * this.binHz));
    this.weight = new Float32Array(this.M);
    const { fromHz: lo, toHz: hi } = t;
    for (let k = 0; k < this.M; k++) {
      const f = k * this.binHz;
      this.weight[k] = f <= lo ? 1 : f >= hi ? 0 : 0.5 + 0.5 * Math.cos((Math.PI * (f - lo)) / (hi - lo));
    }
  }

  /**
   * Only these bins' features are read (the full-band stage's bins map onto every fourth long bin):
   * medians and features are then computed for them and the masked band only.
   */
  requireBins(bins: ArrayLike<number>): void {
    const unique = Int32Array.from(new Set(Array.from(bins))).sort();
    this.featureBins = unique;
    this.medianBins = unique.filter((k) => k >= this.M);
  }

  /** The stage's window length (points). */
  get fftSize(): number {
    return this.N;
  }

  /** Long bin nearest `hz`. */
  binOf(hz: number): number {
    return Math.min(this.N / 2, Math.round(hz / this.binHz));
  }

  /**
   * Input samples before this index can go to the full-band stage: every frame it then completes finds
   * its long-window features (their repetition feature trails the analysis by `repetitionLag` frames).
   */
  readyUntil(): number {
    const t = this.analysedFrames - 1 - this.repetitionLag;
    return t < 0 ? 0 : this.frameCentre(t) - this.HOP;
  }

  /** Long frame whose centre is nearest input sample `n`. */
  frameAt(n: number): number {
    return Math.round((n + this.pad - this.N / 2) / this.HOP);
  }

  protected override afterAnalysis(j: number, slot: number): void {
    if (!this.repetition) return;
    this.repetition.add(this.ring[slot]!.mag);
    const t = j - this.repetitionLag;
    if (t >= 0) this.repeat(t);
  }

  /** Repetition feature of frame t (called once per frame, in order). */
  private repeat(t: number): void {
    const features = this.features!;
    const s = features.slot(t);
    const out = features.repetition[s]!;
    this.repeated = t + 1;
    // With nothing to compare with (an input shorter than the minimum distance) it stays 0.
    const only = this.featureBins;
    if (this.repetition!.background(t, this.background, only) === 0) return;
    const frame = this.repetition!.magnitudes(t);
    if (only) for (const k of only) out[k] = logRatio(this.background[k]!, frame[k]!, this.eps);
    else for (let k = 0; k < out.length; k++) out[k] = logRatio(this.background[k]!, frame[k]!, this.eps);
  }

  /** Repetition features of the last frames, which the lookahead never reached (call after `end`). */
  finishFeatures(): void {
    if (!this.repetition) return;
    for (let t = this.repeated; t < this.repetition.count; t++) this.repeat(t);
  }

  protected computeMasks(t: number): void {
    const f0 = this.bassNote();
    if (this.features) {
      const s = this.features.slot(t);
      this.features.bassHz[s] = f0 * this.binHz;
      const out = this.features.hp[s]!;
      const only = this.featureBins;
      if (only) for (const k of only) out[k] = logRatio(this.harmonic[k]!, this.percussive[k]!, this.eps);
      else
        for (let k = 0; k < out.length; k++)
          out[k] = logRatio(this.harmonic[k]!, this.percussive[k]!, this.eps);
    }
    const [drumMask, bassMask] = this.masks as [Float32Array, Float32Array];
    if (this.cues.length) this.readCues(t, f0);
    if (this.lowWeights) {
      const { M, weight, probs, cues, lowWeights, lowBand, identity } = this;
      for (let k = 0; k < M; k++) {
        evaluateBin(lowWeights[lowBand[k]!]!, identity, cues, k * LOW_FEATURE_COUNT, probs);
        drumMask[k] = probs[1]! * weight[k]!;
        bassMask[k] = probs[2]! * weight[k]!;
      }
      return;
    }
    const { M, K, magT, harmonic, percussive, weight, lookahead } = this;
    const { decayFast, decaySlow } = this.t;
    const nowSlot = t % K;
    const laterSlot = (t + lookahead) % K;
    for (let k = 0; k < M; k++) {
      const h = harmonic[k]!;
      const p = percussive[k]!;
      const hh = h * h;
      const pp = p * p;
      let drums = hh + pp > 1e-20 ? pp / (hh + pp) : 0;
      if (lookahead > 0) {
        const now = magT[k * K + nowSlot]! + 1e-9;
        const later = magT[k * K + laterSlot]! + 1e-9;
        const rate = Math.pow(later / now, 1 / lookahead);
        if (rate >= decayFast && rate <= decaySlow) drums = 1;
      }
      drumMask[k] = drums * weight[k]!;
      bassMask[k] = (1 - drums) * weight[k]!;
    }
    if (this.t.bassPitchFloor < 1) this.keepBassPartials(bassMask, f0);
  }

  /** The cues of frame t's bins [0, M) (low-band-model.ts LOW_FEATURES), clamped; to the tap too. */
  private readCues(t: number, f0: number): void {
    const { M, K, magT, harmonic, percussive, lookahead, cues, eps } = this;
    const { decayFast, decaySlow } = this.t;
    const F = LOW_FEATURE_COUNT;
    const cur = this.ring[t % K]!;
    const nowSlot = t % K;
    const laterSlot = (t + lookahead) % K;
    const beforeSlot = (t - 1 + K) % K;
    let loudest = 0;
    for (let k = 0; k < M; k++) if (cur.mag[k]! > loudest) loudest = cur.mag[k]!;
    const floor = loudest * 1e-6 + eps;
    for (let k = 0; k < M; k++) {
      const o = k * F;
      cues[o] = logRatio(harmonic[k]!, percussive[k]!, eps);
      const now = magT[k * K + nowSlot]! + 1e-9;
      const rate = lookahead > 0 ? Math.pow((magT[k * K + laterSlot]! + 1e-9) / now, 1 / lookahead) : 1;
      cues[o + 1] = Math.log(rate);
      cues[o + 2] = rate >= decayFast && rate <= decaySlow ? 1 : 0;
      cues[o + 3] = f0 > 0 ? this.partialCloseness(k, f0) : 0;
      cues[o + 4] = f0 > 0 && k < 0.75 * f0 ? 1 : 0;
      cues[o + 5] = f0 > 0 ? 0 : 1;
      cues[o + 6] = Math.log10((cur.mag[k]! + floor) / (loudest + floor));
      const [lr, li, rr, ri] = [cur.lr[k]!, cur.li[k]!, cur.rr[k]!, cur.ri[k]!];
      cues[o + 7] = (2 * (lr * rr + li * ri)) / (lr * lr + li * li + rr * rr + ri * ri + 1e-30);
      // Frame 0's "before" slot is still empty: its onset clamps to the top of the range.
      cues[o + 8] = logRatio(cur.mag[k]!, magT[k * K + beforeSlot]!, eps);
      clampLowCues(cues, o);
    }
    this.fit.tap?.({ frame: t, fftSize: this.N, cues, bassHz: f0 * this.binHz });
  }

  /**
   * The frame's bass note, in long bins (interpolated); 0 if none: its lowest strong harmonic peak, or
   * with `bassNoteTopHz` the best-supported fundamental of its peaks (bass-note.ts).
   */
  private bassNote(): number {
    const { M, harmonic } = this;
    if (this.t.bassNoteTopHz > 0)
      return bassNoteBySum(harmonic, { binHz: this.binHz, topHz: this.t.bassNoteTopHz }, this.eps);
    const first = Math.max(2, this.binOf(28));
    let strongest = 0;
    for (let k = first; k < M - 1; k++) {
      const h = harmonic[k]!;
      if (h > harmonic[k - 1]! && h >= harmonic[k + 1]! && h > strongest) strongest = h;
    }
    if (strongest <= this.eps) return 0;
    for (let k = first; k < M - 1; k++) {
      const h = harmonic[k]!;
      if (h > harmonic[k - 1]! && h >= harmonic[k + 1]! && h >= this.t.bassPitchPeak * strongest)
        return interpolatedPeak(harmonic, k, this.eps);
    }
    return 0;
  }

  /** How close bin k is (1 on it, Gaussian around it) to the nearest partial of a note at bin f0. */
  private partialCloseness(k: number, f0: number): number {
    // A Hann window's main lobe spans ±2 bins; partials drift a little more the higher they are.
    const partial = Math.max(1, Math.round(k / f0));
    const distance = (k - partial * f0) / (this.t.bassPitchWidth * (1 + 0.05 * partial));
    return Math.exp(-0.5 * distance * distance);
  }

  /** Scales the bass mask down away from the partials of the frame's bass note. */
  private keepBassPartials(bassMask: Float32Array, f0: number): void {
    if (f0 <= 0) return;
    const floor = this.t.bassPitchFloor;
    for (let k = 0; k < this.M; k++)
      bassMask[k] = bassMask[k]! * (floor + (1 - floor) * this.partialCloseness(k, f0));
  }
}
