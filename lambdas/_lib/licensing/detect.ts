import { decodeWav, type PcmAudio } from '../../../shared/audio/wav';
import { estimateTempo, MAX_ANALYSIS_SECONDS } from '../analysis/audio';
import { estimateMusicalKey } from './key-estimate';
import { mixDown } from '../analysis/dsp';

/** What the product form is pre-filled with, for the creator to confirm. */
export interface BeatDetection {
  duration_seconds: number;
  bpm: number | null;
  bpm_confidence: number;
  key: string | null;
  key_confidence: number;
}

/**
 * Duration, BPM and key of decoded audio, on the first minutes: the tempo of
 * lambdas/_lib/analysis/audio.ts (band-wise spectral-flux envelopes, tatum and metrical level with a
 * tempo prior) and the key of ./key-estimate (notes, bass line and opening bars, read at that tempo). Null BPM or key when
 * the audio has no clear pulse or no key (silence, noise, too short).
 */
export function detectBeat(audio: PcmAudio): BeatDetection {
  const frames = audio.channels[0]?.length ?? 0;
  const duration = frames / audio.sampleRate;
  const limit = Math.min(frames, Math.floor(MAX_ANALYSIS_SECONDS * audio.sampleRate));
  const mono = mixDown(audio.channels.map((c) => c.subarray(0, limit)));
  const tempo = estimateTempo(mono, audio.sampleRate);
  const key = estimateMusicalKey(mono, audio.sampleRate, tempo.bpm);
  return {
    duration_seconds: Math.round(duration),
    bpm: tempo.bpm,
    bpm_confidence: Math.round(tempo.confidence * 100) / 100,
    key: key.key,
    key_confidence: Math.round(key.confidence * 100) / 100,
  };
}

export function detectBeatWav(bytes: Uint8Array): BeatDetection {
  return detectBeat(decodeWav(bytes));
}
