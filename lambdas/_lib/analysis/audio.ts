import { matchKey, pitchClass } from '../../../shared/audio/analysis';
import type { PcmAudio } from '../../../shared/audio/wav';
import { decimate, hann, magnitudeFrame, mixDown, round, toDb } from './dsp';

/**
 * Measurements of decoded audio: levels (peak, RMS, an ITU-R BS.1770 integrated loudness), dynamic
 * range, spectral balance, tempo (onset-envelope autocorrelation) and key (chroma + Krumhansl–Kessler).
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
  const key = estimateKey(mono, sr);
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

const RATIO_FOR_DOUBLE = 0.8;

// --- Tempo -------------------------------------------------------------------------------------------

/** Spectral-flux onset envelope at ~86 frames/s, autocorrelated over 60–200 BPM with a mild 120 BPM prior. */
export function estimateTempo(mono: Float32Array, sr: number): { bpm: number | null; confidence: number } {
  const factor = Math.max(1, Math.round(sr / 11025));
  const signal = decimate(mono, factor);
  const rate = sr / factor;
  const size = 1024;
  const hop = 128;
  const window = hann(size);
  const envelope: number[] = [];
  let previous: Float64Array | undefined;
  for (let start = 0; start + size <= signal.length; start += hop) {
    const mags = magnitudeFrame(signal, start, window);
    let flux = 0;
    if (previous) {
      for (let i = 0; i < mags.length; i++) {
        const diff = Math.log1p(100 * mags[i]!) - Math.log1p(100 * previous[i]!);
        if (diff > 0) flux += diff;
      }
    }
    envelope.push(flux);
    previous = mags;
  }
  const fps = rate / hop;
  if (envelope.length < fps * 4) return { bpm: null, confidence: 0 };
  // Remove the local mean so the autocorrelation sees pulses, not loudness.
  const mean = envelope.reduce((s, v) => s + v, 0) / envelope.length;
  const e = envelope.map((v) => Math.max(0, v - mean));
  const energy = e.reduce((s, v) => s + v * v, 0) || 1;
  const scoreAt = (lag: number) => {
    const l0 = Math.floor(lag);
    const frac = lag - l0;
    let sum = 0;
    for (let i = 0; i + l0 + 1 < e.length; i++)
      sum += e[i]! * (e[i + l0]! * (1 - frac) + e[i + l0 + 1]! * frac);
    return sum / energy;
  };
  let best = { bpm: 0, score: -Infinity, raw: 0 };
  for (let bpm = 60; bpm <= 200; bpm += 0.5) {
    const lag = (60 * fps) / bpm;
    // Sum the beat lag and its multiples (a pulse train agrees with itself at 2 and 4 beats too).
    const raw = scoreAt(lag) + 0.5 * scoreAt(2 * lag) + 0.25 * scoreAt(4 * lag);
    const prior = Math.exp(-0.5 * (Math.log2(bpm / 120) / 0.9) ** 2);
    const score = raw * (0.6 + 0.4 * prior);
    if (score > best.score) best = { bpm, score, raw };
  }
  // Kick–snare patterns repeat every two beats, so a slow winner is often half the tempo: take the
  // double when its own periodicity is nearly as strong.
  const rawAt = (bpm: number) => {
    const lag = (60 * fps) / bpm;
    return scoreAt(lag) + 0.5 * scoreAt(2 * lag) + 0.25 * scoreAt(4 * lag);
  };
  if (best.bpm < 100 && best.bpm * 2 <= 200) {
    let twice = { bpm: best.bpm * 2, score: 0, raw: rawAt(best.bpm * 2) };
    for (const delta of [-1, -0.5, 0.5, 1]) {
      const raw = rawAt(best.bpm * 2 + delta);
      if (raw > twice.raw) twice = { bpm: best.bpm * 2 + delta, score: 0, raw };
    }
    if (twice.raw >= RATIO_FOR_DOUBLE * best.raw) best = twice;
  }
  // Refine around the winner in 0.1 steps.
  let refined = best;
  for (let bpm = best.bpm - 0.5; bpm <= best.bpm + 0.5; bpm += 0.1) {
    const lag = (60 * fps) / bpm;
    const raw = scoreAt(lag) + 0.5 * scoreAt(2 * lag) + 0.25 * scoreAt(4 * lag);
    if (raw > refined.raw) refined = { bpm, score: raw, raw };
  }
  return { bpm: Math.round(refined.bpm), confidence: Math.max(0, Math.min(1, refined.raw / 1.75)) };
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
