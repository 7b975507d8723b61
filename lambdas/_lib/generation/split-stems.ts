import { encodeWav } from '../../../shared/audio/wav';
import { MAX_UPLOAD_BYTES } from '../../../shared/uploads';
import { STEM_NAMES, type JobStages, type StemName } from '../../../shared/schemas/generation';
import { openAudio } from '../audio/decode';
import { objectSource } from '../audio/object-io';
import { advanceJob, jobAudioKeys, type GenerationJob } from '../db/generations';
import type { SplitStages } from '../stems/split-object';
import { readObject } from './audio-store';

/** The split step's pieces around the separator: stem keys, progress records, input for a remote provider. */

export function stemKeys(
  job: Pick<GenerationJob, 'id' | 'kind'>,
): Record<StemName, { wav: string; mp3: string }> {
  return Object.fromEntries(
    STEM_NAMES.map((name) => [
      name,
      { wav: jobAudioKeys.stem(job, name), mp3: jobAudioKeys.stem(job, name, 'mp3') },
    ]),
  ) as Record<StemName, { wav: string; mp3: string }>;
}

/** Progress is stored at most this often (each store is a DynamoDB write the web's poll reads). */
const PROGRESS_EVERY_MS = 2000;
/** The estimate needs this much of the work done before it means anything. */
const MIN_SHARE_FOR_ESTIMATE = 0.03;

/**
 * Records a split's stages on the job as it runs (throttled), with the seconds left estimated from its
 * pace so far: elapsed × (1 − done) / done, done being the last stage's share. The job's `progress`
 * (0..100) follows the same share inside the split's span (10–90).
 */
export function splitProgressRecorder(
  job: Pick<GenerationJob, 'id' | 'kind'>,
  now: () => number = Date.now,
): (stages: SplitStages) => Promise<void> {
  const started = now();
  // The first report is stored at once: the page leaves 'queued' as soon as the split really starts.
  let lastStored = started - PROGRESS_EVERY_MS;
  const [from, to] = job.kind === 'split' ? [10, 90] : [70, 90];
  return async (stages) => {
    const at = now();
    if (at - lastStored < PROGRESS_EVERY_MS) return;
    lastStored = at;
    const done = stages.encode;
    const rounded: JobStages = {
      decode: Math.round(stages.decode * 1000) / 1000,
      separate: Math.round(stages.separate * 1000) / 1000,
      encode: Math.round(stages.encode * 1000) / 1000,
    };
    const etaSeconds =
      done >= MIN_SHARE_FOR_ESTIMATE ? Math.round(((at - started) / 1000) * ((1 - done) / done)) : undefined;
    await advanceJob(job.id, {
      progress: Math.round(from + (to - from) * done),
      stages: rounded,
      ...(etaSeconds !== undefined ? { etaSeconds } : {}),
    });
  };
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
  let frames = 0;
  for await (const block of audio.blocks()) {
    blocks.push(block);
    frames += block[0]!.length;
  }
  const channels = Array.from({ length: audio.channelCount }, (_, c) => {
    const out = new Float32Array(frames);
    let at = 0;
    for (const block of blocks) {
      out.set(block[c]!, at);
      at += block[c]!.length;
    }
    return out;
  });
  return encodeWav({ sampleRate: audio.sampleRate, channels });
}
