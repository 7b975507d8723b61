import { BatchGetCommand, BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../aws/dynamodb';
import { config } from '../config';

/**
 * BatchGetItem / BatchWriteItem over any number of keys: split into the API's limits (100 keys, 25
 * writes), unprocessed keys retried with a short back-off until done (DynamoDB returns them when a
 * partition is throttled).
 */
type Key = Record<string, unknown>;
type Item = Record<string, unknown>;

const GET_LIMIT = 100;
const WRITE_LIMIT = 25;
const MAX_ROUNDS = 8;

const pause = (round: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** round)));

/** The items found for `keys` (absent keys are simply missing), in no particular order. */
export async function batchGet(keys: readonly Key[], consistent = false): Promise<Item[]> {
  const found: Item[] = [];
  for (let start = 0; start < keys.length; start += GET_LIMIT) {
    let pending: Key[] | undefined = keys.slice(start, start + GET_LIMIT);
    for (let round = 0; pending && pending.length > 0; round += 1) {
      if (round >= MAX_ROUNDS) throw new Error(`BatchGetItem left ${pending.length} keys unprocessed`);
      if (round > 0) await pause(round);
      const answer = await db.send(
        new BatchGetCommand({
          RequestItems: { [config.TABLE_NAME]: { Keys: pending, ConsistentRead: consistent } },
        }),
      );
      found.push(...(answer.Responses?.[config.TABLE_NAME] ?? []));
      pending = answer.UnprocessedKeys?.[config.TABLE_NAME]?.Keys as Key[] | undefined;
    }
  }
  return found;
}

export type BatchWrite = { put: object } | { delete: Key };

/** Puts and deletes, 25 per call (a key may appear once per call: callers pass distinct keys). */
export async function batchWrite(writes: readonly BatchWrite[]): Promise<void> {
  for (let start = 0; start < writes.length; start += WRITE_LIMIT) {
    let pending = writes
      .slice(start, start + WRITE_LIMIT)
      .map((write) =>
        'put' in write
          ? { PutRequest: { Item: write.put as Item } }
          : { DeleteRequest: { Key: write.delete } },
      );
    for (let round = 0; pending.length > 0; round += 1) {
      if (round >= MAX_ROUNDS) throw new Error(`BatchWriteItem left ${pending.length} writes unprocessed`);
      if (round > 0) await pause(round);
      const answer = await db.send(new BatchWriteCommand({ RequestItems: { [config.TABLE_NAME]: pending } }));
      pending = (answer.UnprocessedItems?.[config.TABLE_NAME] ?? []) as typeof pending;
    }
  }
}
