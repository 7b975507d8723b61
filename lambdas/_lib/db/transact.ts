import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { db } from '../aws/dynamodb';

/**
 * TransactWriteItems that survives contention. DynamoDB cancels a transaction that meets another one
 * (or a write) on the same item with the reason `TransactionConflict`; nothing was written, and the SDK
 * does not retry it. A burst of one user's requests (four generations at once debiting one wallet)
 * meets it on AWS: retried here with exponential backoff and full jitter (a random wait up to 25 ms,
 * 50, 100… capped at 1 s), so the racing requests spread out instead of colliding again. Any other
 * cancellation (a failed condition) is the caller's to read.
 */
export const MAX_CONFLICT_RETRIES = 8;
const BASE_DELAY_MS = 25;
const MAX_DELAY_MS = 1000;

export function isTransactionConflict(error: unknown): boolean {
  return (
    error instanceof TransactionCanceledException &&
    (error.CancellationReasons ?? []).some((reason) => reason.Code === 'TransactionConflict')
  );
}

/** Full jitter: a uniform wait between 0 and the attempt's exponential ceiling. */
export function conflictBackoffMs(attempt: number, random: () => number = Math.random): number {
  return random() * Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt);
}

export interface TransactOptions {
  send?: (command: TransactWriteCommand) => Promise<unknown>;
  sleep?: (ms: number) => Promise<void>;
}

export async function transactWrite(
  input: TransactWriteCommandInput,
  options: TransactOptions = {},
): Promise<void> {
  const send = options.send ?? ((command: TransactWriteCommand) => db.send(command));
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  for (let attempt = 0; ; attempt++) {
    try {
      await send(new TransactWriteCommand(input));
      return;
    } catch (error) {
      if (!isTransactionConflict(error) || attempt >= MAX_CONFLICT_RETRIES) throw error;
      await sleep(conflictBackoffMs(attempt));
    }
  }
}
