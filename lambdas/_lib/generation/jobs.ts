import { randomBytes, randomInt } from 'node:crypto';
import { ulid } from 'ulid';
import type { CreateMusicRequest } from '../../../shared/schemas/generation';
import type { UploadSession } from '../db/upload-sessions';
import { AppError, NotFound } from '../errors';
import { refundSpend } from '../db/ledger';
import { createJob, discardJob, failJob, getJob, newJob, type GenerationJob } from '../db/generations';
import { logger } from '../logger';
import { jobFailure } from './failures';
import { releaseGeneration, reserveGeneration } from './metering';
import { startJobExecution } from './start';

/** Starting jobs: meter, record, start the pipeline (reading them back: ./views.ts). */

/** A ULID (time-ordered) plus 64 random bits: ids of anonymous jobs are their only key, so unguessable. */
export function newJobId(): string {
  return `${ulid()}${randomBytes(8).toString('hex')}`;
}

async function startOrFail(job: GenerationJob): Promise<void> {
  try {
    await startJobExecution(job.id, job.kind);
  } catch (error) {
    logger.error('could not start the state machine', { jobId: job.id, error: error as Error });
    const current = (await getJob(job.id)) ?? job;
    const { refunded } = await releaseGeneration(current);
    await failJob(job.id, jobFailure('SERVER_ERROR', refunded));
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
      await failJob(job.id, jobFailure('SERVER_ERROR', false));
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
