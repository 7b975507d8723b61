import { Fft } from '../fft';
import { decimate, hann } from './dsp';

/**
 * Tempo of music from onset-envelope periodicities (the one tempo estimator of the platform:
 * shared/audio/music/analyse.ts uses it for every feature).
 */

/** Band edges (Hz) of the onset envelopes: kick/bass, snare/chords/voice, hats/cymbals. */
const ONSET_BANDS = [30, 200, 3000];
/** Tempo range reported (BPM): metrical levels outside it are not candidates. */
const MIN_BPM = 50;
const MAX_BPM = 200;
/** Autocorrelation a pulse level must reach (in some band) to count as the tatum. */
const TATUM_LEVEL = 0.3;
/** A tatum this periodic in every band is a plain pulse (metronome, four-on-the-floor alone): a beat. */
const UNIFORM_PULSE = 0.65;
/** Preference for beats of 2 or 4 tatums (eighths or sixteenths under the beat), added to the log prior. */
const SUBDIVISION_BONUS: Record<number, number> = { 2: 0.4, 4: 0.2, 8: 0 };
const UNIFORM_BONUS = 0.6;

export interface OnsetEnvelopes {
  /** Envelope frames per second. */
  fps: number;
  /** Per band (low, mid, high): positive log-spectral flux, local mean removed, unit RMS. */
  bands: Float32Array[];
}

/**
 * Onset-strength envelopes of three bands from the spectral flux of a log-magnitude spectrogram
 * (≈ 22 kHz, 1024-point frames, hop 256 ≈ 86 frames/s). The flux compares each bin with the maximum of
 * its neighbours in the previous frame (as SuperFlux), so glides and vibrato do not read as onsets.
 */
export function onsetEnvelopes(mono: Float32Array, sr: number): OnsetEnvelopes {
  const factor = Math.max(1, Math.round(sr / 22050));
  const signal = decimate(mono, factor);
  const rate = sr / factor;
  const size = 1024;
  const hop = 256;
  const half = size / 2;
  const fft = new Fft(size);
  const window = hann(size);
  const frames = signal.length >= size ? Math.floor((signal.length - size) / hop) + 1 : 0;
  let sum = 0;
  for (let i = 0; i < signal.length; i++) sum += signal[i]! * signal[i]!;
  // −60 dB under the signal's RMS spectrum level: quieter detail does not count as onsets.
  const floor = Math.max(1e-9, Math.sqrt(sum / Math.max(1, signal.length)) * half * 1e-3);
  const bandOf = new Int8Array(half).map((_, k) => {
    const f = (k * rate) / size;
    return f < ONSET_BANDS[0]! ? -1 : f < ONSET_BANDS[1]! ? 0 : f < ONSET_BANDS[2]! ? 1 : 2;
  });
  const bands = [0, 1, 2].map(() => new Float32Array(frames));
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  let previous = new Float64Array(half);
  let current = new Float64Array(half);
  for (let t = 0; t < frames; t++) {
    const start = t * hop;
    for (let i = 0; i < size; i++) {
      re[i] = signal[start + i]! * window[i]!;
      im[i] = 0;
    }
    fft.forward(re, im);
    for (let k = 0; k < half; k++)
      current[k] = Math.log(floor + Math.sqrt(re[k]! * re[k]! + im[k]! * im[k]!));
    if (t > 0) {
      for (let k = 1; k < half - 1; k++) {
        const band = bandOf[k]!;
        if (band < 0) continue;
        const rise = current[k]! - Math.max(previous[k - 1]!, previous[k]!, previous[k + 1]!);
        if (rise > 0) bands[band]![t]! += rise;
      }
    }
    [previous, current] = [current, previous];
  }
  const fps = rate / hop;
  // Remove the local mean (±0.2 s) and keep what rises above it, then scale to unit RMS per band.
  const reach = Math.round(0.2 * fps);
  const prefix = new Float64Array(frames + 1);
  for (const envelope of bands) {
    for (let i = 0; i < frames; i++) prefix[i + 1] = prefix[i]! + envelope[i]!;
    let squares = 0;
    for (let i = 0; i < frames; i++) {
      const a = Math.max(0, i - reach);
      const b = Math.min(frames, i + reach + 1);
      const v = Math.max(0, envelope[i]! - (prefix[b]! - prefix[a]!) / (b - a));
      envelope[i] = v;
      squares += v * v;
    }
    const norm = Math.sqrt(squares / Math.max(1, frames)) || 1;
    for (let i = 0; i < frames; i++) envelope[i]! /= norm;
  }
  return { fps, bands };
}

/** Autocorrelation of the mean-removed envelope for lags 0..maxLag, unbiased, 1 at lag 0. */
function autocorrelation(e: Float32Array, maxLag: number): Float64Array {
  const out = new Float64Array(maxLag + 1);
  let mean = 0;
  for (let i = 0; i < e.length; i++) mean += e[i]!;
  mean /= e.length || 1;
  const centred = new Float64Array(e.length).map((_, i) => e[i]! - mean);
  for (let lag = 0; lag <= maxLag && lag < e.length; lag++) {
    let s = 0;
    for (let i = 0; i + lag < centred.length; i++) s += centred[i]! * centred[i + lag]!;
    out[lag] = s / (centred.length - lag);
  }
  const zero = out[0]! > 0 ? out[0]! : 1;
  for (let lag = 0; lag <= maxLag; lag++) out[lag]! /= zero;
  return out;
}

/** Linearly interpolated value at a fractional lag. */
function valueAt(a: Float64Array, lag: number): number {
  const l0 = Math.floor(lag);
  const f = lag - l0;
  return l0 >= 0 && l0 + 1 < a.length ? a[l0]! * (1 - f) + a[l0 + 1]! * f : 0;
}

/** Largest value within ±1 frame of a fractional lag (a peak sampled between frames loses height). */
function peakAt(a: Float64Array, lag: number): number {
  return Math.max(valueAt(a, lag - 1), valueAt(a, lag), valueAt(a, lag + 1));
}

/**
 * Tempo from onset-envelope periodicities, resolved between octaves by the metrical structure:
 * 1. spectral-flux envelopes in three bands and their autocorrelations;
 * 2. the tatum: the shortest period (≥ 70 ms) at which some band pulses clearly (hats in eighths or
 *    sixteenths, or the beat itself when nothing subdivides it), refined over its multiples;
 * 3. the beat is 1, 2, 4 or 8 tatums, chosen by a log-Gaussian tempo prior around 120 BPM (one-octave
 *    deviation) plus a preference for beats subdivided in 2 or 4; a tatum that pulses equally in every band
 *    (a metronome) is itself the beat;
 * 4. the beat period refined on the autocorrelation's multiples to a tenth of a BPM.
 * Null when no band has a clear periodicity (silence, noise, too short).
 */
export function estimateTempo(mono: Float32Array, sr: number): { bpm: number | null; confidence: number } {
  const { fps, bands } = onsetEnvelopes(mono, sr);
  const frames = bands[0]!.length;
  if (frames < fps * 4) return { bpm: null, confidence: 0 };
  const maxLag = Math.min(frames - 2, Math.ceil((fps * 60 * 8) / MIN_BPM) + 2);
  const all = new Float32Array(frames);
  for (const band of bands) for (let i = 0; i < frames; i++) all[i]! += band[i]!;
  const acfs = [...bands, all].map((e) => autocorrelation(e, maxLag));
  const combined = acfs[3]!;
  const bpmOf = (lag: number) => (60 * fps) / lag;
  let tatum = 0;
  for (let lag = Math.ceil(0.07 * fps); lag <= Math.min(maxLag - 1, (fps * 60) / MIN_BPM); lag++) {
    const isPeak = acfs.some(
      (a) => a[lag]! >= TATUM_LEVEL && a[lag]! >= a[lag - 1]! && a[lag]! >= a[lag + 1]!,
    );
    if (isPeak) {
      tatum = lag;
      break;
    }
  }
  if (!tatum) return { bpm: null, confidence: 0 };
  // Mean autocorrelation over the multiples of a period: sharp in the period, robust to accents.
  const comb = (lag: number) => {
    let total = 0;
    let n = 0;
    for (let k = 1; k <= 16 && k * lag < maxLag; k++, n++) total += valueAt(combined, k * lag);
    return n ? total / n : 0;
  };
  let tatumLag = tatum;
  let tatumScore = -Infinity;
  for (let lag = tatum - 1; lag <= tatum + 1; lag += 0.01) {
    const score = comb(lag);
    if (score > tatumScore) [tatumLag, tatumScore] = [lag, score];
  }
  const uniform = Math.min(...acfs.slice(0, 3).map((a) => peakAt(a, tatumLag)));
  let beats = 0;
  let best = -Infinity;
  for (const k of [1, 2, 4, 8]) {
    const bpm = bpmOf(k * tatumLag);
    if (bpm < MIN_BPM || bpm > MAX_BPM) continue;
    const bonus = k === 1 ? (uniform >= UNIFORM_PULSE ? UNIFORM_BONUS : 0) : SUBDIVISION_BONUS[k]!;
    const score = -0.5 * Math.log2(bpm / 120) ** 2 + bonus;
    if (score > best) [beats, best] = [k, score];
  }
  if (!beats) return { bpm: null, confidence: 0 };
  const beat = beats * tatumLag;
  let beatLag = beat;
  let beatScore = -Infinity;
  for (let lag = beat * 0.98; lag <= beat * 1.02; lag += 0.005) {
    const score = comb(lag);
    if (score > beatScore) [beatLag, beatScore] = [lag, score];
  }
  return { bpm: Math.round(bpmOf(beatLag)), confidence: Math.max(0, Math.min(1, beatScore)) };
}
