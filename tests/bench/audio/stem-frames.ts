/** The stems' magnitudes at one STFT frame, framed exactly as a separator stage frames its input (bench only). */
import { Fft, splitPair } from '../../../shared/audio/fft';
import type { StemSplitStream } from '../../../lambdas/_lib/stems/stem-stream';
import type { decodeWav } from '../../../shared/audio/wav';

type Audio = ReturnType<typeof decodeWav>;

export class StemFrames {
  private fft: Fft | undefined;
  private N = 0;
  private window = new Float64Array(0);

  constructor(private readonly stems: readonly Audio[]) {}

  /**
   * √(|L|² + |R|²) per bin [0, bins) of each stem, for the Hann-windowed frame of `fftSize` samples
   * starting at input sample `start` (samples outside the input count as silence).
   */
  magnitudes(start: number, fftSize: number, bins: number): Float64Array[] {
    if (!this.fft || fftSize !== this.N) {
      const N = (this.N = fftSize);
      this.fft = new Fft(N);
      this.window = new Float64Array(N).map((_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / N));
    }
    const { N, window, fft } = this;
    return this.stems.map((stem) => {
      const input = fft.complexArray();
      const output = fft.complexArray();
      const l = stem.channels[0]!;
      const r = stem.channels[1] ?? l;
      for (let i = 0; i < N; i++) {
        const n = start + i;
        if (n < 0 || n >= l.length) continue;
        input[2 * i] = l[n]! * window[i]!;
        input[2 * i + 1] = r[n]! * window[i]!;
      }
      fft.transform(input, output);
      const [lr, li, rr, ri] = [0, 0, 0, 0].map(() => new Float64Array(bins)) as Float64Array[];
      splitPair(output, lr!, li!, rr!, ri!, bins);
      return Float64Array.from({ length: bins }, (_, k) =>
        Math.sqrt(lr![k]! ** 2 + li![k]! ** 2 + rr![k]! ** 2 + ri![k]! ** 2),
      );
    });
  }
}

/**
 * Pushes a whole mix through a StemSplitStream in blocks (as the split path reads a file) and ends it,
 * for the benches that want only its taps.
 */
export function pushAll(stream: StemSplitStream, channels: readonly Float32Array[]): void {
  const BLOCK = 65536;
  const length = channels[0]!.length;
  for (let at = 0; at < length; at += BLOCK)
    stream.push(channels.map((c) => c.subarray(at, Math.min(length, at + BLOCK))));
  stream.end();
}
