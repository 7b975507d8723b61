import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { pcmToMp3, wavToMp3 } from '../../../shared/audio/mp3';
import { decodePrefix } from '../audio/decode';
import { objectSource } from '../audio/object-io';
import { s3 } from '../aws/s3';
import { config } from '../config';
import type { ProjectRecord } from '../db/projects';
import { needsRenditions, renditionKeys } from './renditions';

/** The longest public preview of a master that is not a WAV (decoded whole in memory to be re-encoded). */
const PREVIEW_MAX_SECONDS = 15 * 60;

/**
 * The encoding half of ./renditions.ts, in a module of its own so that only the beat-renditions job
 * bundles the MP3 encoder; the API functions that start jobs never load it.
 */

/**
 * Encodes and stores what the catalogue and the MP3 lease need (run by the beat-renditions function):
 * for a WAV master its 320 kbps MP3 and its 128 kbps preview; for an MP3 master (the MP3 lease's file
 * itself) only the preview, so the catalogue never hands out the file a lease sells.
 */
export async function buildRenditions(
  project: Pick<ProjectRecord, 'id' | 'audio_key'>,
  jobId: string,
): Promise<{ mp3: string; preview: string }> {
  const keys = renditionKeys(project.id, jobId);
  if (!needsRenditions(project)) {
    const decoded = await decodePrefix(
      await objectSource(config.AUDIO_BUCKET, project.audio_key),
      PREVIEW_MAX_SECONDS,
    );
    await store(keys.preview, pcmToMp3(decoded.audio, { kbps: 128 }));
    return { mp3: project.audio_key, preview: keys.preview };
  }
  const object = await s3.send(new GetObjectCommand({ Bucket: config.AUDIO_BUCKET, Key: project.audio_key }));
  const wav = await object.Body!.transformToByteArray();
  // One after the other: the 320 kbps file first (what buyers wait for), and only one MP3 in memory.
  for (const [key, kbps] of [
    [keys.mp3, 320],
    [keys.preview, 128],
  ] as const) {
    await store(key, wavToMp3(wav, { kbps }));
  }
  return keys;
}

async function store(key: string, mp3: Uint8Array): Promise<void> {
  await s3.send(
    new PutObjectCommand({ Bucket: config.AUDIO_BUCKET, Key: key, Body: mp3, ContentType: 'audio/mpeg' }),
  );
}
