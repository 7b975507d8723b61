import { Fft, joinPair, splitPair } from '../../../shared/audio/fft';
import {
  readWavFrames,
  readWavInfo,
  wavHeader,
  WavFormatError,
  type WavInfo,
} from '../../../shared/audio/wav';
import { BadRequest } from '../errors';
import { STEM_NAMES, type SeparatedStems, type StemName, type StemSeparator } from './separator';

/**
 * Built-in stem separator: signal processing, no model. Two spectral stages in series, each an STFT
 * (Hann, hop N/4) of left and right together (one complex FFT of L + iR per frame):
 *  1. Low band (long window, N = 8192: 5.4 Hz bins). Below ~250 Hz a kick's body and a bassline share
 *     the same few bins of a short window, where their sum only beats; the long window resolves their
 *     partials. Each low partial is drums or bass by median filtering (a median across time estimates
 *     sustained partials, one across frequency the kick's sweep and click; soft Wiener-like mask) and by
 *     its envelope: a partial whose level falls steadily over the next frames at a drum body's rate
 *     (faster than a held or 808 note, slower than a note's cut-off) is drum body. Cosine crossover
 *     (full below 150 Hz, none above 250 Hz); the stage's drums and bass are subtracted from the input.
 *  2. Full band (N = 2048) on that residual: harmonic/percussive separation by median filtering
 *     (Fitzgerald 2010; 17 frames across time, 31 bins across frequency, power-2 soft mask) gives the
 *     drums; the harmonic part up to ~300 Hz (cosine crossover from 150 Hz) is bass; the harmonic part
 *     of the vocal band (180 Hz–7 kHz) that sits in the centre of the stereo image (left/right level
 *     match and phase coherence) is the vocals.
 *  Masks sum to at most one; the other stem is the input minus the three, in the time domain, so the four
 *  stems sum back to the input to within rounding.
 * Streaming: StemSplitStream takes input in blocks and keeps only the frames each stage's time median
 * needs; DspSeparator wraps it for whole WAV files (memory: the input and the four output WAVs).
 */

/** Σ w² over the overlapping Hann windows at hop N/4. */
const OLA_NORM = 1.5;

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
}

export interface DspSeparatorOptions {
  /** STFT size (power of two) of the full-band stage; the hop is a quarter of it. */
  fftSize?: number;
  /** Frames in the time median (odd): longer calls only longer sounds harmonic. */
  timeKernel?: number;
  /** Low band: frames ahead over which a steady fall in level marks a drum body (0 turns it off). */
  decayLookahead?: number;
  /** Per-frame level ratios between these two count as a drum body's decay. */
  decayFast?: number;
  decaySlow?: number;
  /** Highest frequency the decay rule applies to (Hz): the kick's body, under the chords. */
  decayMaxHz?: number;
  /** Exponent of the harmonic/percussive soft mask (2 = Wiener-like; higher is closer to binary). */
  maskPower?: number;
  /** Bins in the frequency median (odd). */
  freqKernel?: number;
  /** Crossover under which harmonic content is bass (Hz); fully bass below, none above twice this. */
  bassCutoffHz?: number;
  /** Exponent of the centre mask: higher keeps only the tightest centre content as vocals. */
  centreSharpness?: number;
  /** The long-window low-band stage (kick body vs bass); `false` runs the full-band stage alone. */
  lowBand?: LowBandOptions | false;
}

/** Median of `count` values of `src` starting at `from`, using `scratch` (quickselect). */
function median(src: Float32Array, from: number, count: number, scratch: Float32Array): number {
  for (let i = 0; i < count; i++) scratch[i] = src[from + i]!;
  const k = count >> 1;
  let lo = 0;
  let hi = count - 1;
  while (lo < hi) {
    const pivot = scratch[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (scratch[i]! < pivot) i++;
      while (scratch[j]! > pivot) j--;
      if (i <= j) {
        const t = scratch[i]!;
        scratch[i] = scratch[j]!;
        scratch[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return scratch[k]!;
}

/** Stem frames that became final during one `push` or at `end`: interleaved 16-bit, input channels ≤ 2. */
export interface StemBlock {
  frames: number;
  stems: Record<StemName, Int16Array>;
}

type Tuning = Required<Omit<DspSeparatorOptions, 'lowBand'>>;
type LowTuning = Required<LowBandOptions>;

const DEFAULTS: Tuning = {
  fftSize: 2048,
  timeKernel: 17,
  freqKernel: 31,
  decayLookahead: 4,
  decayFast: 0.6,
  decaySlow: 0.975,
  decayMaxHz: 150,
  maskPower: 2,
  bassCutoffHz: 150,
  centreSharpness: 6,
};

const LOW_DEFAULTS: LowTuning = {
  fftSize: 8192,
  timeKernel: 9,
  freqKernel: 15,
  decayLookahead: 2,
  // At this stage's hop (46 ms) the synthesizer's kick falls by 0.81 a frame, an 808 note by 0.96.
  decayFast: 0.65,
  decaySlow: 0.85,
  fromHz: 150,
  toHz: 250,
};

/** Float frames a stage finalised: its (delayed) input and each output, planar, left then right. */
interface FloatBlock {
  frames: number;
  inL: Float64Array;
  inR: Float64Array;
  out: Float64Array[];
}

function floatBlock(capacity: number, outputs: number): FloatBlock {
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
 * the masked spectra. Output lags the input by (N − hop) + (K − 1)/2 · hop frames.
 */
abstract class SpectralStage {
  protected readonly N: number;
  protected readonly HOP: number;
  protected readonly K: number;
  protected readonly DELAY: number;
  protected readonly FREQ_K: number;
  /** Bins analysed (magnitudes, medians) and bins resynthesised. */
  protected readonly A: number;
  protected readonly M: number;
  protected readonly binHz: number;
  private readonly pad: number;
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
  private readonly scratch: Float32Array;
  private readonly sorted: Float32Array;
  protected readonly harmonic: Float32Array;
  protected readonly percussive: Float32Array;
  private readonly zr: Float64Array;
  private readonly zi: Float64Array;
  protected readonly masks: Float32Array[];
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
  ) {
    const N = (this.N = fftSize);
    if (N < 16 || (N & (N - 1)) !== 0)
      throw new RangeError('StemSplitStream: FFT size must be a power of two');
    this.HOP = N / 4;
    const bins = N / 2 + 1;
    this.K = timeKernel | 1;
    this.DELAY = (this.K - 1) / 2;
    this.FREQ_K = freqKernel | 1;
    this.binHz = sampleRate / N;
    this.M = Math.min(bins, Math.ceil(maxHz / this.binHz) + 1);
    this.A = this.M === bins ? bins : Math.min(bins, this.M + (this.FREQ_K >> 1) + 1);
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
    this.scratch = new Float32Array(this.K);
    this.sorted = new Float32Array(this.FREQ_K);
    this.harmonic = new Float32Array(A);
    this.percussive = new Float32Array(A);
    this.zr = new Float64Array(N);
    this.zi = new Float64Array(N);
    this.masks = Array.from({ length: outputs }, () => new Float32Array(this.M));
    this.half = [new Float64Array(A), new Float64Array(A), new Float64Array(A), new Float64Array(A)];
    this.inL = new Float64Array(N);
    this.inR = new Float64Array(N);
    this.acc = Array.from({ length: 2 * outputs }, () => new Float64Array(N));
    // Delay line of the input, so the caller can subtract the outputs from the input they came from.
    const delay = this.pad + this.DELAY * this.HOP + this.HOP;
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

  /** Fills `this.masks` (bins [0, M)) for frame t; `harmonic` and `percussive` are ready. */
  protected abstract computeMasks(t: number): void;

  /** One hop: analyse the newest frame, then mask, resynthesise and emit the frame DELAY hops back. */
  private step(block: FloatBlock, limit: number): void {
    const { N, HOP, A, K, DELAY, inL, inR, zr, zi, window, magT } = this;
    const j = this.analysed++;
    this.histL.copyWithin(0, HOP);
    this.histR.copyWithin(0, HOP);
    this.histL.set(inL.subarray(N - HOP), this.histL.length - HOP);
    this.histR.set(inR.subarray(N - HOP), this.histR.length - HOP);
    const slot = j % K;
    const frame = this.ring[slot]!;
    for (let i = 0; i < N; i++) {
      zr[i] = inL[i]! * window[i]!;
      zi[i] = inR[i]! * window[i]!;
    }
    this.fft.forward(zr, zi);
    splitPair(zr, zi, frame.lr, frame.li, frame.rr, frame.ri, A);
    const { lr, li, rr, ri, mag } = frame;
    for (let k = 0; k < A; k++) {
      const m = Math.sqrt(lr[k]! * lr[k]! + li[k]! * li[k]! + rr[k]! * rr[k]! + ri[k]! * ri[k]!);
      mag[k] = m;
      magT[k * K + slot] = m;
    }
    inL.copyWithin(0, HOP);
    inR.copyWithin(0, HOP);
    this.filled = 0;
    if (j >= DELAY) {
      const t = j - DELAY;
      const cur = this.ring[t % K]!;
      for (let k = 0; k < A; k++) this.harmonic[k] = median(magT, k * K, K, this.scratch);
      slidingMedian(cur.mag, A, this.FREQ_K >> 1, this.sorted, this.percussive);
      this.computeMasks(t);
      this.resynthesise(t);
      this.emit(block, t, j, limit);
    }
  }

  /** Inverse STFT of the masked spectra of frame t, overlap-added into the accumulators. */
  private resynthesise(t: number): void {
    const { N, M, zr, zi, synthesis, acc } = this;
    const cur = this.ring[t % this.K]!;
    const [xr, xi, yr, yi] = this.half;
    const full = M === N / 2 + 1;
    for (let s = 0; s < this.outputs; s++) {
      const mask = this.masks[s]!;
      for (let k = 0; k < M; k++) {
        const m = mask[k]!;
        xr[k] = cur.lr[k]! * m;
        xi[k] = cur.li[k]! * m;
        yr[k] = cur.rr[k]! * m;
        yi[k] = cur.ri[k]! * m;
      }
      if (!full) {
        zr.fill(0);
        zi.fill(0);
      }
      joinPair(xr, xi, yr, yi, zr, zi, M);
      this.fft.inverse(zr, zi);
      const aL = acc[2 * s]!;
      const aR = acc[2 * s + 1]!;
      for (let i = 0; i < N; i++) {
        const w = synthesis[i]!;
        aL[i]! += zr[i]! * w;
        aR[i]! += zi[i]! * w;
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

/** Stage 1: the low band's drums (kick body) and bass, from a long window. Outputs: drums, bass. */
class LowBandStage extends SpectralStage {
  private readonly weight: Float32Array;
  private readonly lookahead: number;

  constructor(
    sampleRate: number,
    private readonly t: LowTuning,
  ) {
    super(sampleRate, t.fftSize, t.timeKernel, t.freqKernel, t.toHz, 2);
    this.lookahead = Math.max(0, Math.min(t.decayLookahead, this.DELAY));
    this.weight = new Float32Array(this.M);
    const { fromHz: lo, toHz: hi } = t;
    for (let k = 0; k < this.M; k++) {
      const f = k * this.binHz;
      this.weight[k] = f <= lo ? 1 : f >= hi ? 0 : 0.5 + 0.5 * Math.cos((Math.PI * (f - lo)) / (hi - lo));
    }
  }

  protected computeMasks(t: number): void {
    const { M, K, magT, harmonic, percussive, weight, lookahead } = this;
    const { decayFast, decaySlow } = this.t;
    const [drumMask, bassMask] = this.masks as [Float32Array, Float32Array];
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
  }
}

/** Stage 2: drums, bass and vocals over the whole band. */
class FullBandStage extends SpectralStage {
  private readonly bassWeight: Float32Array;
  private readonly vocalBand: Float32Array;
  private readonly decayTopBin: number;
  private readonly lookahead: number;

  constructor(
    sampleRate: number,
    private readonly t: Tuning,
  ) {
    super(sampleRate, t.fftSize, t.timeKernel, t.freqKernel, sampleRate, 3);
    this.bassWeight = new Float32Array(this.M);
    this.vocalBand = new Float32Array(this.M);
    for (let k = 0; k < this.M; k++) {
      const f = k * this.binHz;
      const c = t.bassCutoffHz;
      this.bassWeight[k] = f <= c ? 1 : f >= 2 * c ? 0 : 0.5 + 0.5 * Math.cos((Math.PI * (f - c)) / c);
      const lowEdge = f < 120 ? 0 : f < 180 ? (f - 120) / 60 : 1;
      const highEdge = f < 7000 ? 1 : f < 10000 ? 1 - (f - 7000) / 3000 : 0;
      this.vocalBand[k] = lowEdge * highEdge;
    }
    this.decayTopBin = t.decayLookahead > 0 ? Math.floor(t.decayMaxHz / this.binHz) : -1;
    this.lookahead = Math.min(t.decayLookahead, this.DELAY);
  }

  protected computeMasks(t: number): void {
    const { M, K, magT, harmonic, percussive, bassWeight, vocalBand, lookahead } = this;
    const { maskPower, decayFast, decaySlow, centreSharpness } = this.t;
    const [drumMask, bassMask, vocalMask] = this.masks as [Float32Array, Float32Array, Float32Array];
    const cur = this.ring[t % K]!;
    const nowSlot = t % K;
    const laterSlot = (t + lookahead) % K;
    const centrePower = centreSharpness * 4;
    for (let k = 0; k < M; k++) {
      const p = percussive[k]!;
      const h = harmonic[k]!;
      const hh = maskPower === 2 ? h * h : Math.pow(h, maskPower);
      const pp = maskPower === 2 ? p * p : Math.pow(p, maskPower);
      let drums = hh + pp > 1e-20 ? pp / (hh + pp) : 0;
      if (k <= this.decayTopBin) {
        // A kick's body is a decaying sine that the medians take for a held note: a bin whose level
        // falls over the next frames faster than a held (or 808) note but slower than a note's cut-off
        // is drum body.
        const now = magT[k * K + nowSlot]! + 1e-9;
        const later = magT[k * K + laterSlot]! + 1e-9;
        const rate = Math.pow(later / now, 1 / lookahead);
        if (rate >= decayFast && rate <= decaySlow) drums = 1;
      }
      const rest = 1 - drums;
      // Centre: equal level and coherent phase on both sides (2·Re(L·conj R) / (|L|² + |R|²)).
      const lr = cur.lr[k]!;
      const li = cur.li[k]!;
      const rr = cur.rr[k]!;
      const ri = cur.ri[k]!;
      const power = lr * lr + li * li + rr * rr + ri * ri;
      const centre = power > 1e-20 ? Math.max(0, (2 * (lr * rr + li * ri)) / power) : 0;
      drumMask[k] = drums;
      bassMask[k] = rest * bassWeight[k]!;
      vocalMask[k] = rest * (1 - bassWeight[k]!) * vocalBand[k]! * Math.pow(centre, centrePower);
    }
  }
}

/** FIFO of planar float frames (the low stage's stems, waiting out the full-band stage's latency). */
class FrameQueue {
  private data: Float64Array[];
  private head = 0;
  private size = 0;

  constructor(private readonly channels: number) {
    this.data = Array.from({ length: channels }, () => new Float64Array(1 << 16));
  }

  push(channels: Float64Array[], frames: number): void {
    const cap = this.data[0]!.length;
    if (this.size + frames > cap) {
      let bigger = cap;
      while (this.size + frames > bigger) bigger *= 2;
      this.data = this.data.map((old) => {
        const grown = new Float64Array(bigger);
        for (let i = 0; i < this.size; i++) grown[i] = old[(this.head + i) % cap]!;
        return grown;
      });
      this.head = 0;
    }
    const size = this.data[0]!.length;
    for (let c = 0; c < this.channels; c++) {
      const dst = this.data[c]!;
      const src = channels[c]!;
      for (let i = 0, at = (this.head + this.size) % size; i < frames; i++, at = at + 1 === size ? 0 : at + 1)
        dst[at] = src[i]!;
    }
    this.size += frames;
  }

  /** Removes the next `frames` frames into `into` (channel c into into[c], from index 0). */
  take(into: Float64Array[], frames: number): void {
    if (frames > this.size) throw new Error('StemSplitStream: low-band queue ran dry');
    const size = this.data[0]!.length;
    for (let c = 0; c < this.channels; c++) {
      const src = this.data[c]!;
      const dst = into[c]!;
      for (let i = 0, at = this.head; i < frames; i++, at = at + 1 === size ? 0 : at + 1) dst[i] = src[at]!;
    }
    this.head = (this.head + frames) % size;
    this.size -= frames;
  }
}

/**
 * The separation as a stream: push planar float input blocks of any size, receive the stem frames that
 * are final (the two stages hold back about 1.2 s together), then `end()` for the rest.
 * Memory is a few hundred kB whatever the length, so a caller can read from and write to S3 in parts.
 */
export class StemSplitStream {
  readonly channels: number;
  private readonly low: LowBandStage | undefined;
  private readonly full: FullBandStage;
  private readonly queue = new FrameQueue(4);
  /** Scratch: the residual fed to the full-band stage, and the low stems taken from the queue. */
  private scratch: Float64Array[] = [];
  private ended = false;

  constructor(
    readonly sampleRate: number,
    inputChannels: number,
    options: DspSeparatorOptions = {},
  ) {
    if (!(sampleRate > 0)) throw new RangeError('StemSplitStream: sample rate must be positive');
    this.channels = Math.min(2, Math.max(1, inputChannels));
    const { lowBand, ...rest } = options;
    const tuning: Tuning = { ...DEFAULTS, ...rest };
    this.full = new FullBandStage(sampleRate, tuning);
    if (lowBand !== false) {
      const low: LowTuning = { ...LOW_DEFAULTS, ...lowBand };
      // The stage's window must resolve its band: at low sample rates a shorter one does.
      while (low.fftSize > 256 && low.fftSize / sampleRate > 0.19) low.fftSize /= 2;
      this.low = new LowBandStage(sampleRate, low);
    }
  }

  /** Feeds input frames (one array per input channel, equal lengths); returns the stem frames now final. */
  push(input: Float32Array[]): StemBlock {
    if (this.ended) throw new Error('StemSplitStream: push after end');
    const left = input[0];
    if (!left) throw new RangeError('StemSplitStream: no input channels');
    const right = this.channels === 2 ? (input[1] ?? left) : left;
    if (!this.low) return this.collect(this.full.push(left, right));
    return this.throughFull(this.low.push(left, right), false);
  }

  /** Flushes the held-back frames (the input is padded with silence); the stream is then finished. */
  end(): StemBlock {
    if (this.ended) throw new Error('StemSplitStream: end called twice');
    this.ended = true;
    if (!this.low) return this.collect(this.full.end());
    return this.throughFull(this.low.end(), true);
  }

  /** Low stage output → residual → full-band stage; the low stems wait in the queue to be added back. */
  private throughFull(lowBlock: FloatBlock, last: boolean): StemBlock {
    const n = lowBlock.frames;
    const [dL, dR, bL, bR] = lowBlock.out as [Float64Array, Float64Array, Float64Array, Float64Array];
    const [resL, resR] = this.scratchFor(n).slice(4, 6) as [Float64Array, Float64Array];
    for (let i = 0; i < n; i++) {
      resL[i] = lowBlock.inL[i]! - dL[i]! - bL[i]!;
      resR[i] = lowBlock.inR[i]! - dR[i]! - bR[i]!;
    }
    this.queue.push([dL, dR, bL, bR], n);
    const a = this.full.push(resL.subarray(0, n), resR.subarray(0, n));
    if (!last) return this.collect(a);
    // The full-band stage reuses its block: quantise this one before flushing the stage.
    const first = this.collect(a);
    const rest = this.collect(this.full.end());
    const joined = (x: Int16Array, y: Int16Array) => {
      const out = new Int16Array(x.length + y.length);
      out.set(x);
      out.set(y, x.length);
      return out;
    };
    return {
      frames: first.frames + rest.frames,
      stems: {
        vocals: joined(first.stems.vocals, rest.stems.vocals),
        drums: joined(first.stems.drums, rest.stems.drums),
        bass: joined(first.stems.bass, rest.stems.bass),
        other: joined(first.stems.other, rest.stems.other),
      },
    };
  }

  /** Six scratch channels of at least `frames` frames: low drums L/R, low bass L/R, residual L/R. */
  private scratchFor(frames: number): Float64Array[] {
    if ((this.scratch[0]?.length ?? -1) < frames)
      this.scratch = Array.from({ length: 6 }, () => new Float64Array(frames));
    return this.scratch;
  }

  /** Adds the queued low stems back, derives `other`, and quantises (blocks in order). */
  private collect(block: FloatBlock): StemBlock {
    const frames = block.frames;
    const ch = this.channels;
    const stems = {
      vocals: new Int16Array(frames * ch),
      drums: new Int16Array(frames * ch),
      bass: new Int16Array(frames * ch),
      other: new Int16Array(frames * ch),
    };
    let o = 0;
    const n = block.frames;
    const [d2L, d2R, b2L, b2R, vL, vR] = block.out as Float64Array[];
    const [drumL, drumR, bassL, bassR] = this.scratchFor(n) as [
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
    ];
    if (this.low) this.queue.take([drumL, drumR, bassL, bassR], n);
    else for (const c of [drumL, drumR, bassL, bassR]) c.fill(0, 0, n);
    for (let i = 0; i < n; i++, o += ch) {
      // other = (input − low stems) − full-band stems: the four sum to the input.
      const dl = d2L![i]!;
      const bl = b2L![i]!;
      const vl = vL![i]!;
      stems.drums[o] = q16(drumL[i]! + dl);
      stems.bass[o] = q16(bassL[i]! + bl);
      stems.vocals[o] = q16(vl);
      stems.other[o] = q16(block.inL[i]! - dl - bl - vl);
      if (ch === 2) {
        const dr = d2R![i]!;
        const br = b2R![i]!;
        const vr = vR![i]!;
        stems.drums[o + 1] = q16(drumR[i]! + dr);
        stems.bass[o + 1] = q16(bassR[i]! + br);
        stems.vocals[o + 1] = q16(vr);
        stems.other[o + 1] = q16(block.inR[i]! - dr - br - vr);
      }
    }
    return { frames, stems };
  }
}

/** Reads a WAV in blocks through a StemSplitStream and writes four 16-bit WAVs of the same shape. */
/** Index of the first element of sorted[0..size) not below `value`. */
function lowerBound(sorted: Float32Array, size: number, value: number): number {
  let lo = 0;
  let hi = size;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * out[k] = median of src over [k − half, k + half] ∩ [0, count) (the upper median for even sizes, as
 * `median` picks), by keeping the window sorted while it slides: one removal and one insertion per bin.
 */
function slidingMedian(
  src: Float32Array,
  count: number,
  half: number,
  sorted: Float32Array,
  out: Float32Array,
): void {
  let size = 0;
  const insert = (v: number) => {
    const at = lowerBound(sorted, size, v);
    sorted.copyWithin(at + 1, at, size);
    sorted[at] = v;
    size++;
  };
  for (let i = 0; i <= half && i < count; i++) insert(src[i]!);
  for (let k = 0; k < count; k++) {
    out[k] = sorted[size >> 1]!;
    const leaving = k - half;
    if (leaving >= 0) {
      const at = lowerBound(sorted, size, src[leaving]!);
      sorted.copyWithin(at, at + 1, size);
      size--;
    }
    const entering = k + half + 1;
    if (entering < count) insert(src[entering]!);
  }
}

export class DspSeparator implements StemSeparator {
  readonly name = 'dsp';

  constructor(private readonly options: DspSeparatorOptions = {}) {}

  async separate(wav: Uint8Array, options: { signal?: AbortSignal } = {}): Promise<SeparatedStems> {
    let info: WavInfo;
    try {
      info = readWavInfo(wav);
    } catch (error) {
      if (error instanceof WavFormatError) throw new BadRequest('INVALID_AUDIO', { detail: error.message });
      throw error;
    }
    return this.separateSync(wav, info, options.signal);
  }

  /** The separation itself, synchronous (CPU-bound); `signal` is checked between blocks of ~1.5 s. */
  separateSync(wav: Uint8Array, info: WavInfo = readWavInfo(wav), signal?: AbortSignal): SeparatedStems {
    const stream = new StemSplitStream(info.sampleRate, info.channels, this.options);
    const channels = stream.channels;
    const frames = info.frames;
    const outputs = STEM_NAMES.map(() => {
      const bytes = new Uint8Array(44 + frames * channels * 2);
      bytes.set(wavHeader(frames, channels, info.sampleRate, 'pcm16'), 0);
      return bytes;
    });
    let written = 0;
    const write = (block: StemBlock) => {
      STEM_NAMES.forEach((name, s) => {
        const view = new DataView(outputs[s]!.buffer, 44 + written * channels * 2);
        const samples = block.stems[name];
        for (let i = 0; i < samples.length; i++) view.setInt16(i * 2, samples[i]!, true);
      });
      written += block.frames;
    };
    const BLOCK = 65536;
    const buffers = Array.from({ length: info.channels }, () => new Float32Array(BLOCK));
    for (let at = 0; at < frames; at += BLOCK) {
      if (signal?.aborted) throw new Error('Stem separation was cancelled.');
      const count = Math.min(BLOCK, frames - at);
      readWavFrames(wav, info, at, count, buffers);
      write(stream.push(buffers.map((b) => b.subarray(0, count))));
    }
    write(stream.end());
    return { vocals: outputs[0]!, drums: outputs[1]!, bass: outputs[2]!, other: outputs[3]! };
  }
}

/** Float to 16-bit as the WAV reader scales it back (x · 32768), rounded and clipped. */
function q16(x: number): number {
  const v = Math.round(x * 32768);
  return v > 32767 ? 32767 : v < -32768 ? -32768 : v;
}
