import type { PcmAudio } from '../wav';
import { hann, magnitudeFrame, mixDown, round, toDb } from './dsp';
import { estimateMusicalKey } from './key';
import { estimateTempo } from './tempo';

/**
 * The one analysis of music on the platform: every feature that shows a tempo, a key or levels (chat
 * file analysis, the mastering analyser, the AI DAW, the Neural Engine, beat uploads, the acapella match)
 * reads them from here, so one file gets one answer everywhere. Levels: peak, RMS, an ITU-R BS.1770
 * integrated loudness, dynamic range, spectral balance. Tempo: shared/audio/music/tempo.ts. Key:
 * shared/audio/music/key.ts. Each comes with a confidence, and `tempoClear` / `keyClear` say whether it
 * is high enough to state the value; below it the product says "tempo unclear" / "key unclear" and shows
 * the value only as a guess.
 */

/** Least confidence for a tempo to be stated as such (tests/bench/audio/key-tempo.ts calibrates it). */
export const TEMPO_CLEAR_CONFIDENCE = 0.3;
/** Least confidence for a key to be stated as such. */
export const KEY_CLEAR_CONFIDENCE = 0.5;

/** Analysis is bounded to this much audio so a 1 GiB upload stays within a Lambda's time. */
export const MAX_ANALYSIS_SECONDS = 180;

export interface MusicAnalysis {
  /** Beats per minute (the best guess; null when there is no pulse at all). */
  bpm: number | null;
  bpmConfidence: number;
  /** Whether the tempo is sure enough to state; false reads "tempo unclear". */
  tempoClear: boolean;
  /** 'C major', 'A minor'...: the best guess, null for no tonal content. */
  key: string | null;
  keyConfidence: number;
  /** Whether the key is sure enough to state; false reads "key unclear". */
  keyClear: boolean;
}

/** Tempo and key of mono audio (the first MAX_ANALYSIS_SECONDS). */
export function analyseMusic(mono: Float32Array, sampleRate: number): MusicAnalysis {
  const signal = mono.subarray(0, Math.floor(MAX_ANALYSIS_SECONDS * sampleRate));
  const tempo = estimateTempo(signal, sampleRate);
  const key = estimateMusicalKey(signal, sampleRate, tempo.bpm);
  const bpmConfidence = round(tempo.confidence, 2);
  const keyConfidence = round(key.confidence, 2);
  return {
    bpm: tempo.bpm,
    bpmConfidence,
    tempoClear: tempo.bpm !== null && bpmConfidence >= TEMPO_CLEAR_CONFIDENCE,
    key: key.key,
    keyConfidence,
    keyClear: key.key !== null && keyConfidence >= KEY_CLEAR_CONFIDENCE,
  };
}

export interface AudioMeasurements extends MusicAnalysis {
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
  clippedSamples: number;
}

/** Levels, spectrum, tempo and key of decoded audio (its first MAX_ANALYSIS_SECONDS). */
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
    ...analyseMusic(mono, sr),
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
