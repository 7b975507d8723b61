import { fft } from '../../../shared/audio/analysis';

/** Small DSP building blocks for the analysers: FFT, mono mix-down (shared with the web), decimation. */
export { fft, hann, mixDown } from '../../../shared/audio/analysis';

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
