import { matchKey, pitchClass } from '../../../shared/audio/analysis';
import type { PcmAudio } from '../../../shared/audio/wav';
import { Fft } from '../../../shared/audio/fft';
import { estimateMusicalKey } from '../licensing/key-estimate';
import { decimate, hann, magnitudeFrame, mixDown, round, toDb } from './dsp';

/**
 * Measurements of decoded audio: levels (peak, RMS, an ITU-R BS.1770 integrated loudness), dynamic
 * range, spectral balance, tempo (metrical analysis of onset envelopes) and key (notes, bass line and opening,
 * lambdas/_lib/licensing/key-estimate.ts; `estimateKey` keeps the plain chroma + Krumhansl–Kessler match).
 */
export interface AudioMeasurements {
  durationSeconds: number;
  sampleRate: number;
  channels: number;
  peakDbfs: number;
  rmsDbfs: number;
  /** Integrated loudness, K-weighted and gated as BS.1770 (LUFS). */
  integratedLufs: number;
  crestFactorDb: number;
  /** Difference between loud and quiet 3 s windows (95th − 10th percentile RMS), dB. */
  dynamicRangeDb: number;
  spectrum: { lowShare: number; midShare: number; highShare: number; centroidHz: number };
  bpm: number | null;
  bpmConfidence: number;
  key: string | null;
  keyConfidence: number;
  clippedSamples: number;
}

/** Analysis is bounded to this much audio so a 1 GiB upload stays within a Lambda's time. */
export const MAX_ANALYSIS_SECONDS = 180;

export function measureAudio(audio: PcmAudio): AudioMeasurements {
  const sr = audio.sampleRate;
  const limit = Math.min(audio.channels[0]?.length ?? 0, MAX_ANALYSIS_SECONDS * sr);
  const channels = audio.channels.map((c) => c.subarray(0, limit));
  const totalFrames = audio.channels[0]?.length ?? 0;
  let peak = 0;
  let sumSquares = 0;
  let clipped = 0;
  for (const channel of channels) {
    for (let i = 0; i < channel.length; i++) {
      const v = Math.abs(channel[i]!);
      if (v > peak) peak = v;
      if (v >= 0.999) clipped++;
      sumSquares += v * v;
    }
  }
  const rms = Math.sqrt(sumSquares / Math.max(1, limit * channels.length));
  const mono = mixDown(channels);
  const tempo = estimateTempo(mono, sr);
  // The same key estimator as beat uploads (notes, bass line, opening bars), not the plain profile match.
  const key = estimateMusicalKey(mono, sr, tempo.bpm);
  return {
    durationSeconds: round(totalFrames / sr, 2),
    sampleRate: sr,
    channels: audio.channels.length,
    peakDbfs: round(toDb(peak)),
    rmsDbfs: round(toDb(rms)),
    integratedLufs: round(integratedLoudness(channels, sr)),
    crestFactorDb: round(toDb(peak) - toDb(rms)),
    dynamicRangeDb: round(dynamicRange(mono, sr)),
    spectrum: spectralBalance(mono, sr),
    bpm: tempo.bpm,
    bpmConfidence: round(tempo.confidence, 2),
    key: key.key,
    keyConfidence: round(key.confidence, 2),
    clippedSamples: clipped,
  };
}

// --- Loudness (BS.1770-4) ----------------------------------------------------------------------------

interface Biquad {
  b: [number, number, number];
  a: [number, number];
}

/** K-weighting filters (high shelf + high-pass) designed for any sample rate (as pyloudnorm does). */
function kWeighting(sr: number): Biquad[] {
  const shelf = (() => {
    const G = 4.0;
    const Q = 1 / Math.sqrt(2);
    const fc = 1500;
    const A = 10 ** (G / 40);
    const w0 = (2 * Math.PI * fc) / sr;
    const alpha = Math.sin(w0) / (2 * Q);
    const cos = Math.cos(w0);
    const sq = 2 * Math.sqrt(A) * alpha;
    const a0 = A + 1 - (A - 1) * cos + sq;
    return {
      b: [
        (A * (A + 1 + (A - 1) * cos + sq)) / a0,
        (-2 * A * (A - 1 + (A + 1) * cos)) / a0,
        (A * (A + 1 + (A - 1) * cos - sq)) / a0,
      ],
      a: [(2 * (A - 1 - (A + 1) * cos)) / a0, (A + 1 - (A - 1) * cos - sq) / a0],
    } as Biquad;
  })();
  const highPass = (() => {
    const Q = 0.5;
    const fc = 38;
    const w0 = (2 * Math.PI * fc) / sr;
    const alpha = Math.sin(w0) / (2 * Q);
    const cos = Math.cos(w0);
    const a0 = 1 + alpha;
    return {
      b: [(1 + cos) / 2 / a0, -(1 + cos) / a0, (1 + cos) / 2 / a0],
      a: [(-2 * cos) / a0, (1 - alpha) / a0],
    } as Biquad;
  })();
  return [shelf, highPass];
}

function filter(signal: Float32Array, biquad: Biquad): Float32Array {
  const out = new Float32Array(signal.length);
  let x1 = 0,
    x2 = 0,
    y1 = 0,
    y2 = 0;
  const [b0, b1, b2] = biquad.b;
  const [a1, a2] = biquad.a;
  for (let i = 0; i < signal.length; i++) {
    const x = signal[i]!;
    const y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
    out[i] = y;
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
  }
  return out;
}

export function integratedLoudness(channels: Float32Array[], sr: number): number {
  const filters = kWeighting(sr);
  const weighted = channels.slice(0, 2).map((c) => filters.reduce((s, f) => filter(s, f), c));
  const block = Math.round(0.4 * sr);
  const hop = Math.round(0.1 * sr);
  const length = weighted[0]?.length ?? 0;
  const blocks: number[] = [];
  for (let start = 0; start + block <= length; start += hop) {
    let z = 0;
    for (const channel of weighted) {
      let sum = 0;
      for (let i = start; i < start + block; i++) sum += channel[i]! * channel[i]!;
      z += sum / block;
    }
    blocks.push(z);
  }
  if (blocks.length === 0) return -Infinity;
  const lufs = (z: number) => -0.691 + 10 * Math.log10(z);
  const absolute = blocks.filter((z) => lufs(z) > -70);
  if (absolute.length === 0) return -Infinity;
  const relativeGate = lufs(absolute.reduce((s, z) => s + z, 0) / absolute.length) - 10;
  const gated = absolute.filter((z) => lufs(z) > relativeGate);
  return lufs(gated.reduce((s, z) => s + z, 0) / gated.length);
}

function dynamicRange(mono: Float32Array, sr: number): number {
  const size = 3 * sr;
  const levels: number[] = [];
  for (let start = 0; start + size <= mono.length; start += size) {
    let sum = 0;
    for (let i = start; i < start + size; i++) sum += mono[i]! * mono[i]!;
    const db = toDb(Math.sqrt(sum / size));
    if (db > -70) levels.push(db);
  }
  if (levels.length < 2) return 0;
  levels.sort((a, b) => a - b);
  const at = (q: number) => levels[Math.min(levels.length - 1, Math.floor(q * levels.length))]!;
  return at(0.95) - at(0.1);
}

function spectralBalance(mono: Float32Array, sr: number): AudioMeasurements['spectrum'] {
  const size = 2048;
  const window = hann(size);
  const frames = Math.max(1, Math.min(200, Math.floor(mono.length / size)));
  const step = Math.max(size, Math.floor((mono.length - size) / frames));
  let low = 0,
    mid = 0,
    high = 0,
    weighted = 0;
  for (let start = 0; start + size <= mono.length; start += step) {
    const mags = magnitudeFrame(mono, start, window);
    for (let bin = 1; bin < mags.length; bin++) {
      const f = (bin * sr) / size;
      const energy = mags[bin]! * mags[bin]!;
      if (f < 250) low += energy;
      else if (f < 4000) mid += energy;
      else high += energy;
      weighted += energy * f;
    }
  }
  const total = low + mid + high || 1;
  return {
    lowShare: round(low / total, 3),
    midShare: round(mid / total, 3),
    highShare: round(high / total, 3),
    centroidHz: Math.round(weighted / total),
  };
}

// --- Tempo -------------------------------------------------------------------------------------------

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

// --- Key ---------------------------------------------------------------------------------------------

export function chroma(mono: Float32Array, sr: number, range: [number, number] = [55, 2000]): number[] {
  const factor = Math.max(1, Math.round(sr / 11025));
  const signal = decimate(mono, factor);
  const rate = sr / factor;
  const size = 8192;
  const window = hann(size);
  const bins = new Array<number>(12).fill(0);
  const frames = Math.max(1, Math.floor(signal.length / size));
  const step = Math.max(size / 2, Math.floor((signal.length - size) / Math.min(frames * 2, 120)));
  for (let start = 0; start + size <= signal.length; start += step) {
    const mags = magnitudeFrame(signal, start, window);
    for (let bin = 1; bin < mags.length; bin++) {
      const f = (bin * rate) / size;
      if (f < range[0] || f > range[1]) continue;
      bins[pitchClass(f)]! += Math.sqrt(mags[bin]!);
    }
  }
  return bins;
}

export function keyFromChroma(bins: number[]): { key: string | null; confidence: number } {
  const { key, correlation } = matchKey(bins);
  return { key, confidence: Math.max(0, correlation) };
}

export function estimateKey(mono: Float32Array, sr: number): { key: string | null; confidence: number } {
  return keyFromChroma(chroma(mono, sr));
}
