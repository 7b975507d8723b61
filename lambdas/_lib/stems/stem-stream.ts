import { FrameQueue } from './frame-queue';
import {
  DEFAULTS,
  FullBandStage,
  MASK_SHARPNESS,
  SPATIAL_FRAMES,
  type DspSeparatorOptions,
  type Tuning,
} from './full-band-stage';
import { LOW_DEFAULTS, LowBandStage, REPETITION_DEFAULTS, type LowTuning } from './low-band-stage';
import { CONTEXT_PASSES } from './context-model-weights';
import { LOW_BAND_MODEL, LOW_SHARPNESS } from './low-band-model-weights';
import { SEPARATOR_MODEL } from './mask-model-weights';
import { MONO_CONTEXT_PASSES, MONO_SEPARATOR_MODEL } from './mono-model-weights';
import type { FloatBlock } from './spectral-stage';
import type { StemName } from './separator';

/** Stem frames that became final during one `push` or at `end`: interleaved 16-bit, input channels ≤ 2. */
export interface StemBlock {
  frames: number;
  stems: Record<StemName, Int16Array>;
}

/** Input is fed through the stages in blocks of at most this many frames (bounds the feature ring). */
const CHUNK = 16384;

/**
 * The separation as a stream: push planar float input blocks of any size, receive the stem frames that
 * are final, then `end()` for the rest. The stages hold back about 10 s together (the repetition
 * model looks 8 s ahead); memory is about 30 MB whatever the length (the repetition model's 38 s of
 * long-window spectra), so a caller can read from and write to S3 in parts.
 */
export class StemSplitStream {
  readonly channels: number;
  private readonly low: LowBandStage | undefined;
  private readonly full: FullBandStage;
  private readonly queue = new FrameQueue(4);
  /** The residual waiting until the low-band stage's features for it are ready. */
  private readonly held = new FrameQueue(2);
  /** Residual frames handed to the full-band stage so far. */
  private passed = 0;
  /** Scratch: low stems (0–3), the residual (4, 5) and the part of it passed on (6, 7). */
  private scratch: Float64Array[] = [];
  private ended = false;

  constructor(
    readonly sampleRate: number,
    inputChannels: number,
    options: DspSeparatorOptions = {},
  ) {
    if (!(sampleRate > 0)) throw new RangeError('StemSplitStream: sample rate must be positive');
    this.channels = Math.min(2, Math.max(1, inputChannels));
    const { lowBand, repetition, model, tap } = options;
    const tuning: Tuning = {
      fftSize: options.fftSize ?? DEFAULTS.fftSize,
      timeKernel: options.timeKernel ?? DEFAULTS.timeKernel,
      freqKernel: options.freqKernel ?? DEFAULTS.freqKernel,
      sparseFromHz: options.sparseFromHz ?? DEFAULTS.sparseFromHz,
      sparserFromHz: options.sparserFromHz ?? DEFAULTS.sparserFromHz,
    };
    if (lowBand !== false) {
      const low: LowTuning = { ...LOW_DEFAULTS, ...lowBand };
      // The stage's window must resolve its band: at low sample rates a shorter one does.
      while (low.fftSize > 256 && low.fftSize / sampleRate > 0.19) low.fftSize /= 2;
      const lowModel = options.lowModel === false ? undefined : (options.lowModel ?? LOW_BAND_MODEL);
      this.low = new LowBandStage(
        sampleRate,
        low,
        { repetition: repetition === false ? false : { ...REPETITION_DEFAULTS, ...repetition } },
        { model: lowModel, sharpness: options.lowSharpness ?? LOW_SHARPNESS, tap: options.lowTap },
      );
    }
    this.full = new FullBandStage(
      sampleRate,
      tuning,
      model ?? SEPARATOR_MODEL,
      this.low,
      tap,
      options.maskSharpness ?? MASK_SHARPNESS,
      // The fitted second pass reads the shipped first pass: with another model, only a given one.
      options.context === false ? [] : (options.context ?? (model ? [] : CONTEXT_PASSES)),
      options.spatialWiener === false ? 0 : (options.spatialWiener ?? SPATIAL_FRAMES),
      // The fitted mono models read the shipped passes' shapes: with another model or passes, only given ones.
      options.mono === false
        ? undefined
        : (options.mono ??
            (model || options.context !== undefined
              ? undefined
              : { model: MONO_SEPARATOR_MODEL, context: MONO_CONTEXT_PASSES })),
    );
  }

  /** Feeds input frames (one array per input channel, equal lengths); returns the stem frames now final. */
  push(input: Float32Array[]): StemBlock {
    if (this.ended) throw new Error('StemSplitStream: push after end');
    const left = input[0];
    if (!left) throw new RangeError('StemSplitStream: no input channels');
    const right = this.channels === 2 ? (input[1] ?? left) : left;
    if (left.length > CHUNK) {
      const parts: StemBlock[] = [];
      for (let at = 0; at < left.length; at += CHUNK) {
        const end = Math.min(left.length, at + CHUNK);
        parts.push(this.push([left.subarray(at, end), right.subarray(at, end)]));
      }
      return joinBlocks(parts);
    }
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
    this.held.push([resL, resR], n);
    const low = this.low!;
    if (last) low.finishFeatures();
    // Pass on the residual whose long-window features are ready (all of it at the end).
    const ready = last ? Infinity : low.readyUntil();
    const count = Math.max(0, Math.min(this.held.length, ready - this.passed));
    const [passL, passR] = this.scratchFor(Math.max(n, count)).slice(6, 8) as [Float64Array, Float64Array];
    this.held.take([passL, passR], count);
    this.passed += count;
    const a = this.full.push(passL.subarray(0, count), passR.subarray(0, count));
    if (!last) return this.collect(a);
    // The full-band stage reuses its block: quantise this one before flushing the stage.
    const first = this.collect(a);
    return joinBlocks([first, this.collect(this.full.end())]);
  }

  /** Eight scratch channels of at least `frames` frames (see `scratch`). */
  private scratchFor(frames: number): Float64Array[] {
    if ((this.scratch[0]?.length ?? -1) < frames)
      this.scratch = Array.from({ length: 8 }, (_, i) => {
        const grown = new Float64Array(frames);
        const old = this.scratch[i];
        if (old) grown.set(old);
        return grown;
      });
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

function joinBlocks(parts: StemBlock[]): StemBlock {
  if (parts.length === 1) return parts[0]!;
  const frames = parts.reduce((n, p) => n + p.frames, 0);
  const join = (name: StemName) => {
    const out = new Int16Array(parts.reduce((n, p) => n + p.stems[name].length, 0));
    let at = 0;
    for (const p of parts) {
      out.set(p.stems[name], at);
      at += p.stems[name].length;
    }
    return out;
  };
  return {
    frames,
    stems: { vocals: join('vocals'), drums: join('drums'), bass: join('bass'), other: join('other') },
  };
}

/** Float to 16-bit as the WAV reader scales it back (x · 32768), rounded and clipped. */
function q16(x: number): number {
  const v = Math.round(x * 32768);
  return v > 32767 ? 32767 : v < -32768 ? -32768 : v;
}
