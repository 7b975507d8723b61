import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { z } from 'zod';
import { STEMS_JOB_STALE_SECONDS, type StemsView } from '../../../shared/licensing/delivery';
import { db } from '../clients';
import { config } from '../config';
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

const lambda = new LambdaClient({ region: config.AWS_REGION });

export const STEMS_FAILED_MESSAGE = 'Não foi possível preparar os stems. Tente novamente.';
const STEMS_STALE_MESSAGE = 'A preparação dos stems demorou demais. Tente novamente.';

function licenceKey(licence: Pick<LicenceRecord, 'project_id' | 'order_id'>) {
  return { PK: keys.project(licence.project_id), SK: keys.licence(licence.order_id) };
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
        return { status: 'failed', ai, error: STEMS_STALE_MESSAGE };
      return { status: 'preparing', ai };
    }
    case 'failed':
      return { status: 'failed', ai, error: licence.stems_error || STEMS_FAILED_MESSAGE };
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
  const jobId = ulid(now.getTime());
  try {
    await db.send(
      new UpdateCommand({
        TableName: config.TABLE_NAME,
        Key: licenceKey(licence),
        UpdateExpression:
          'SET stems_status = :preparing, stems_job_id = :job, stems_started_at = :now REMOVE stems_error',
        ConditionExpression:
          'attribute_exists(PK) AND (attribute_not_exists(stems_status) OR stems_status <> :preparing ' +
          'OR stems_started_at < :stale)',
        ExpressionAttributeValues: {
          ':preparing': 'preparing',
          ':job': jobId,
          ':now': now.toISOString(),
          ':stale': new Date(now.getTime() - STEMS_JOB_STALE_SECONDS * 1000).toISOString(),
        },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return 'preparing';
    throw error;
  }
  const input: StemsJobInput = { projectId: licence.project_id, orderId: licence.order_id, jobId };
  try {
    const { LICENCE_STEMS_ZIP_FUNCTION } = Settings.parse(process.env);
    await lambda.send(
      new InvokeCommand({
        FunctionName: LICENCE_STEMS_ZIP_FUNCTION,
        InvocationType: 'Event',
        Payload: new TextEncoder().encode(JSON.stringify(input)),
      }),
    );
  } catch (error) {
    logger.error('stems job not started', { error: error as Error, orderId: licence.order_id });
    await finishStemsJob(input, 'failed', STEMS_FAILED_MESSAGE, now);
    return 'failed';
  }
  logger.info('stems job started', { orderId: licence.order_id, jobId });
  return 'preparing';
}

/** Records the job's result, only while it is the licence's current job (a stale retry changes nothing). */
export async function finishStemsJob(
  input: StemsJobInput,
  status: 'ready' | 'failed',
  error: string | null,
  now = new Date(),
): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: config.TABLE_NAME,
        Key: licenceKey({ project_id: input.projectId, order_id: input.orderId }),
        UpdateExpression:
          status === 'ready'
            ? 'SET stems_status = :status, stems_finished_at = :now REMOVE stems_error'
            : 'SET stems_status = :status, stems_finished_at = :now, stems_error = :error',
        ConditionExpression: 'stems_job_id = :job AND stems_status = :preparing',
        ExpressionAttributeValues: {
          ':status': status,
          ':now': now.toISOString(),
          ':job': input.jobId,
          ':preparing': 'preparing',
          ...(status === 'failed' ? { ':error': error ?? STEMS_FAILED_MESSAGE } : {}),
        },
      }),
    );
    return true;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return false;
    throw err;
  }
}
