/**
 * Real features of an audio file, measured in the browser (AI DAW dialog, AI-tools spec §7
 * `ai_audio_analysis`): the file is decoded with Web Audio and the samples are measured; nothing is
 * guessed. The measuring functions are pure (they take Float32Arrays) so they run in Node tests too; the
 * FFT, window, mix-down and key match are the server analysers' own (shared/audio/analysis).
 */

import { fft, hann, matchKey, mixDown, pitchClass } from '../../../shared/audio/analysis';

export interface AudioFeatures {
  /** Seconds. */
  duration: number;
  /** The file's own sample rate when its header says it (WAV, FLAC), else the decoder's. */
  sampleRate: number;
  channels: number;
  /** Linear RMS of the mono mix, 0..1, and the same in dBFS. */
  rms: number;
  rmsDb: number;
  /** Largest absolute sample over all channels, 0..1, and in dBFS. */
  peak: number;
  peakDb: number;
  /** Peak-to-RMS ratio in dB (a rough dynamic range). */
  crestFactorDb: number;
  /** Mean spectral centroid over the analysed frames, Hz. */
  spectralCentroid: number;
  /** Tempo from the autocorrelation of the onset envelope, rounded to 0.1; null when no pulse is found. */
  estimatedBpm: number | null;
  /** Key from chroma against the Krumhansl–Kessler profiles, e.g. 'A minor'; null in silence. */
  estimatedKey: string | null;
  /** Shares of spectral energy below 250 Hz, 250 Hz–4 kHz and above 4 kHz (sum 1, or 0 in silence). */
  lowEnergy: number;
  midEnergy: number;
  highEnergy: number;
  /** Share of samples within 0.1 dB of full scale (clipping indicator). */
  clippingRatio: number;
}

const FFT_SIZE = 2048;
const MAX_SPECTRAL_FRAMES = 256;
const ONSET_HOP = 512;
const MIN_BPM = 60;
const MAX_BPM = 200;
/** Tempo is estimated on the first two minutes at most (enough for a stable pulse, bounded work). */
const MAX_TEMPO_SECONDS = 120;
const SILENCE = 1e-6;

const toDb = (linear: number) => (linear > SILENCE ? 20 * Math.log10(linear) : -120);
// Rounding a measured value, not writing it for a reader (that is lib/format.ts's job).
// eslint-disable-next-line no-restricted-syntax
const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** The best-matching major or minor key for a 12-bin chroma vector (index 0 = C). */
export function keyFromChroma(chroma: readonly number[]): string | null {
  return matchKey(chroma).key;
}

/** Mean spectral centroid (Hz) and a chroma vector over up to MAX_SPECTRAL_FRAMES evenly spread frames. */
export function spectralFeatures(
  mono: Float32Array,
  sampleRate: number,
): { centroid: number; chroma: number[]; bands: [number, number, number] } {
  const chroma = new Array<number>(12).fill(0);
  const bands: [number, number, number] = [0, 0, 0];
  if (mono.length < FFT_SIZE) return { centroid: 0, chroma, bands };
  const window = hann(FFT_SIZE);
  const available = Math.floor((mono.length - FFT_SIZE) / FFT_SIZE) + 1;
  const frames = Math.min(MAX_SPECTRAL_FRAMES, available);
  const step = (mono.length - FFT_SIZE) / Math.max(1, frames - 1);
  const binHz = sampleRate / FFT_SIZE;
  const re = new Float64Array(FFT_SIZE);
  const im = new Float64Array(FFT_SIZE);
  let centroidSum = 0;
  let centroidWeight = 0;
  for (let f = 0; f < frames; f++) {
    const start = Math.floor(f * step);
    for (let i = 0; i < FFT_SIZE; i++) {
      re[i] = mono[start + i]! * window[i]!;
      im[i] = 0;
    }
    fft(re, im);
    let weighted = 0;
    let total = 0;
    for (let bin = 1; bin < FFT_SIZE / 2; bin++) {
      const magnitude = Math.hypot(re[bin]!, im[bin]!);
      const hz = bin * binHz;
      weighted += hz * magnitude;
      total += magnitude;
      bands[hz < 250 ? 0 : hz < 4000 ? 1 : 2] += magnitude * magnitude;
      if (hz >= 55 && hz <= 5000) {
        chroma[pitchClass(hz)]! += magnitude * magnitude;
      }
    }
    if (total > SILENCE) {
      // Loud frames count more, so near-silent frames do not drag the centroid around.
      centroidSum += (weighted / total) * total;
      centroidWeight += total;
    }
  }
  const energy = bands[0] + bands[1] + bands[2];
  return {
    centroid: centroidWeight ? centroidSum / centroidWeight : 0,
    chroma,
    bands: energy > 0 ? [bands[0] / energy, bands[1] / energy, bands[2] / energy] : [0, 0, 0],
  };
}

/**
 * Tempo: the half-wave-rectified difference of the log energy per hop is the onset envelope; its
 * autocorrelation peak between 60 and 200 BPM (parabolically refined) is the beat period.
 */
export function estimateBpm(mono: Float32Array, sampleRate: number): number | null {
  const usable = Math.min(mono.length, Math.floor(MAX_TEMPO_SECONDS * sampleRate));
  const hops = Math.floor(usable / ONSET_HOP);
  if (hops < 16) return null;
  const energy = new Float64Array(hops);
  for (let h = 0; h < hops; h++) {
    let sum = 0;
    for (let i = h * ONSET_HOP; i < (h + 1) * ONSET_HOP; i++) sum += mono[i]! * mono[i]!;
    energy[h] = Math.log(1e-10 + sum / ONSET_HOP);
  }
  const onset = new Float64Array(hops);
  for (let h = 1; h < hops; h++) onset[h] = Math.max(0, energy[h]! - energy[h - 1]!);
  const mean = onset.reduce((s, v) => s + v, 0) / hops;
  for (let h = 0; h < hops; h++) onset[h]! -= mean;

  const hopSeconds = ONSET_HOP / sampleRate;
  const minLag = Math.max(1, Math.floor(60 / MAX_BPM / hopSeconds));
  const maxLag = Math.min(hops - 2, Math.ceil(60 / MIN_BPM / hopSeconds));
  if (maxLag <= minLag) return null;
  const acf = new Float64Array(maxLag + 2);
  for (let lag = minLag - 1; lag <= maxLag + 1; lag++) {
    let sum = 0;
    for (let h = 0; h + lag < hops; h++) sum += onset[h]! * onset[h + lag]!;
    acf[lag] = sum / (hops - lag);
  }
  let bestLag = -1;
  let bestValue = 0;
  for (let lag = minLag; lag <= maxLag; lag++) {
    if (acf[lag]! > bestValue) {
      bestValue = acf[lag]!;
      bestLag = lag;
    }
  }
  if (bestLag < 0) return null;
  const left = acf[bestLag - 1]!;
  const right = acf[bestLag + 1]!;
  const denominator = left - 2 * bestValue + right;
  const offset = denominator !== 0 ? (0.5 * (left - right)) / denominator : 0;
  const period = (bestLag + Math.max(-0.5, Math.min(0.5, offset))) * hopSeconds;
  return round(60 / period, 1);
}

/** Every feature from decoded channels. */
export function measureAudio(
  channels: readonly Float32Array[],
  sampleRate: number,
  reportedSampleRate = sampleRate,
): AudioFeatures {
  const mono = mixDown(channels);
  let sumSquares = 0;
  for (let i = 0; i < mono.length; i++) sumSquares += mono[i]! * mono[i]!;
  let peak = 0;
  let clipped = 0;
  let samples = 0;
  for (const channel of channels) {
    for (let i = 0; i < channel.length; i++) {
      const magnitude = Math.abs(channel[i]!);
      if (magnitude > peak) peak = magnitude;
      if (magnitude >= 0.9886) clipped++; // -0.1 dBFS
    }
    samples += channel.length;
  }
  const rms = mono.length ? Math.sqrt(sumSquares / mono.length) : 0;
  const { centroid, chroma, bands } = spectralFeatures(mono, sampleRate);
  return {
    duration: round(mono.length / sampleRate, 3),
    sampleRate: reportedSampleRate,
    channels: channels.length,
    rms: round(rms, 5),
    rmsDb: round(toDb(rms), 1),
    peak: round(peak, 5),
    peakDb: round(toDb(peak), 1),
    crestFactorDb: round(toDb(peak) - toDb(rms), 1),
    spectralCentroid: Math.round(centroid),
    estimatedBpm: estimateBpm(mono, sampleRate),
    estimatedKey: rms > SILENCE ? keyFromChroma(chroma) : null,
    lowEnergy: round(bands[0], 4),
    midEnergy: round(bands[1], 4),
    highEnergy: round(bands[2], 4),
    clippingRatio: samples ? round(clipped / samples, 6) : 0,
  };
}

/** The sample rate a WAV ('fmt ' chunk) or FLAC (STREAMINFO) header declares, if any. */
export function headerSampleRate(bytes: Uint8Array): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  if (bytes.length >= 28 && tag(0) === 'RIFF' && tag(8) === 'WAVE') {
    let offset = 12;
    while (offset + 8 <= bytes.length) {
      const size = view.getUint32(offset + 4, true);
      if (tag(offset) === 'fmt ' && offset + 12 <= bytes.length) return view.getUint32(offset + 12, true);
      offset += 8 + size + (size % 2);
    }
    return undefined;
  }
  if (bytes.length >= 22 && tag(0) === 'fLaC') {
    // STREAMINFO body starts at 8; the sample rate is the first 20 bits after 10 bytes.
    return (bytes[18]! << 12) | (bytes[19]! << 4) | (bytes[20]! >> 4);
  }
  return undefined;
}

/** Decodes a user's file with Web Audio (at its own rate when the header gives it) and measures it. */
export async function analyseAudioFile(file: Blob): Promise<AudioFeatures> {
  const data = await file.arrayBuffer();
  const declared = headerSampleRate(new Uint8Array(data, 0, Math.min(data.byteLength, 4096)));
  const rate = declared && declared >= 8000 && declared <= 192000 ? declared : 44100;
  const context = new OfflineAudioContext(1, 1, rate);
  const buffer = await context.decodeAudioData(data);
  const channels = Array.from({ length: buffer.numberOfChannels }, (_, i) => buffer.getChannelData(i));
  return measureAudio(channels, buffer.sampleRate, declared ?? buffer.sampleRate);
}
