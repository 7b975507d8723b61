import { Fft, joinPair, splitPair, type ComplexArray } from '../../../shared/audio/fft';
import { DecimatedSynthesis } from './decimated-synthesis';
import { mediansAt, replaceSorted, slidingMedian } from './median';
import type { SpatialWiener, StereoOut } from './spatial-wiener';

/** Σ w² over the overlapping Hann windows at hop N/4. */
const OLA_NORM = 1.5;

/** Float frames a stage finalised: its (delayed) input and each output, planar, left then right. */
export interface FloatBlock {
  frames: number;
  inL: Float64Array;
  inR: Float64Array;
  out: Float64Array[];
}

export function floatBlock(capacity: number, outputs: number): FloatBlock {
  return {
    frames: 0,
    inL: new Float64Array(capacity),
    inR: new Float64Array(capacity),
    out: Array.from({ length: 2 * outputs }, () => new Float64Array(capacity)),
  };
}

/**
 * One streaming STFT stage: analyses bins [0, analysisBins), lets `computeMasks` fill `outputs` masks
 * over bins [0, maskBins) for the frame whose time-median neighbourhood is complete, and overlap-adds
 * the masked spectra. Output lags the input by (N − hop) + ((K − 1)/2 + maskLag) · hop frames.
 */
export abstract class SpectralStage {
  protected readonly N: number;
  protected readonly HOP: number;
  protected readonly K: number;
  protected readonly DELAY: number;
  protected readonly FREQ_K: number;
  /** Bins analysed (magnitudes, medians) and bins resynthesised. */
  protected readonly A: number;
  protected readonly M: number;
  protected readonly binHz: number;
  /** Input frames before the first frame's start (frame t covers input [t·HOP − pad, t·HOP − pad + N)). */
  protected readonly pad: number;
  private readonly fft: Fft;
  private readonly window: Float64Array;
  /** The synthesis window: Hann scaled so overlap-added frames sum to one. */
  private readonly synthesis: Float64Array;
  /** Reused between pushes (the caller consumes a block before the next push). */
  private block: FloatBlock;
  protected readonly ring: {
    lr: Float64Array;
    li: Float64Array;
    rr: Float64Array;
    ri: Float64Array;
    mag: Float32Array;
  }[];
  protected readonly magT: Float32Array;
  /** Per bin, the same K magnitudes sorted (sortedT[bin·K …]): the time median is its middle entry. */
  private readonly sortedT: Float32Array;
  /** Bins whose time median is needed (set at the first frame, after `medianBins`). */
  private medianed: Int32Array | undefined;
  private readonly sorted: Float32Array;
  protected readonly harmonic: Float32Array;
  protected readonly percussive: Float32Array;
  /**
   * When set, the medians are computed for bins [0, M) and these bins only (the others stay stale): a
   * stage that analyses every bin for another stage's features but needs only some of them.
   */
  protected medianBins: Int32Array | undefined;
  /** The FFT's input and output, interleaved (L + iR in the time domain). */
  private readonly zIn: ComplexArray;
  private readonly zOut: ComplexArray;
  /** Resynthesis at a reduced rate for a band-limited stage (decimated-synthesis.ts). */
  private readonly decimated: DecimatedSynthesis | undefined;
  protected readonly masks: Float32Array[];
  /** When set, the masks go through this multichannel Wiener filter instead of scaling both channels. */
  protected spatial: SpatialWiener | undefined;
  private spatialOut: StereoOut[] = [];
  private readonly half: [Float64Array, Float64Array, Float64Array, Float64Array];
  private readonly inL: Float64Array;
  private readonly inR: Float64Array;
  private readonly acc: Float64Array[];
  private readonly histL: Float64Array;
  private readonly histR: Float64Array;
  private filled = 0;
  private analysed = 0;
  private received = 0;
  private emitted = 0;

  constructor(
    sampleRate: number,
    fftSize: number,
    timeKernel: number,
    freqKernel: number,
    maxHz: number,
    private readonly outputs: number,
    /** Analyse every bin (for features), whatever band the masks cover. */
    analyseAll = false,
    /**
     * Frames the masks trail the newest frame with complete medians: `computeMasks(t)` fills the masks of
     * frame t − maskLag (a mask that reads later frames' features); at most (K − 1)/2, the ring's margin.
     */
    private readonly maskLag = 0,
  ) {
    const N = (this.N = fftSize);
    if (N < 16 || (N & (N - 1)) !== 0)
      throw new RangeError('StemSplitStream: FFT size must be a power of two');
    this.HOP = N / 4;
    const bins = N / 2 + 1;
    this.K = timeKernel | 1;
    this.DELAY = (this.K - 1) / 2;
    this.FREQ_K = freqKernel | 1;
    if (!(maskLag >= 0 && maskLag <= this.DELAY)) throw new RangeError('StemSplitStream: mask lag too long');
    this.binHz = sampleRate / N;
    this.M = Math.min(bins, Math.ceil(maxHz / this.binHz) + 1);
    this.A = analyseAll || this.M === bins ? bins : Math.min(bins, this.M + (this.FREQ_K >> 1) + 1);
    this.pad = N - this.HOP;
    this.fft = new Fft(N);
    this.window = new Float64Array(N);
    for (let i = 0; i < N; i++) this.window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / N);
    this.synthesis = this.window.map((w) => w / OLA_NORM);
    this.block = floatBlock(0, outputs);
    const A = this.A;
    this.ring = Array.from({ length: this.K }, () => ({
      lr: new Float64Array(A),
      li: new Float64Array(A),
      rr: new Float64Array(A),
      ri: new Float64Array(A),
      mag: new Float32Array(A),
    }));
    // Magnitudes bin-major too, so the time median reads contiguous memory: magT[bin·K + slot].
    this.magT = new Float32Array(A * this.K);
    this.sortedT = new Float32Array(A * this.K);
    this.sorted = new Float32Array(this.FREQ_K);
    this.harmonic = new Float32Array(A);
    this.percussive = new Float32Array(A);
    this.zIn = this.fft.complexArray();
    this.zOut = this.fft.complexArray();
    this.decimated = DecimatedSynthesis.for(N, this.M, this.synthesis);
    this.masks = Array.from({ length: outputs }, () => new Float32Array(this.M));
    this.half = [new Float64Array(A), new Float64Array(A), new Float64Array(A), new Float64Array(A)];
    this.inL = new Float64Array(N);
    this.inR = new Float64Array(N);
    this.acc = Array.from({ length: 2 * outputs }, () => new Float64Array(N));
    // Delay line of the input, so the caller can subtract the outputs from the input they came from.
    const delay = this.pad + (this.DELAY + maskLag) * this.HOP + this.HOP;
    this.histL = new Float64Array(delay);
    this.histR = new Float64Array(delay);
  }

  /** Feeds input frames; the returned block is valid until the next call. */
  push(left: Float32Array | Float64Array, right: Float32Array | Float64Array): FloatBlock {
    const count = left.length;
    const capacity = Math.floor((this.filled + count) / this.HOP) * this.HOP;
    if (this.block.inL.length < capacity) this.block = floatBlock(capacity, this.outputs);
    const block = this.block;
    block.frames = 0;
    let at = 0;
    while (at < count) {
      const take = Math.min(this.HOP - this.filled, count - at);
      const base = this.N - this.HOP + this.filled;
      this.inL.set(left.subarray(at, at + take), base);
      this.inR.set(right.subarray(at, at + take), base);
      this.filled += take;
      at += take;
      if (this.filled === this.HOP) this.step(block, Infinity);
    }
    this.received += count;
    return block;
  }

  /** Flushes the held-back frames (the input is padded with silence). */
  end(): FloatBlock {
    const total = this.received;
    const block = floatBlock(Math.max(0, total - this.emitted), this.outputs);
    const { N, HOP } = this;
    this.inL.fill(0, N - HOP + this.filled);
    this.inR.fill(0, N - HOP + this.filled);
    while (this.emitted < total) {
      this.filled = HOP;
      this.step(block, total);
      this.inL.fill(0, N - HOP);
      this.inR.fill(0, N - HOP);
    }
    return block;
  }

  /**
   * Frame t's `harmonic` and `percussive` are ready: fills `this.masks` (bins [0, M)) for frame
   * t − maskLag, when that is ≥ 0.
   */
  protected abstract computeMasks(t: number): void;

  /** Called once frame j (in ring slot `slot`) is analysed, before any masks of earlier frames. */
  protected afterAnalysis(_j: number, _slot: number): void {}

  /** Frames analysed so far. */
  get analysedFrames(): number {
    return this.analysed;
  }

  /** Input sample index at the centre of frame t. */
  frameCentre(t: number): number {
    return t * this.HOP - this.pad + this.N / 2;
  }

  /**
   * One hop: analyse the newest frame, then mask, resynthesise and emit the frame DELAY + maskLag hops
   * back.
   */
  private step(block: FloatBlock, limit: number): void {
    const { N, HOP, A, K, DELAY, inL, inR, zIn, zOut, window, magT } = this;
    const j = this.analysed++;
    this.histL.copyWithin(0, HOP);
    this.histR.copyWithin(0, HOP);
    this.histL.set(inL.subarray(N - HOP), this.histL.length - HOP);
    this.histR.set(inR.subarray(N - HOP), this.histR.length - HOP);
    const slot = j % K;
    const frame = this.ring[slot]!;
    for (let i = 0; i < N; i++) {
      zIn[2 * i] = inL[i]! * window[i]!;
      zIn[2 * i + 1] = inR[i]! * window[i]!;
    }
    this.fft.transform(zIn, zOut);
    splitPair(zOut, frame.lr, frame.li, frame.rr, frame.ri, A);
    const { lr, li, rr, ri, mag } = frame;
    for (let k = 0; k < A; k++)
      mag[k] = Math.sqrt(lr[k]! * lr[k]! + li[k]! * li[k]! + rr[k]! * rr[k]! + ri[k]! * ri[k]!);
    const medianed = (this.medianed ??= this.binsWithMedians());
    const sortedT = this.sortedT;
    for (let i = 0; i < medianed.length; i++) {
      const at = medianed[i]! * K;
      replaceSorted(sortedT, at, K, magT[at + slot]!, mag[medianed[i]!]!);
    }
    for (let k = 0; k < A; k++) magT[k * K + slot] = mag[k]!;
    inL.copyWithin(0, HOP);
    inR.copyWithin(0, HOP);
    this.filled = 0;
    this.afterAnalysis(j, slot);
    if (j >= DELAY) {
      const t = j - DELAY;
      const cur = this.ring[t % K]!;
      const only = this.medianBins;
      const upTo = only ? this.M : A;
      const middle = K >> 1;
      for (let i = 0; i < medianed.length; i++) {
        const k = medianed[i]!;
        this.harmonic[k] = sortedT[k * K + middle]!;
      }
      slidingMedian(cur.mag, A, this.FREQ_K >> 1, this.sorted, this.percussive, upTo);
      if (only) mediansAt(cur.mag, A, this.FREQ_K >> 1, only, this.sorted, this.percussive);
      this.computeMasks(t);
      const masked = t - this.maskLag;
      if (masked >= 0) {
        this.resynthesise(masked);
        this.emit(block, masked, j, limit);
      }
    }
  }

  /** Bins [0, M) and `medianBins` when set, else every analysed bin. */
  private binsWithMedians(): Int32Array {
    if (!this.medianBins) return Int32Array.from({ length: this.A }, (_, k) => k);
    const bins = new Set<number>();
    for (let k = 0; k < this.M; k++) bins.add(k);
    for (const k of this.medianBins) bins.add(k);
    return Int32Array.from(bins);
  }

  /** Inverse STFT of the masked spectra of frame t, overlap-added into the accumulators. */
  private resynthesise(t: number): void {
    const { N, M, zIn, zOut, synthesis, acc } = this;
    const cur = this.ring[t % this.K]!;
    const [xr, xi, yr, yi] = this.half;
    const full = M === N / 2 + 1;
    if (this.spatial) {
      if (this.spatialOut.length === 0)
        this.spatialOut = Array.from(
          { length: this.outputs },
          () => [0, 1, 2, 3].map(() => new Float64Array(M)) as StereoOut,
        );
      this.spatial.apply(cur, this.masks, this.spatialOut);
    }
    for (let s = 0; s < this.outputs; s++) {
      if (this.spatial) {
        const [sr, si, tr, ti] = this.spatialOut[s]!;
        xr.set(sr);
        xi.set(si);
        yr.set(tr);
        yi.set(ti);
      } else {
        const mask = this.masks[s]!;
        for (let k = 0; k < M; k++) {
          const m = mask[k]!;
          xr[k] = cur.lr[k]! * m;
          xi[k] = cur.li[k]! * m;
          yr[k] = cur.rr[k]! * m;
          yi[k] = cur.ri[k]! * m;
        }
      }
      const aL = acc[2 * s]!;
      const aR = acc[2 * s + 1]!;
      if (this.decimated) {
        this.decimated.overlapAdd(xr, xi, yr, yi, this.M, aL, aR);
        continue;
      }
      if (!full) {
        zIn.fill(0);
      }
      joinPair(xr, xi, yr, yi, zIn, M);
      this.fft.inverseTransform(zIn, zOut);
      for (let i = 0; i < N; i++) {
        const w = synthesis[i]!;
        aL[i]! += zOut[2 * i]! * w;
        aR[i]! += zOut[2 * i + 1]! * w;
      }
    }
  }

  /** Frame t's first hop is final: input positions [t·HOP − pad, t·HOP − pad + HOP). */
  private emit(block: FloatBlock, t: number, j: number, limit: number): void {
    const { HOP, acc, histL, histR } = this;
    const start = t * HOP - this.pad;
    for (let i = 0; i < HOP; i++) {
      const n = start + i;
      if (n < 0 || n >= limit) continue;
      // The delay line's newest sample is input frame (j + 1)·HOP − 1.
      const h = histL.length - ((j + 1) * HOP - n);
      const o = block.frames;
      block.inL[o] = histL[h]!;
      block.inR[o] = histR[h]!;
      for (let s = 0; s < acc.length; s++) block.out[s]![o] = acc[s]![i]!;
      block.frames++;
      this.emitted++;
    }
    for (const a of acc) {
      a.copyWithin(0, HOP);
      a.fill(0, this.N - HOP);
    }
  }
}
