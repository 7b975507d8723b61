/**
 * Pure building blocks of audio analysis shared by the server analysers (lambdas/_lib/analysis) and the
 * browser's feature measurement (web/src/lib/audio-features): FFT, Hann window, mono mix-down, pitch
 * classes and the Krumhansl–Kessler key match. No DOM, no Node APIs.
 */

/** In-place iterative radix-2 FFT; `re.length` must be a power of two. */
export function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const angle = (-2 * Math.PI) / size;
    const wr = Math.cos(angle);
    const wi = Math.sin(angle);
    for (let start = 0; start < n; start += size) {
      let cr = 1;
      let ci = 0;
      for (let k = 0; k < size / 2; k++) {
        const a = start + k;
        const b = a + size / 2;
        const tr = re[b]! * cr - im[b]! * ci;
        const ti = re[b]! * ci + im[b]! * cr;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a] = re[a]! + tr;
        im[a] = im[a]! + ti;
        const next = cr * wr - ci * wi;
        ci = cr * wi + ci * wr;
        cr = next;
      }
    }
  }
}

/** A symmetric Hann window of `size` points. */
export function hann(size: number): Float64Array {
  const w = new Float64Array(size);
  for (let i = 0; i < size; i++) w[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (size - 1));
  return w;
}

/** Averages the channels into one signal (a single channel is returned as is). */
export function mixDown(channels: readonly Float32Array[]): Float32Array {
  const length = channels[0]?.length ?? 0;
  if (channels.length === 1) return channels[0]!;
  const out = new Float32Array(length);
  for (const channel of channels) for (let i = 0; i < length; i++) out[i]! += channel[i]! / channels.length;
  return out;
}

/** Pitch class (0 = C … 11 = B) of the equal-tempered note nearest to `hz` (A = 440 Hz). */
export function pitchClass(hz: number): number {
  return (((Math.round(12 * Math.log2(hz / 440)) + 9) % 12) + 12) % 12;
}

const NOTE_NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const;
const MAJOR_PROFILE = [6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88];
const MINOR_PROFILE = [6.33, 2.68, 3.52, 5.38, 2.6, 3.53, 2.54, 4.75, 3.98, 2.69, 3.34, 3.17];

/** Pearson correlation of two equally long vectors (0 when either is flat). */
export function correlation(a: readonly number[], b: readonly number[]): number {
  const meanA = a.reduce((s, v) => s + v, 0) / a.length;
  const meanB = b.reduce((s, v) => s + v, 0) / b.length;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < a.length; i++) {
    num += (a[i]! - meanA) * (b[i]! - meanB);
    da += (a[i]! - meanA) ** 2;
    db += (b[i]! - meanB) ** 2;
  }
  return da && db ? num / Math.sqrt(da * db) : 0;
}

/**
 * The major or minor key (e.g. 'A minor') whose Krumhansl–Kessler profile correlates best with a 12-bin
 * chroma vector (index 0 = C), and that correlation; no key for a chroma with no positive bin.
 */
export function matchKey(chroma: readonly number[]): { key: string | null; correlation: number } {
  if (chroma.every((value) => value <= 0)) return { key: null, correlation: 0 };
  let best = { key: '', correlation: -Infinity };
  for (let tonic = 0; tonic < 12; tonic++) {
    const rotated = chroma.map((_, i) => chroma[(i + tonic) % 12]!);
    for (const [profile, quality] of [
      [MAJOR_PROFILE, 'major'],
      [MINOR_PROFILE, 'minor'],
    ] as const) {
      const score = correlation(rotated, profile);
      if (score > best.correlation) best = { key: `${NOTE_NAMES[tonic]} ${quality}`, correlation: score };
    }
  }
  return best;
}
