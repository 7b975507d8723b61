import { encodeWav } from '../../../shared/audio/wav';
import { MAX_UPLOAD_BYTES } from '../../../shared/uploads';
import { joinBlocks, openAudio } from '../audio/decode';
import { objectSource } from '../audio/object-io';
import { readObject } from '../generation/audio-store';
import { FallbackStemSeparator } from './fallback-separator';
import type { SeparatedStems, StemSeparator } from './separator';

/**
 * A managed stems provider's side of a split, shared by the generation split task and the licence stems
 * ZIP: the input read as a WAV (the provider's API takes WAV), sent, and — when the provider fails and the
 * built-in separator is configured behind it — the fallback logged and counted, so the caller runs the
 * streamed built-in split (./split-object.ts) instead of separating a whole WAV in memory.
 */

/**
 * The provider's stems, or undefined when it failed and a fallback is configured (logged and counted).
 * The file is read and decoded first: a broken file fails with its code and is no provider failure.
 */
export async function separateRemotely(
  separator: StemSeparator,
  source: { bucket: string; key: string; name: string },
): Promise<SeparatedStems | undefined> {
  const remote = separator instanceof FallbackStemSeparator ? separator.primary : separator;
  const wav = await readAsWav(source.bucket, source.key, source.name);
  try {
    return await remote.separate(wav);
  } catch (error) {
    if (!(separator instanceof FallbackStemSeparator)) throw error;
    separator.recordFallback(error);
    return undefined;
  }
}

/**
 * The input as a WAV for a remote stems provider (its API takes WAV): a WAV upload as it is, any other
 * decoded format converted to 16-bit WAV (memory: the decoded audio, at most the upload limit).
 */
export async function readAsWav(bucket: string, key: string, name?: string): Promise<Uint8Array> {
  const audio = await openAudio(await objectSource(bucket, key, name));
  if (audio.format === 'wav') {
    audio.close();
    return readObject(bucket, key, MAX_UPLOAD_BYTES);
  }
  const blocks: Float32Array[][] = [];
  for await (const block of audio.blocks()) blocks.push(block);
  return encodeWav({ sampleRate: audio.sampleRate, channels: joinBlocks(blocks, audio.channelCount) });
}
