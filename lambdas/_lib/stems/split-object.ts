import type { DecodedFormat } from '../../../shared/audio/formats';
import { openAudio } from '../audio/decode';
import { objectSource } from '../audio/object-io';
import { StemSplitStream, type DspSeparatorOptions, type StemBlock } from './dsp-separator';
import { STEM_NAMES, type StemName } from './separator';
import { StemObjectWriter } from './stem-objects';

/**
 * An uploaded file (WAV, MP3, FLAC, Ogg Vorbis) to four stems in S3, streamed end to end: the object is
 * read in chunks, decoded block by block (lambdas/_lib/audio/decode.ts), separated by the built-in
 * separator's stream (StemSplitStream: planar float in, 16-bit stem frames out) and each stem written as
 * WAV and (when its keys name one) MP3 in parts. Memory is a few blocks plus each writer's part buffer,
 * whatever the file's length. A file that turns out broken part-way (truncated, corrupt) aborts every
 * writer: no stem is left half-written.
 */

export interface SplitStages {
  /** Share of the file's bytes read and decoded, 0..1. */
  decode: number;
  /** Share of the audio through the separator, 0..1. */
  separate: number;
  /** Share of the stems encoded (WAV + MP3) and stored, 0..1. */
  encode: number;
}

/** Where one stem goes: always a WAV; an MP3 beside it only when asked (the licence ZIP takes WAV only). */
export interface StemObjectKeys {
  wav: string;
  mp3?: string;
}

export interface SplitObjectResult<K extends StemObjectKeys = { wav: string; mp3: string }> {
  format: DecodedFormat;
  sampleRate: number;
  channels: number;
  frames: number;
  durationSeconds: number;
  stems: Record<StemName, K>;
}

export interface SplitObjectOptions {
  /** Called after every block; the caller decides how often to store it. */
  onProgress?: (stages: SplitStages) => void | Promise<void>;
  signal?: AbortSignal;
  separator?: DspSeparatorOptions;
}

export async function splitObject<K extends StemObjectKeys>(
  source: { bucket: string; key: string; name: string },
  target: { bucket: string; keys: Record<StemName, K> },
  options: SplitObjectOptions = {},
): Promise<SplitObjectResult<K>> {
  const input = await objectSource(source.bucket, source.key, source.name);
  const audio = await openAudio(input);
  const stream = new StemSplitStream(audio.sampleRate, audio.channelCount, options.separator);
  const writers: StemObjectWriter[] = [];
  try {
    for (const name of STEM_NAMES) {
      writers.push(
        await StemObjectWriter.create({
          bucket: target.bucket,
          wavKey: target.keys[name].wav,
          mp3Key: target.keys[name].mp3,
          channels: stream.channels,
          sampleRate: audio.sampleRate,
        }),
      );
    }
    let separated = 0;
    const estimatedFrames = () =>
      audio.declaredFrames ??
      (audio.bytesRead > 0 ? (audio.framesDecoded * input.size) / audio.bytesRead : audio.framesDecoded);
    const write = async (block: StemBlock) => {
      for (let s = 0; s < STEM_NAMES.length; s++) await writers[s]!.write(block.stems[STEM_NAMES[s]!]);
      separated += block.frames;
    };
    for await (const block of audio.blocks()) {
      if (options.signal?.aborted) throw new Error('Stem separation was cancelled.');
      await write(stream.push(block));
      const total = Math.max(1, estimatedFrames());
      const share = Math.min(0.99, separated / total);
      await options.onProgress?.({
        decode: Math.min(1, audio.bytesRead / Math.max(1, input.size)),
        separate: share,
        encode: share,
      });
    }
    await write(stream.end());
    await options.onProgress?.({ decode: 1, separate: 1, encode: 0.99 });
    for (const writer of writers) await writer.finish();
    return {
      format: audio.format,
      sampleRate: audio.sampleRate,
      channels: stream.channels,
      frames: separated,
      durationSeconds: separated / audio.sampleRate,
      stems: target.keys,
    };
  } catch (error) {
    await Promise.allSettled(writers.map((writer) => writer.abort()));
    throw error;
  } finally {
    audio.close();
  }
}
