import {
  readWavFrames,
  readWavInfo,
  wavHeader,
  WavFormatError,
  type WavInfo,
} from '../../../shared/audio/wav';
import { BadRequest } from '../errors';
import { STEM_NAMES, type SeparatedStems, type StemSeparator } from './separator';
import type { DspSeparatorOptions } from './full-band-stage';
import { StemSplitStream, type StemBlock } from './stem-stream';

export type { DspSeparatorOptions } from './full-band-stage';
export type { LowBandOptions } from './low-band-stage';
export { StemSplitStream, type StemBlock } from './stem-stream';

/**
 * Built-in stem separator: signal processing and a small fitted mask model, no neural network. Two
 * spectral stages in series, each an STFT (Hann, hop N/4) of left and right together (one complex FFT of
 * L + iR per frame):
 *  1. Low band (long window, N = 8192: 5.4 Hz bins; low-band-stage.ts). Below ~250 Hz a kick's body and
 *     a bassline share the same few bins of a short window; the long window resolves their partials.
 *     Each low bin's drums and bass shares come from a small fitted model (low-band-model.ts) of its
 *     cues: harmonic/percussive ratio, decay over the next frames, closeness to the tracked bass note's
 *     partials, level, coherence, onset. Cosine crossover (full below 150 Hz, none above 250 Hz); the
 *     stage's drums and bass are subtracted from the input (its vocals and other shares stay). The stage also
 *     leaves long-window features for stage 2: harmonic/percussive ratio and REPET-SIM repetition
 *     (repetition.ts; what comes round again is accompaniment).
 *  2. Full band (N = 4096; full-band-stage.ts) on that residual: per bin, the mask model
 *     (mask-model.ts) turns the cues into soft masks for vocals, drums, bass and other — harmonic/
 *     percussive ratios at both resolutions, repetition, stereo coherence and panning, vibrato
 *     (instantaneous-frequency spread) and level — with weights per frequency band fitted on the dev
 *     half of the evaluation material (mask-model-weights.ts); a second pass (context-model.ts) then
 *     weighs each bin's first-pass log-odds beside its neighbours' in the same frame, those around its
 *     harmonic relatives (½, 2, 3 × its frequency) and its own over the frames just before and after
 *     (the stage gives its masks 4 frames, 93 ms, later to read them). Frames whose two channels are the
 *     same (a mono recording) have a first and second pass of their own (mono-model-weights.ts).
 *  Masks sum to at most one; the other stem is the input minus the three, in the time domain, so the four
 *  stems sum back to the input to within rounding.
 * Streaming: StemSplitStream (stem-stream.ts) takes input in blocks and keeps only the frames each stage
 * needs (about 10 s of lookahead; ~30 MB); DspSeparator wraps it for whole WAV files (memory: the input
 * and the four output WAVs).
 */

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
