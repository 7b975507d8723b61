import { randomBytes, randomInt } from 'node:crypto';
import { ulid } from 'ulid';
import type {
  CreateMusicRequest,
  GenerationView,
  JobKind,
  StemLink,
  TrackView,
} from '../../../shared/schemas/generation';
import { STEM_NAMES } from '../../../shared/schemas/generation';
import type { UploadSession } from '../db/upload-sessions';
import { config } from '../config';
import { AppError, NotFound } from '../errors';
import { refundSpend } from '../db/ledger';
import { createJob, discardJob, failJob, getJob, newJob, type GenerationJob } from '../db/generations';
import { logger } from '../logger';
import { presignDownload } from './audio-store';
import { releaseGeneration, reserveGeneration } from './metering';
import { startJobExecution } from './start';

/** Jobs as the API sees them: submit (meter, record, start) and read back with download links. */

/** A ULID (time-ordered) plus 64 random bits: ids of anonymous jobs are their only key, so unguessable. */
export function newJobId(): string {
  return `${ulid()}${randomBytes(8).toString('hex')}`;
}

export const JOB_ID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}[0-9a-f]{16}$/;

async function startOrFail(job: GenerationJob): Promise<void> {
  try {
    await startJobExecution(job.id, job.kind);
  } catch (error) {
    logger.error('could not start the state machine', { jobId: job.id, error: error as Error });
    const current = (await getJob(job.id)) ?? job;
    const { refunded } = await releaseGeneration(current);
    await failJob(job.id, {
      code: 'SERVER_ERROR',
      message: `Problema temporário no servidor.${refunded ? ' Seus créditos foram reembolsados automaticamente.' : ''}`,
    });
    throw error;
  }
}

/** Meters first (402/429 before anything starts), then starts the pipeline. */
export async function submitGeneration(input: {
  request: CreateMusicRequest;
  owner?: string;
  client?: string;
}): Promise<GenerationJob> {
  const job = newJob({
    id: newJobId(),
    kind: 'generate',
    ...(input.owner ? { owner: input.owner } : { client: input.client }),
    prompt: {
      description: input.request.description,
      ...(input.request.lyrics ? { lyrics: input.request.lyrics } : {}),
      style: input.request.style,
      durationSeconds: input.request.duration,
      seed: randomInt(0, 2 ** 31),
    },
  });
  await createJob(job);
  try {
    await reserveGeneration(job.id);
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      // Refused (402/429): nothing was taken, the job never existed for the user.
      await discardJob(job.id);
    } else {
      // Failed half-way (e.g. coins spent, reservation not recorded): give back what the job key took.
      if (job.owner) {
        await refundSpend({ sub: job.owner, idempotencyKey: job.id }).catch((refundError: unknown) => {
          if (!(refundError instanceof NotFound)) throw refundError;
        });
      }
      await failJob(job.id, { code: 'SERVER_ERROR', message: 'Problema temporário no servidor.' });
    }
    throw error;
  }
  await startOrFail(job);
  return job;
}

export async function submitStemSplit(owner: string, upload: UploadSession): Promise<GenerationJob> {
  const job = newJob({
    id: newJobId(),
    kind: 'split',
    owner,
    source: { bucket: upload.bucket, key: upload.key, name: upload.name, size: upload.size },
  });
  await createJob(job);
  await startOrFail(job);
  return job;
}

function baseName(name: string): string {
  return (
    name
      .replace(/\.[^.]*$/, '')
      .replace(/[^\p{L}\p{N} _-]+/gu, '_')
      .slice(0, 80) || 'audio'
  );
}

async function trackOf(job: GenerationJob): Promise<TrackView | undefined> {
  if (job.status !== 'succeeded') return undefined;
  const bucket = config.AUDIO_BUCKET;
  const title =
    job.kind === 'generate' ? (job.generated?.title ?? 'Untitled') : baseName(job.source?.name ?? 'audio');
  const audioUrl =
    job.kind === 'generate' && job.generated
      ? await presignDownload(bucket, job.generated.audioKey, `${baseName(title)}.wav`)
      : job.source
        ? await presignDownload(job.source.bucket, job.source.key, job.source.name)
        : '';
  const stems: StemLink[] = await Promise.all(
    STEM_NAMES.map(async (name) => {
      const key = job.stems?.[name];
      const mp3 = job.stemsMp3?.[name];
      return {
        name,
        url: key ? await presignDownload(bucket, key, `${baseName(title)}-${name}.wav`) : null,
        ...(mp3 ? { mp3Url: await presignDownload(bucket, mp3, `${baseName(title)}-${name}.mp3`) } : {}),
      };
    }),
  );
  return {
    id: job.id,
    title,
    audioUrl,
    stems,
    ...(job.generated
      ? {
          durationSeconds: job.generated.durationSeconds,
          ...(job.generated.bpm ? { bpm: job.generated.bpm } : {}),
          ...(job.generated.key ? { key: job.generated.key } : {}),
        }
      : {}),
    ...(job.prompt ? { style: job.prompt.style } : {}),
  };
}

export async function jobView(job: GenerationJob): Promise<GenerationView> {
  const track = await trackOf(job);
  return {
    id: job.id,
    kind: job.kind as JobKind,
    status: job.status,
    progress: job.progress,
    ...(job.status === 'running' && job.stages ? { stages: job.stages } : {}),
    ...(job.status === 'running' && job.etaSeconds !== undefined ? { etaSeconds: job.etaSeconds } : {}),
    ...(job.status === 'succeeded' ? { success: true } : job.status === 'failed' ? { success: false } : {}),
    ...(track ? { track } : {}),
    ...(job.error ? { error: job.error } : {}),
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
  };
}
