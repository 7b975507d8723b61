import * as z from 'zod';
import { problem, storedProblem, type ApiProblem } from '../../../shared/errors';
import { STEMS_JOB_STALE_SECONDS, type StemsView } from '../../../shared/licensing/delivery';
import { claimItemJob, finishItemJob, invokeItemJob, type ItemJob } from '../jobs/item-job';
import { keys } from '../db/keys';
import { logger } from '../logger';
import type { LicenceRecord } from './store';

/**
 * The stems ZIP of a Trackout licence is built off the request path (API Gateway answers within 29 s; the
 * AI split of a 3-minute beat and big multitrack ZIPs can take longer): the files request starts the
 * `licence-stems-zip` function with an asynchronous Lambda invoke, and the job's status lives on the
 * licence item (`stems_status`: preparing → ready | failed). Starting is a conditional update, so
 * concurrent requests start one job; the job only records its result while it is still the current one.
 */
export interface StemsJobInput {
  projectId: string;
  orderId: string;
  jobId: string;
}

export const StemsJobInput = z.object({
  projectId: z.string().min(1).max(100),
  orderId: z.string().min(1).max(100),
  jobId: z.string().min(1).max(40),
});

const Settings = z.object({
  LICENCE_STEMS_ZIP_FUNCTION: z.string().min(1, 'LICENCE_STEMS_ZIP_FUNCTION is not set'),
});

export const STEMS_FAILED = problem('STEMS_FAILED');
const STEMS_STALE = problem('STEMS_FAILED', { context: 'stale' });

/** The job's state lives on the licence item; a 'ready' ZIP that is gone is prepared again. */
function stemsJob(licence: Pick<LicenceRecord, 'project_id' | 'order_id'>): ItemJob {
  return {
    key: { PK: keys.project(licence.project_id), SK: keys.licence(licence.order_id) },
    prefix: 'stems',
    staleSeconds: STEMS_JOB_STALE_SECONDS,
    restartReady: true,
  };
}

/** The job's state as the app sees it; 'none' = never started (or its ZIP is gone). */
export function stemsJobState(
  licence: LicenceRecord,
  ai: boolean,
  now: Date,
): StemsView | { status: 'none'; ai: boolean } {
  switch (licence.stems_status) {
    case 'preparing': {
      const started = Date.parse(licence.stems_started_at ?? '');
      if (Number.isFinite(started) && now.getTime() - started > STEMS_JOB_STALE_SECONDS * 1000)
        return { status: 'failed', ai, error: STEMS_STALE };
      return { status: 'preparing', ai };
    }
    case 'failed':
      return { status: 'failed', ai, error: storedProblem(licence.stems_error, STEMS_FAILED) };
    default:
      // 'ready' without the ZIP in the bucket (the caller looked) is prepared again.
      return { status: 'none', ai };
  }
}

/**
 * Starts a job unless one is running (then another request started it first: still 'preparing'). The
 * invoke is asynchronous (InvocationType Event): Lambda queues it and answers at once.
 */
export async function startStemsJob(licence: LicenceRecord, now: Date): Promise<'preparing' | 'failed'> {
  const jobId = await claimItemJob(stemsJob(licence), now);
  if (!jobId) return 'preparing';
  const input: StemsJobInput = { projectId: licence.project_id, orderId: licence.order_id, jobId };
  try {
    await invokeItemJob(Settings.parse(process.env).LICENCE_STEMS_ZIP_FUNCTION, input);
  } catch (error) {
    logger.error('stems job not started', { error: error as Error, orderId: licence.order_id });
    await finishStemsJob(input, 'failed', STEMS_FAILED, now);
    return 'failed';
  }
  logger.info('stems job started', { orderId: licence.order_id, jobId });
  return 'preparing';
}

/** Records the job's result, only while it is the licence's current job (a stale retry changes nothing). */
export async function finishStemsJob(
  input: StemsJobInput,
  status: 'ready' | 'failed',
  error: ApiProblem | null,
  now = new Date(),
): Promise<boolean> {
  return finishItemJob(
    stemsJob({ project_id: input.projectId, order_id: input.orderId }),
    input.jobId,
    status === 'ready' ? { status } : { status, error: error ?? STEMS_FAILED },
    now,
  );
}
