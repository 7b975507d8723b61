import { encodeWavInt16, toInt16 } from '../../../../../shared/audio/wav';
import { checkUpload } from '../../../../../shared/uploads';
import { uploadForKey } from '../../dashboard/api/uploads';
import { analyseUpload } from '../api/licences';

/**
 * The acapella match's work (AcapellaMatch.tsx loads this module when a file is chosen, so decoding and
 * upload code stay off the marketplace's first load): decode in the browser, upload a short mono WAV,
 * and ask the API for its key and BPM.
 */

/** The acapella may be this large; the browser decodes it, so the bound keeps memory reasonable. */
export const MAX_ACAPELLA_BYTES = 100 * 1024 * 1024;
/** What is sent for analysis: the first two minutes, mono, 22.05 kHz, 16-bit (≈ 5 MB at most). */
const ANALYSIS_SECONDS = 120;
const ANALYSIS_RATE = 22_050;

/** The browser could not read the file as audio (or it is under a second); told apart by its name. */
export class DecodeError extends Error {
  override name = 'DecodeError';
}

/** Why a chosen file cannot be analysed: not audio (the split's upload rules), or over 100 MB; else null. */
export function acapellaFileProblem(file: File): 'notAudio' | 'tooLarge' | null {
  const problem = checkUpload('stem-split', file.name, file.type, file.size);
  if (problem && problem.code !== 'PAYLOAD_TOO_LARGE') return 'notAudio';
  return file.size > MAX_ACAPELLA_BYTES ? 'tooLarge' : null;
}

/** Decodes any audio the browser reads into a short mono WAV for the detection API. */
async function analysisWav(file: File): Promise<Uint8Array<ArrayBuffer>> {
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
  return new Uint8Array(encodeWavInt16(mono, 1, buffer.sampleRate));
}

/** The detected key and BPM of an acapella (either may be null when it could not be told). */
export async function detectKeyAndBpm(file: File): Promise<{ key: string | null; bpm: number | null }> {
  const wav = await analysisWav(file);
  const key = await uploadForKey(new File([wav], 'acapella.wav', { type: 'audio/wav' }), 'stem-split');
  return analyseUpload(key);
}
