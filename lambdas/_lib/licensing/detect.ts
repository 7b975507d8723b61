import { analyseMusic } from '../../../shared/audio/music/analyse';
import { mixDown } from '../../../shared/audio/music/dsp';
import type { PcmAudio } from '../../../shared/audio/wav';

/** What the product form is pre-filled with, for the creator to confirm. */
export interface BeatDetection {
  duration_seconds: number;
  bpm: number | null;
  bpm_confidence: number;
  /** False: the tempo is a guess ("tempo unclear"), not filled in as a fact. */
  bpm_clear: boolean;
  key: string | null;
  key_confidence: number;
  key_clear: boolean;
}

/**
 * Duration, BPM and key of decoded audio (its first minutes) by the platform's one music analysis
 * (shared/audio/music/analyse.ts), with the whole file's duration when only its beginning was decoded.
 */
export function detectBeat(audio: PcmAudio, durationSeconds?: number): BeatDetection {
  const frames = audio.channels[0]?.length ?? 0;
  const music = analyseMusic(mixDown(audio.channels), audio.sampleRate);
  return {
    duration_seconds: Math.round(durationSeconds ?? frames / audio.sampleRate),
    bpm: music.bpm,
    bpm_confidence: music.bpmConfidence,
    bpm_clear: music.tempoClear,
    key: music.key,
    key_confidence: music.keyConfidence,
    key_clear: music.keyClear,
  };
}
