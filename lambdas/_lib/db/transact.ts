import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import pRetry from 'p-retry';
import { db } from '../aws/dynamodb';

/**
 * TransactWriteItems that survives contention. DynamoDB cancels a transaction that meets another one
 * (or a write) on the same item with the reason `TransactionConflict`; nothing was written, and the SDK
 * does not retry it. A burst of one user's requests (four generations at once debiting one wallet, two
 * likes of one beat bumping its counter) meets it on AWS: retried here with exponential backoff and
 * jitter (p-retry: 25 ms doubling per retry, each wait × a random 1–2, capped at 1 s), so the racing
 * requests spread out instead of colliding again. Any other cancellation (a failed condition) is the
 * caller's to read, at once.
 */
export const MAX_CONFLICT_RETRIES = 8;

export const CONFLICT_BACKOFF = {
  retries: MAX_CONFLICT_RETRIES,
  minTimeout: 25,
  factor: 2,
  maxTimeout: 1000,
  randomize: true,
} as const;

export function isTransactionConflict(error: unknown): boolean {
  return (
    error instanceof TransactionCanceledException &&
    (error.CancellationReasons ?? []).some((reason) => reason.Code === 'TransactionConflict')
  );
}

export interface TransactOptions {
  /** Sends the command; the table's document client by default (tests script DynamoDB's answers). */
  send?: (command: TransactWriteCommand) => Promise<unknown>;
}

export async function transactWrite(
  input: TransactWriteCommandInput,
  options: TransactOptions = {},
): Promise<void> {
  const send = options.send ?? ((command: TransactWriteCommand) => db.send(command));
  await pRetry(() => send(new TransactWriteCommand(input)), {
    ...CONFLICT_BACKOFF,
    shouldRetry: ({ error }) => isTransactionConflict(error),
  });
}
