import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DurationSeconds, MusicStyle } from '../../../shared/audio/styles';
import type { JobFailure, JobKind, JobStages, JobStatus, StemName } from '../../../shared/schemas/generation';
import { db } from '../aws/dynamodb';
import { config } from '../config';
import { keys } from './keys';

/**
 * A generation job (`GEN#<id>`/`META`): one run of the generate-then-split state machine, either a
 * generated track or the stem split of an upload. Signed-in users' jobs are listed on GSI1
 * (`USER#<sub>` / `GEN#<createdAt>`); anonymous jobs carry only the hash of their client and expire.
 * The audio lives in S3; the item keeps keys, never bytes.
 */

/** What the generator was asked (kept so a retried task renders the very same track). */
export interface GenerationPrompt {
  description: string;
  lyrics?: string;
  style: MusicStyle;
  durationSeconds: DurationSeconds;
  seed: number;
}

/** What a job used up, so a failure gives back exactly that (see lambdas/_lib/generation/metering.ts). */
export type Reservation =
  | { kind: 'plan'; sub: string; plan: string; period: string }
  | { kind: 'coins'; sub: string; amount: number; spendKey: string }
  | { kind: 'anonymous'; client: string; day: string }
  | { kind: 'free' };

export interface GeneratedAudio {
  title: string;
  audioKey: string;
  /** Raw stems the provider gave (synth: drums, bass, chords, lead), by provider name → S3 key. */
  sourceStems: Record<string, string>;
  durationSeconds: number;
  sampleRate: number;
  bpm?: number;
  key?: string;
  provider: string;
}

export interface GenerationJob {
  id: string;
  kind: JobKind;
  status: JobStatus;
  progress: number;
  /** Cognito sub of a signed-in requester. */
  owner?: string;
  /** Hash of an anonymous requester's address (daily quota). */
  client?: string;
  prompt?: GenerationPrompt;
  /** Split jobs: the uploaded file. */
  source?: { bucket: string; key: string; name: string; size: number };
  reservation?: Reservation;
  refundedAt?: string;
  generated?: GeneratedAudio;
  /** Final stems by name → S3 key (audio bucket). */
  stems?: Partial<Record<StemName, string>>;
  /** MP3 copies of the stems (320 kbps), when the split made them. */
  stemsMp3?: Partial<Record<StemName, string>>;
  /** Where a running split is, each stage 0..1, and its estimate of the seconds left. */
  stages?: JobStages;
  etaSeconds?: number;
  /** Code and params (older items also hold a pt-BR `message`: read by generation/views.ts). */
  error?: { code: string; params?: Record<string, string | number>; message?: string };
  createdAt: string;
  updatedAt: string;
  expiresAt?: number;
}

const ANONYMOUS_JOB_TTL_SECONDS = 7 * 24 * 3600;

const jobKey = (id: string) => ({ PK: keys.generation(id), SK: keys.meta() });

export function jobToItem(job: GenerationJob): Record<string, unknown> {
  return {
    ...jobKey(job.id),
    ...(job.owner ? { GSI1PK: keys.user(job.owner), GSI1SK: keys.generationByDate(job.createdAt) } : {}),
    type: 'generation',
    ...job,
  };
}

export function jobFromItem(item: Record<string, unknown>): GenerationJob {
  const { PK: _pk, SK: _sk, GSI1PK: _g1, GSI1SK: _g2, type: _type, ...rest } = item;
  return rest as unknown as GenerationJob; // written only by jobToItem/updates below
}

export function newJob(
  input: Omit<GenerationJob, 'status' | 'progress' | 'createdAt' | 'updatedAt'>,
  now = new Date(),
): GenerationJob {
  const at = now.toISOString();
  return {
    ...input,
    status: 'queued',
    progress: 0,
    createdAt: at,
    updatedAt: at,
    ...(input.owner ? {} : { expiresAt: Math.floor(now.getTime() / 1000) + ANONYMOUS_JOB_TTL_SECONDS }),
  };
}

export async function createJob(job: GenerationJob): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: config.TABLE_NAME,
      Item: jobToItem(job),
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

export async function getJob(id: string): Promise<GenerationJob | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: config.TABLE_NAME, Key: jobKey(id), ConsistentRead: true }),
  );
  return Item && Item.type === 'generation' ? jobFromItem(Item) : undefined;
}

/** Removes a job that never started (its metering was refused). */
export async function discardJob(id: string): Promise<void> {
  await db
    .send(
      new DeleteCommand({
        TableName: config.TABLE_NAME,
        Key: jobKey(id),
        ConditionExpression: '#status = :queued AND attribute_not_exists(reservation)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':queued': 'queued' },
      }),
    )
    .catch((error: unknown) => {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    });
}

/**
 * Moves a live job forward (running, progress, results). Conditional on the job still being live, so
 * a late task (e.g. a generation that outlived its state's timeout) never overwrites a failed job.
 * Returns false when the job had already finished.
 */
export async function advanceJob(
  id: string,
  changes: Partial<
    Pick<GenerationJob, 'status' | 'progress' | 'generated' | 'stems' | 'stemsMp3' | 'stages' | 'etaSeconds'>
  >,
  now = new Date(),
): Promise<boolean> {
  const names: Record<string, string> = { '#status': 'status', '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = {
    ':queued': 'queued',
    ':running': 'running',
    ':now': now.toISOString(),
  };
  const sets = ['#updatedAt = :now'];
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  try {
    await db.send(
      new UpdateCommand({
        TableName: config.TABLE_NAME,
        Key: jobKey(id),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(PK) AND (#status = :queued OR #status = :running)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** The job's final failure (once: a job already finished keeps its first outcome). */
export async function failJob(id: string, failure: JobFailure, now = new Date()): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: config.TABLE_NAME,
        Key: jobKey(id),
        UpdateExpression: 'SET #status = :failed, #error = :error, #updatedAt = :now',
        ConditionExpression: 'attribute_exists(PK) AND (#status = :queued OR #status = :running)',
        ExpressionAttributeNames: { '#status': 'status', '#error': 'error', '#updatedAt': 'updatedAt' },
        ExpressionAttributeValues: {
          ':failed': 'failed',
          ':error': failure,
          ':now': now.toISOString(),
          ':queued': 'queued',
          ':running': 'running',
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Audio bucket keys of a job's files. */
export const jobAudioKeys = {
  mix: (id: string) => `generated/${id}/mix.wav`,
  source: (id: string, name: string) => `generated/${id}/source/${name}.wav`,
  stem: (job: Pick<GenerationJob, 'id' | 'kind'>, name: StemName, extension: 'wav' | 'mp3' = 'wav') =>
    job.kind === 'generate'
      ? `generated/${job.id}/stems/${name}.${extension}`
      : `splits/${job.id}/stems/${name}.${extension}`,
};
