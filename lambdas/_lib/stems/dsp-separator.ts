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
 * Built-in stem separator: signal processing, no model.
 *  - STFT (Hann, N = 2048, hop N/4) of left and right together (one complex FFT of L + iR per frame).
 *  - Harmonic/percussive separation by median filtering (Fitzgerald 2010): a median across time
 *    (17 frames) estimates sustained partials, a median across frequency (31 bins) broadband hits;
 *    a soft (Wiener-like, power 2) mask from the two gives the drums.
 *  - The harmonic part below ~150 Hz is the bass (cosine crossover up to ~300 Hz).
 *  - The harmonic part of the vocal band (180 Hz–7 kHz) that sits in the centre of the stereo image
 *    (left/right level match and phase coherence) is the vocals.
 *  - Masks sum to one; the other stem is the input minus the three, in the time domain, so the four
 *    stems sum back to the input to within rounding.
 * Streaming: StemSplitStream takes input in blocks and keeps only the 17 frames the time median needs;
 * DspSeparator wraps it for whole WAV files (memory: the input and the four output WAVs).
 */

/** Σ w² over the overlapping Hann windows at hop N/4. */
const OLA_NORM = 1.5;

export interface DspSeparatorOptions {
  /** STFT size (power of two); the hop is a quarter of it. */
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

type Tuning = Required<DspSeparatorOptions>;

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

/**
 * The separation as a stream: push planar float input blocks of any size, receive the stem frames that
 * are final (the STFT and the time median hold back about (N + 8·hop) frames), then `end()` for the rest.
 * Memory is a few hundred kB whatever the length, so a caller can read from and write to S3 in parts.
 */
export class StemSplitStream {
  readonly channels: number;
  private readonly t: Tuning;
  private readonly N: number;
  private readonly HOP: number;
  private readonly BINS: number;
  private readonly K: number;
  private readonly DELAY: number;
  private readonly FREQ_K: number;
  private readonly pad: number;
  private readonly fft: Fft;
  private readonly window: Float64Array;
  private readonly bassWeight: Float32Array;
  private readonly vocalBand: Float32Array;
  private readonly decayTopBin: number;
  private readonly ring: {
    lr: Float64Array;
    li: Float64Array;
    rr: Float64Array;
    ri: Float64Array;
    mag: Float32Array;
  }[];
  private readonly magT: Float32Array;
  private readonly scratch: Float32Array;
  private readonly sorted: Float32Array;
  private readonly percussive: Float32Array;
  private readonly zr: Float64Array;
  private readonly zi: Float64Array;
  private readonly harmonic: Float32Array;
  private readonly masks: [Float32Array, Float32Array, Float32Array];
  private readonly half: [Float64Array, Float64Array, Float64Array, Float64Array];
  private readonly inL: Float32Array;
  private readonly inR: Float32Array;
  private readonly acc: Float64Array[];
  private readonly histL: Float32Array;
  private readonly histR: Float32Array;
  /** Input frames of the current, not yet full hop. */
  private filled = 0;
  /** STFT frames analysed so far. */
  private analysed = 0;
  /** Input frames received. */
  private received = 0;
  /** Output frames emitted. */
  private emitted = 0;
  private ended = false;

  constructor(
    readonly sampleRate: number,
    inputChannels: number,
    options: DspSeparatorOptions = {},
  ) {
    if (!(sampleRate > 0)) throw new RangeError('StemSplitStream: sample rate must be positive');
    this.channels = Math.min(2, Math.max(1, inputChannels));
    const t = (this.t = { ...DEFAULTS, ...options });
    const N = (this.N = t.fftSize);
    this.HOP = N / 4;
    this.BINS = N / 2 + 1;
    this.K = t.timeKernel | 1;
    this.DELAY = (this.K - 1) / 2;
    this.FREQ_K = t.freqKernel | 1;
    this.pad = N - this.HOP;
    this.fft = new Fft(N);
    this.window = new Float64Array(N);
    for (let i = 0; i < N; i++) this.window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / N);
    const binHz = sampleRate / N;
    this.bassWeight = new Float32Array(this.BINS);
    this.vocalBand = new Float32Array(this.BINS);
    for (let k = 0; k < this.BINS; k++) {
      const f = k * binHz;
      const c = t.bassCutoffHz;
      this.bassWeight[k] = f <= c ? 1 : f >= 2 * c ? 0 : 0.5 + 0.5 * Math.cos((Math.PI * (f - c)) / c);
      const lowEdge = f < 120 ? 0 : f < 180 ? (f - 120) / 60 : 1;
      const highEdge = f < 7000 ? 1 : f < 10000 ? 1 - (f - 7000) / 3000 : 0;
      this.vocalBand[k] = lowEdge * highEdge;
    }
    this.decayTopBin = t.decayLookahead > 0 ? Math.floor(t.decayMaxHz / binHz) : -1;
    this.t.decayLookahead = Math.min(t.decayLookahead, this.DELAY);
    const B = this.BINS;
    this.ring = Array.from({ length: this.K }, () => ({
      lr: new Float64Array(B),
      li: new Float64Array(B),
      rr: new Float64Array(B),
      ri: new Float64Array(B),
      mag: new Float32Array(B),
    }));
    // Magnitudes bin-major too, so the time median reads contiguous memory: magT[bin·K + slot].
    this.magT = new Float32Array(B * this.K);
    this.scratch = new Float32Array(this.K);
    this.sorted = new Float32Array(this.FREQ_K);
    this.percussive = new Float32Array(B);
    this.zr = new Float64Array(N);
    this.zi = new Float64Array(N);
    this.harmonic = new Float32Array(B);
    this.masks = [new Float32Array(B), new Float32Array(B), new Float32Array(B)]; // drums, bass, vocals
    this.half = [new Float64Array(B), new Float64Array(B), new Float64Array(B), new Float64Array(B)];
    this.inL = new Float32Array(N);
    this.inR = new Float32Array(N);
    this.acc = Array.from({ length: 6 }, () => new Float64Array(N)); // OLA: drums, bass, vocals × L, R
    // Delay line of the input so `other = input − (drums + bass + vocals)` lines up with the output.
    const delay = this.pad + this.DELAY * this.HOP + this.HOP;
    this.histL = new Float32Array(delay);
    this.histR = new Float32Array(delay);
  }

  /** Feeds input frames (one array per input channel, equal lengths); returns the stem frames now final. */
  push(input: Float32Array[]): StemBlock {
    if (this.ended) throw new Error('StemSplitStream: push after end');
    const left = input[0];
    if (!left) throw new RangeError('StemSplitStream: no input channels');
    const right = this.channels === 2 ? (input[1] ?? left) : left;
    const count = left.length;
    const hops = Math.floor((this.filled + count) / this.HOP);
    const block = this.newBlock(hops * this.HOP);
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
    return this.trim(block);
  }

  /** Flushes the held-back frames (the input is padded with silence); the stream is then finished. */
  end(): StemBlock {
    if (this.ended) throw new Error('StemSplitStream: end called twice');
    this.ended = true;
    const total = this.received;
    const block = this.newBlock(Math.max(0, total - this.emitted));
    // Zero the rest of a partial hop, then run hops of silence until every input frame is out.
    this.inL.fill(0, this.N - this.HOP + this.filled);
    this.inR.fill(0, this.N - this.HOP + this.filled);
    while (this.emitted < total) {
      this.filled = this.HOP;
      this.step(block, total);
      this.inL.fill(0, this.N - this.HOP);
      this.inR.fill(0, this.N - this.HOP);
    }
    return this.trim(block);
  }

  private newBlock(capacity: number): StemBlock & { capacity: number } {
    const size = capacity * this.channels;
    return {
      capacity,
      frames: 0,
      stems: {
        vocals: new Int16Array(size),
        drums: new Int16Array(size),
        bass: new Int16Array(size),
        other: new Int16Array(size),
      },
    };
  }

  private trim(block: StemBlock): StemBlock {
    const size = block.frames * this.channels;
    const s = block.stems;
    if (s.vocals.length === size) return { frames: block.frames, stems: s };
    return {
      frames: block.frames,
      stems: {
        vocals: s.vocals.subarray(0, size),
        drums: s.drums.subarray(0, size),
        bass: s.bass.subarray(0, size),
        other: s.other.subarray(0, size),
      },
    };
  }

  /** One hop: analyse the newest frame, then mask, resynthesise and emit the frame DELAY hops back. */
  private step(block: StemBlock, limit: number): void {
    const { N, HOP, BINS, K, DELAY, inL, inR, zr, zi, window, magT } = this;
    const j = this.analysed++;
    // Keep the raw input for the residual, then analyse frame j.
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
    splitPair(zr, zi, frame.lr, frame.li, frame.rr, frame.ri);
    for (let k = 0; k < BINS; k++) {
      const m = Math.sqrt(
        frame.lr[k]! * frame.lr[k]! +
          frame.li[k]! * frame.li[k]! +
          frame.rr[k]! * frame.rr[k]! +
          frame.ri[k]! * frame.ri[k]!,
      );
      frame.mag[k] = m;
      magT[k * K + slot] = m;
    }
    inL.copyWithin(0, HOP);
    inR.copyWithin(0, HOP);
    this.filled = 0;
    if (j >= DELAY) {
      const t = j - DELAY;
      this.computeMasks(t);
      this.resynthesise(t);
      this.emit(block, t, j, limit);
    }
  }

  /** Masks for frame t, whose time-median neighbourhood is complete (frames before the start are silence). */
  private computeMasks(t: number): void {
    const { BINS, K, FREQ_K, magT, scratch, harmonic, bassWeight, vocalBand } = this;
    const { maskPower, decayFast, decaySlow, decayLookahead, centreSharpness } = this.t;
    const [drumMask, bassMask, vocalMask] = this.masks;
    const cur = this.ring[t % K]!;
    const nowSlot = t % K;
    const laterSlot = (t + decayLookahead) % K;
    const centrePower = centreSharpness * 4;
    for (let k = 0; k < BINS; k++) harmonic[k] = median(magT, k * K, K, scratch);
    slidingMedian(cur.mag, BINS, FREQ_K >> 1, this.sorted, this.percussive);
    for (let k = 0; k < BINS; k++) {
      const p = this.percussive[k]!;
      const h = harmonic[k]!;
      const hh = maskPower === 2 ? h * h : Math.pow(h, maskPower);
      const pp = maskPower === 2 ? p * p : Math.pow(p, maskPower);
      let drums = hh + pp > 1e-20 ? pp / (hh + pp) : 0;
      if (k <= this.decayTopBin) {
        // Low band: a kick's body is a decaying sine that the medians take for a held note. A bin whose
        // level falls over the next frames faster than a held (or 808) note but slower than a note's
        // cut-off is drum body. On generated mixes this moved kick energy from 22% to ~90% in drums.
        const now = magT[k * K + nowSlot]! + 1e-9;
        const later = magT[k * K + laterSlot]! + 1e-9;
        const rate = Math.pow(later / now, 1 / decayLookahead);
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

  /** Inverse STFT of the three masked spectra of frame t, overlap-added into the accumulators. */
  private resynthesise(t: number): void {
    const { N, BINS, zr, zi, window, acc } = this;
    const cur = this.ring[t % this.K]!;
    const [xr, xi, yr, yi] = this.half;
    for (let s = 0; s < 3; s++) {
      const mask = this.masks[s]!;
      for (let k = 0; k < BINS; k++) {
        const m = mask[k]!;
        xr[k] = cur.lr[k]! * m;
        xi[k] = cur.li[k]! * m;
        yr[k] = cur.rr[k]! * m;
        yi[k] = cur.ri[k]! * m;
      }
      joinPair(xr, xi, yr, yi, zr, zi);
      this.fft.inverse(zr, zi);
      const aL = acc[2 * s]!;
      const aR = acc[2 * s + 1]!;
      for (let i = 0; i < N; i++) {
        const w = window[i]! / OLA_NORM;
        aL[i]! += zr[i]! * w;
        aR[i]! += zi[i]! * w;
      }
    }
  }

  /** Frame t's first hop is final: input positions [t·HOP − pad, t·HOP − pad + HOP). */
  private emit(block: StemBlock, t: number, j: number, limit: number): void {
    const { HOP, acc, histL, histR, channels } = this;
    const start = t * HOP - this.pad;
    const { vocals, drums, bass, other } = block.stems;
    for (let i = 0; i < HOP; i++) {
      const n = start + i;
      if (n < 0 || n >= limit) continue;
      // The delay line's newest sample is input frame (j + 1)·HOP − 1.
      const h = histL.length - ((j + 1) * HOP - n);
      const dL = acc[0]![i]!;
      const bL = acc[2]![i]!;
      const vL = acc[4]![i]!;
      const o = block.frames * channels;
      drums[o] = q16(dL);
      bass[o] = q16(bL);
      vocals[o] = q16(vL);
      other[o] = q16(histL[h]! - dL - bL - vL);
      if (channels === 2) {
        const dR = acc[1]![i]!;
        const bR = acc[3]![i]!;
        const vR = acc[5]![i]!;
        drums[o + 1] = q16(dR);
        bass[o + 1] = q16(bR);
        vocals[o + 1] = q16(vR);
        other[o + 1] = q16(histR[h]! - dR - bR - vR);
      }
      block.frames++;
      this.emitted++;
    }
    for (const a of acc) {
      a.copyWithin(0, HOP);
      a.fill(0, this.N - HOP);
    }
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
      if (error instanceof WavFormatError)
        throw new BadRequest(`Arquivo de áudio inválido: ${error.message}`);
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
