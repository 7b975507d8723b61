import { encodeWavInt16, toInt16 } from '../../../shared/audio/wav';

/**
 * Any audio the browser can read (MP3, AAC, FLAC, OGG, WAV...), decoded with Web Audio into the short
 * mono WAV the key/BPM detection API reads. Shared by the acapella match and the product form, whose
 * server-side detection only reads WAV. Load it on demand: decoding is not first-load work.
 */

/** What is sent for analysis: the first two minutes, mono, 22.05 kHz, 16-bit (≈ 5 MB at most). */
const ANALYSIS_SECONDS = 120;
const ANALYSIS_RATE = 22_050;

/** The browser could not read the file as audio (or it is under a second); told apart by its name. */
export class DecodeError extends Error {
  override name = 'DecodeError';
}

export interface AnalysisAudio {
  /** The first two minutes as a mono 16-bit WAV. */
  wav: Uint8Array<ArrayBuffer>;
  /** The whole file's length, seconds (the WAV is cut, so detection's own duration would be short). */
  durationSeconds: number;
}

export async function decodeForAnalysis(file: Blob): Promise<AnalysisAudio> {
  let buffer: AudioBuffer;
  try {
    // The context's rate resamples the decoded audio; no sound device is opened.
    const context = new OfflineAudioContext(1, 1, ANALYSIS_RATE);
    buffer = await context.decodeAudioData(await file.arrayBuffer());
  } catch {
    throw new DecodeError();
  }
  const frames = Math.min(buffer.length, ANALYSIS_SECONDS * buffer.sampleRate);
  if (frames < buffer.sampleRate) throw new DecodeError(); // under a second: nothing to analyse
  const mono = new Int16Array(frames);
  const channels = Array.from({ length: buffer.numberOfChannels }, (_, c) => buffer.getChannelData(c));
  for (let i = 0; i < frames; i += 1) {
    let sum = 0;
    for (const channel of channels) sum += channel[i] ?? 0;
    mono[i] = toInt16(sum / channels.length);
  }
  return {
    wav: new Uint8Array(encodeWavInt16(mono, 1, buffer.sampleRate)),
    durationSeconds: buffer.duration,
  };
}
