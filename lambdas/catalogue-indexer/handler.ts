import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { indexBeats } from '../_lib/catalogue/indexer';
import { logger } from '../_lib/logger';

const PROJECT_PREFIX = 'PROJECT#';

/**
 * DynamoDB Streams consumer (keys only, filtered to beats' META items by infra/stream-consumers.ts):
 * re-indexes the changed beats in the catalogue. A failure fails the batch; Lambda retries it, splitting
 * it to isolate a bad record, and sends what still fails to the dead-letter queue.
 */
export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const ids = event.Records.flatMap((record) => {
    const pk = record.dynamodb?.Keys?.PK?.S;
    return pk?.startsWith(PROJECT_PREFIX) ? [pk.slice(PROJECT_PREFIX.length)] : [];
  });
  const started = performance.now();
  const outcome = await indexBeats(ids);
  logger.info('catalogue indexed', {
    records: event.Records.length,
    ...outcome,
    ms: performance.now() - started,
  });
  return { batchItemFailures: [] };
};
