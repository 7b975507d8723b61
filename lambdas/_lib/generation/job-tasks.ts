import { STEM_NAMES, type JobFailure } from '../../../shared/schemas/generation';
import { advanceJob, failJob, getJob, type GenerationJob } from '../db/generations';
import { logger } from '../logger';
import { causeMessage, classifyFailure, PipelineError, type CaughtError } from './failures';
import { releaseGeneration, reserveGeneration } from './metering';
import type { ExecutionInput } from './start';

/**
 * The state machine's tasks that only read and write the job item and the meters: Reserve, RecordTrack,
 * Refund and MarkFailed (the audio tasks are in ./tasks.ts). Each Lambda handler is a one-line call.
 */

/** The job, unless it is gone or already finished (a retried task must not reopen it). */
export async function liveJob(jobId: string): Promise<GenerationJob> {
  const job = await getJob(jobId);
  if (!job) throw new PipelineError('ProviderTaskNotFound', `Job ${jobId} not found (task not found).`);
  if (job.status === 'failed' || job.status === 'succeeded') {
    throw new PipelineError('JobClosed', `Job ${jobId} already ${job.status}.`);
  }
  return job;
}

export async function reserveTask(input: ExecutionInput): Promise<{ reservation: string }> {
  const reservation = await reserveGeneration(input.jobId);
  await advanceJob(input.jobId, { status: 'running', progress: 5 });
  return { reservation: reservation.kind };
}

export async function recordTask(input: ExecutionInput): Promise<{ status: string }> {
  const job = await liveJob(input.jobId);
  const complete = job.stems && STEM_NAMES.every((name) => job.stems?.[name]);
  if (!complete || (job.kind === 'generate' && !job.generated)) {
    throw new PipelineError('BadRequest', 'O job terminou sem áudio ou sem stems.');
  }
  const recorded = await advanceJob(job.id, { status: 'succeeded', progress: 100 });
  if (!recorded) throw new PipelineError('JobClosed', `Job ${job.id} finished before it could be recorded.`);
  logger.info('generation succeeded', { jobId: job.id, kind: job.kind });
  return { status: 'succeeded' };
}

export async function refundTask(input: { jobId: string }): Promise<{ refunded: boolean; kind: string }> {
  const job = await getJob(input.jobId);
  if (!job) return { refunded: false, kind: 'none' };
  return releaseGeneration(job);
}

export async function markFailedTask(input: {
  jobId: string;
  failure?: CaughtError;
  refund?: { refunded?: boolean };
}): Promise<JobFailure> {
  const job = await getJob(input.jobId);
  // A refund that happened on an earlier, interrupted attempt still counts.
  const refunded = Boolean(input.refund?.refunded || job?.refundedAt);
  const failure = classifyFailure(input.failure, refunded);
  await failJob(input.jobId, failure);
  // The caught error's own words stay here, for operators; users read the code in their language.
  logger.warn('generation failed', {
    jobId: input.jobId,
    error: input.failure?.Error,
    cause: causeMessage(input.failure?.Cause).slice(0, 300),
    code: failure.code,
    refunded,
  });
  return failure;
}
