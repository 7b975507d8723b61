/** Small DSP building blocks for the analysers: FFT, mono mix-down, decimation. */

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

export function hann(size: number): Float64Array {
  const w = new Float64Array(size);
  for (let i = 0; i < size; i++) w[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (size - 1));
  return w;
}

export function mixDown(channels: Float32Array[]): Float32Array {
  const length = channels[0]?.length ?? 0;
  if (channels.length === 1) return channels[0]!;
  const out = new Float32Array(length);
  for (const channel of channels) for (let i = 0; i < length; i++) out[i]! += channel[i]! / channels.length;
  return out;
}

/** Averages groups of `factor` samples (a crude low-pass plus decimation, fine for envelopes and chroma). */
export function decimate(signal: Float32Array, factor: number): Float32Array {
  if (factor <= 1) return signal;
  const out = new Float32Array(Math.floor(signal.length / factor));
  for (let i = 0; i < out.length; i++) {
    let sum = 0;
    for (let k = 0; k < factor; k++) sum += signal[i * factor + k]!;
    out[i] = sum / factor;
  }
  return out;
}

/** Magnitude spectrum of one Hann-windowed frame starting at `start`. */
export function magnitudeFrame(signal: Float32Array, start: number, window: Float64Array): Float64Array {
  const size = window.length;
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  for (let i = 0; i < size; i++) re[i] = (signal[start + i] ?? 0) * window[i]!;
  fft(re, im);
  const mags = new Float64Array(size / 2);
  for (let i = 0; i < size / 2; i++) mags[i] = Math.hypot(re[i]!, im[i]!);
  return mags;
}

export const toDb = (linear: number) => (linear > 0 ? 20 * Math.log10(linear) : -Infinity);
export const round = (value: number, digits = 1) => {
  if (!Number.isFinite(value)) return value < 0 ? -120 : 0;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};
