import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { wavToMp3 } from '../../../shared/audio/mp3';
import { s3 } from '../aws/s3';
import { config } from '../config';
import type { ProjectRecord } from '../db/projects';
import { renditionKeys } from './renditions';

/**
 * The encoding half of ./renditions.ts, in a module of its own so that only the beat-renditions job
 * bundles the MP3 encoder; the API functions that start jobs never load it.
 */

/** Encodes and stores the MP3 and the preview of the beat's WAV (run by the beat-renditions function). */
export async function buildRenditions(
  project: Pick<ProjectRecord, 'id' | 'audio_key'>,
  jobId: string,
): Promise<{ mp3: string; preview: string }> {
  const object = await s3.send(new GetObjectCommand({ Bucket: config.AUDIO_BUCKET, Key: project.audio_key }));
  const wav = await object.Body!.transformToByteArray();
  const keys = renditionKeys(project.id, jobId);
  // One after the other: the 320 kbps file first (what buyers wait for), and only one MP3 in memory.
  for (const [key, kbps] of [
    [keys.mp3, 320],
    [keys.preview, 128],
  ] as const) {
    await s3.send(
      new PutObjectCommand({
        Bucket: config.AUDIO_BUCKET,
        Key: key,
        Body: wavToMp3(wav, { kbps }),
        ContentType: 'audio/mpeg',
      }),
    );
  }
  return keys;
}
