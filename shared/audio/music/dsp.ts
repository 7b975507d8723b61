import { Fft } from '../fft';

/**
 * Small DSP building blocks of the music analysis (shared/audio/music): Hann window, mono mix-down,
 * decimation, magnitude spectra and dB. Pure, so the server and the browser measure alike.
 */

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

const transforms = new Map<number, Fft>();

/** The FFT of one size, its tables computed once. */
export function fftOf(size: number): Fft {
  let fft = transforms.get(size);
  if (!fft) transforms.set(size, (fft = new Fft(size)));
  return fft;
}

/** Magnitude spectrum of one Hann-windowed frame starting at `start`. */
export function magnitudeFrame(signal: Float32Array, start: number, window: Float64Array): Float64Array {
  const size = window.length;
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  for (let i = 0; i < size; i++) re[i] = (signal[start + i] ?? 0) * window[i]!;
  fftOf(size).forward(re, im);
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
