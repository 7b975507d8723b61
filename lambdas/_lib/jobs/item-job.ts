import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { ApiProblem } from '../../../shared/errors';
import { db } from '../aws/dynamodb';
import { config } from '../config';

/**
 * A background job whose state lives on a table item as `<prefix>_status` (preparing → ready | failed),
 * `<prefix>_job_id`, `<prefix>_started_at`, `<prefix>_finished_at` and `<prefix>_error` (why it failed, as
 * an error code and params: each reader sees it in their language): the AI stems ZIP
 * of a licence (`stems`) and a beat's MP3 renditions (`renditions`). Claiming is a conditional update, so
 * concurrent requests start one job; a job records its result only while it is still the item's current
 * one, so a stale retry changes nothing.
 */
export interface ItemJob {
  key: { PK: string; SK: string };
  prefix: 'stems' | 'renditions';
  /** A job still 'preparing' after this long is taken over. */
  staleSeconds: number;
  /** Whether a finished ('ready') job may be started again (its output can be gone). */
  restartReady: boolean;
}

/** The new job's id, or null when another job is running (or done and not restartable). */
export async function claimItemJob(job: ItemJob, now: Date): Promise<string | null> {
  const jobId = ulid(now.getTime());
  const p = job.prefix;
  try {
    await db.send(
      new UpdateCommand({
        TableName: config.TABLE_NAME,
        Key: job.key,
        UpdateExpression: `SET ${p}_status = :preparing, ${p}_job_id = :job, ${p}_started_at = :now REMOVE ${p}_error`,
        ConditionExpression:
          `attribute_exists(PK) AND (attribute_not_exists(${p}_status) OR ` +
          (job.restartReady ? `${p}_status <> :preparing` : `${p}_status = :failed`) +
          ` OR (${p}_status = :preparing AND ${p}_started_at < :stale))`,
        ExpressionAttributeValues: {
          ':preparing': 'preparing',
          ...(job.restartReady ? {} : { ':failed': 'failed' }),
          ':job': jobId,
          ':now': now.toISOString(),
          ':stale': new Date(now.getTime() - job.staleSeconds * 1000).toISOString(),
        },
      }),
    );
    return jobId;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return null;
    throw error;
  }
}

/**
 * Queues the job's function (InvocationType Event: Lambda answers at once). Only the requests that start
 * a job load the Lambda client (a chunk of its own in the bundle).
 */
export async function invokeItemJob(functionName: string, input: object): Promise<void> {
  const [{ InvokeCommand }, { lambda }] = await Promise.all([
    import('@aws-sdk/client-lambda'),
    import('../aws/lambda'),
  ]);
  await lambda.send(
    new InvokeCommand({
      FunctionName: functionName,
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify(input)),
    }),
  );
}

/**
 * Records the result while `jobId` is the item's current, preparing job; `set` adds the job's outputs
 * (attribute → value) to a ready result. False when another job has taken over.
 */
export async function finishItemJob(
  job: Pick<ItemJob, 'key' | 'prefix'>,
  jobId: string,
  result: { status: 'ready'; set?: Record<string, string> } | { status: 'failed'; error: ApiProblem },
  now = new Date(),
): Promise<boolean> {
  const p = job.prefix;
  const outputs = result.status === 'ready' ? Object.entries(result.set ?? {}) : [];
  try {
    await db.send(
      new UpdateCommand({
        TableName: config.TABLE_NAME,
        Key: job.key,
        UpdateExpression:
          result.status === 'ready'
            ? `SET ${p}_status = :status, ${p}_finished_at = :now` +
              outputs.map(([name], i) => `, ${name} = :out${i}`).join('') +
              ` REMOVE ${p}_error`
            : `SET ${p}_status = :status, ${p}_finished_at = :now, ${p}_error = :error`,
        ConditionExpression: `${p}_job_id = :job AND ${p}_status = :preparing`,
        ExpressionAttributeValues: {
          ':status': result.status,
          ':now': now.toISOString(),
          ':job': jobId,
          ':preparing': 'preparing',
          ...(result.status === 'failed' ? { ':error': result.error } : {}),
          ...Object.fromEntries(outputs.map(([, value], i) => [`:out${i}`, value])),
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
