import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { z } from 'zod';
import { wavToMp3 } from '../../../shared/audio/mp3';
import { RENDITIONS_JOB_STALE_SECONDS, type Mp3View } from '../../../shared/licensing/delivery';
import { s3, db } from '../clients';
import { config } from '../config';
import { projectKey, type ProjectRecord } from '../db/projects';
import { logger } from '../logger';

/**
 * Renditions of a beat uploaded as a WAV (issue 8): the master is what the WAV lease sells, so neither
 * the catalogue nor the MP3 lease may hand it out. When such a beat is published, the `beat-renditions`
 * function (async Lambda invoke, like the stems ZIP job) encodes a 320 kbps MP3 (the MP3 lease's file)
 * and a 128 kbps preview (what the catalogue plays) and stores their keys on the project item. The job's
 * state lives there too (`renditions_status`: preparing → ready | failed); starting is a conditional
 * update, so concurrent starts run one job, and a job only records its result while it is the current one.
 */
export const RenditionsJobInput = z.object({
  projectId: z.string().min(1).max(100),
  jobId: z.string().min(1).max(40),
});
export type RenditionsJobInput = z.infer<typeof RenditionsJobInput>;

const Settings = z.object({
  BEAT_RENDITIONS_FUNCTION: z.string().min(1, 'BEAT_RENDITIONS_FUNCTION is not set'),
});

const lambda = new LambdaClient({ region: config.AWS_REGION });

export const MP3_PREPARING_MESSAGE =
  'O MP3 deste beat está sendo preparado a partir do WAV; o link aparece aqui em instantes.';
export const MP3_FAILED_MESSAGE = 'Não foi possível preparar o MP3 deste beat. Tente novamente.';
const MP3_STALE_MESSAGE = 'A preparação do MP3 demorou demais. Tente novamente.';

/** Beats uploaded as a WAV get renditions; an uploaded MP3 is itself the MP3 lease's file. */
export function needsRenditions(project: Pick<ProjectRecord, 'audio_key'>): boolean {
  return project.audio_key.toLowerCase().endsWith('.wav');
}

export function renditionKeys(projectId: string, jobId: string): { mp3: string; preview: string } {
  // Per job, so a new run never overwrites a file a buyer is downloading.
  return {
    mp3: `renditions/${projectId}/${jobId}/master-320.mp3`,
    preview: `renditions/${projectId}/${jobId}/preview-128.mp3`,
  };
}

/** The MP3 rendition's state as the app sees it; 'none' = never started (a beat published before this). */
export function renditionsState(
  project: ProjectRecord,
  now: Date,
): { status: 'ready'; key: string } | Mp3View | { status: 'none' } {
  if (project.renditions_status === 'ready' && project.mp3_key)
    return { status: 'ready', key: project.mp3_key };
  if (project.renditions_status === 'preparing') {
    const started = Date.parse(project.renditions_started_at ?? '');
    if (Number.isFinite(started) && now.getTime() - started > RENDITIONS_JOB_STALE_SECONDS * 1000)
      return { status: 'failed', message: MP3_STALE_MESSAGE };
    return { status: 'preparing', message: MP3_PREPARING_MESSAGE };
  }
  if (project.renditions_status === 'failed')
    return { status: 'failed', message: project.renditions_error || MP3_FAILED_MESSAGE };
  return { status: 'none' };
}

/**
 * Starts a job unless one is running or done (then nothing happens: 'preparing' / the caller re-reads).
 * The invoke is asynchronous (InvocationType Event): Lambda queues it and answers at once. Never throws
 * for a failed invoke: the job is recorded as failed and can be retried.
 */
export async function startRenditionsJob(projectId: string, now: Date): Promise<'preparing' | 'failed'> {
  const jobId = ulid(now.getTime());
  try {
    await db.send(
      new UpdateCommand({
        TableName: config.TABLE_NAME,
        Key: projectKey(projectId),
        UpdateExpression:
          'SET renditions_status = :preparing, renditions_job_id = :job, renditions_started_at = :now ' +
          'REMOVE renditions_error',
        ConditionExpression:
          'attribute_exists(PK) AND (attribute_not_exists(renditions_status) OR renditions_status = :failed ' +
          'OR (renditions_status = :preparing AND renditions_started_at < :stale))',
        ExpressionAttributeValues: {
          ':preparing': 'preparing',
          ':failed': 'failed',
          ':job': jobId,
          ':now': now.toISOString(),
          ':stale': new Date(now.getTime() - RENDITIONS_JOB_STALE_SECONDS * 1000).toISOString(),
        },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return 'preparing';
    throw error;
  }
  const input: RenditionsJobInput = { projectId, jobId };
  try {
    const { BEAT_RENDITIONS_FUNCTION } = Settings.parse(process.env);
    await lambda.send(
      new InvokeCommand({
        FunctionName: BEAT_RENDITIONS_FUNCTION,
        InvocationType: 'Event',
        Payload: new TextEncoder().encode(JSON.stringify(input)),
      }),
    );
  } catch (error) {
    logger.error('renditions job not started', { error: error as Error, projectId });
    await finishRenditionsJob(input, { status: 'failed', error: MP3_FAILED_MESSAGE }, now);
    return 'failed';
  }
  logger.info('renditions job started', { projectId, jobId });
  return 'preparing';
}

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

/** Records the job's result, only while it is the project's current job (a stale retry changes nothing). */
export async function finishRenditionsJob(
  input: RenditionsJobInput,
  result: { status: 'ready'; mp3: string; preview: string } | { status: 'failed'; error: string },
  now = new Date(),
): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: config.TABLE_NAME,
        Key: projectKey(input.projectId),
        UpdateExpression:
          result.status === 'ready'
            ? 'SET renditions_status = :status, renditions_finished_at = :now, mp3_key = :mp3, ' +
              'preview_key = :preview REMOVE renditions_error'
            : 'SET renditions_status = :status, renditions_finished_at = :now, renditions_error = :error',
        ConditionExpression: 'renditions_job_id = :job AND renditions_status = :preparing',
        ExpressionAttributeValues: {
          ':status': result.status,
          ':now': now.toISOString(),
          ':job': input.jobId,
          ':preparing': 'preparing',
          ...(result.status === 'ready'
            ? { ':mp3': result.mp3, ':preview': result.preview }
            : { ':error': result.error }),
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
