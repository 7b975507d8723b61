/**
 * Real features of an audio file, measured in the browser (AI DAW dialog, AI-tools spec §7
 * `ai_audio_analysis`): the file is decoded with Web Audio and the samples are measured by the
 * platform's one music analysis (shared/audio/music/analyse.ts), the same code the server runs for chat
 * file analysis and beat uploads, so a file gets the same tempo and key in the AI DAW as everywhere else.
 */

import { measureAudio as measureMusic } from '../../../shared/audio/music/analyse';

export interface AudioFeatures {
  /** Seconds. */
  duration: number;
  /** The file's own sample rate when its header says it (WAV, FLAC), else the decoder's. */
  sampleRate: number;
  channels: number;
  /** Linear RMS over all channels, 0..1, and the same in dBFS. */
  rms: number;
  rmsDb: number;
  /** Largest absolute sample over all channels, 0..1, and in dBFS. */
  peak: number;
  peakDb: number;
  /** Peak-to-RMS ratio in dB (a rough dynamic range). */
  crestFactorDb: number;
  /** Integrated loudness (ITU-R BS.1770), LUFS. */
  lufs: number;
  /** Spectral centroid, Hz. */
  spectralCentroid: number;
  /** Tempo (BPM), the best guess; null when no pulse is found. */
  estimatedBpm: number | null;
  /** Whether the tempo is sure enough to state (else the dialog says "tempo unclear"). */
  tempoClear: boolean;
  /** Key, e.g. 'A minor', the best guess; null without tonal content. */
  estimatedKey: string | null;
  keyClear: boolean;
  /** Shares of spectral energy below 250 Hz, 250 Hz–4 kHz and above 4 kHz (sum 1, or 0 in silence). */
  lowEnergy: number;
  midEnergy: number;
  highEnergy: number;
  /** Share of samples at full scale (clipping indicator). */
  clippingRatio: number;
}

/** Every feature from decoded channels. */
export function measureAudio(
  channels: readonly Float32Array[],
  sampleRate: number,
  reportedSampleRate = sampleRate,
): AudioFeatures {
  const m = measureMusic({ sampleRate, channels: [...channels] });
  const samples = channels.reduce((n, c) => n + Math.min(c.length, Math.floor(180 * sampleRate)), 0);
  const fromDb = (db: number) => (db <= -120 ? 0 : 10 ** (db / 20));
  return {
    duration: Math.round(((channels[0]?.length ?? 0) / sampleRate) * 1000) / 1000,
    sampleRate: reportedSampleRate,
    channels: channels.length,
    rms: Math.round(fromDb(m.rmsDbfs) * 1e5) / 1e5,
    rmsDb: Math.max(-120, m.rmsDbfs),
    peak: Math.round(fromDb(m.peakDbfs) * 1e5) / 1e5,
    peakDb: Math.max(-120, m.peakDbfs),
    crestFactorDb: m.crestFactorDb,
    lufs: Math.max(-120, m.integratedLufs),
    spectralCentroid: m.spectrum.centroidHz,
    estimatedBpm: m.bpm,
    tempoClear: m.tempoClear,
    estimatedKey: m.key,
    keyClear: m.keyClear,
    lowEnergy: m.spectrum.lowShare,
    midEnergy: m.spectrum.midShare,
    highEnergy: m.spectrum.highShare,
    clippingRatio: samples ? Math.round((m.clippedSamples / samples) * 1e6) / 1e6 : 0,
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
