import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { conflictBackoffMs, MAX_CONFLICT_RETRIES, transactWrite } from '../../lambdas/_lib/db/transact';

/** What DynamoDB answers when a transaction meets another on one of its items (or a failed condition). */
function cancelled(...codes: string[]): TransactionCanceledException {
  return new TransactionCanceledException({
    message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(', ')}]`,
    $metadata: { httpStatusCode: 400 },
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
}

const input = { TransactItems: [{ Put: { TableName: 't', Item: { PK: 'USER#a', SK: 'WALLET' } } }] };

function scripted(answers: (Error | undefined)[]) {
  const sent: TransactWriteCommand[] = [];
  const waits: number[] = [];
  return {
    sent,
    waits,
    options: {
      send: async (command: TransactWriteCommand) => {
        sent.push(command);
        const answer = answers.shift();
        if (answer) throw answer;
      },
      sleep: async (ms: number) => {
        waits.push(ms);
      },
    },
  };
}

describe('TransactWriteItems under contention (a burst on one wallet)', () => {
  it('retries a TransactionConflict cancellation until the transaction goes through', async () => {
    const run = scripted([
      cancelled('None', 'TransactionConflict', 'None'),
      cancelled('TransactionConflict'),
    ]);
    await transactWrite(input, run.options);
    expect(run.sent).toHaveLength(3);
    expect(run.sent.every((command) => command.input === input)).toBe(true);
    expect(run.waits).toHaveLength(2);
  });

  it('does not retry a failed condition: the caller reads it (402, duplicate...)', async () => {
    const refusal = cancelled('None', 'ConditionalCheckFailed', 'None');
    const run = scripted([refusal]);
    await expect(transactWrite(input, run.options)).rejects.toBe(refusal);
    expect(run.sent).toHaveLength(1);
  });

  it('gives up after its retries with the last conflict', async () => {
    const conflicts = Array.from({ length: MAX_CONFLICT_RETRIES + 1 }, () =>
      cancelled('TransactionConflict'),
    );
    const last = conflicts[conflicts.length - 1];
    const run = scripted(conflicts);
    await expect(transactWrite(input, run.options)).rejects.toBe(last);
    expect(run.sent).toHaveLength(MAX_CONFLICT_RETRIES + 1);
  });

  it('waits a random time under an exponential ceiling (full jitter, capped at 1 s)', () => {
    expect(conflictBackoffMs(0, () => 1)).toBe(25);
    expect(conflictBackoffMs(3, () => 1)).toBe(200);
    expect(conflictBackoffMs(10, () => 1)).toBe(1000);
    expect(conflictBackoffMs(3, () => 0)).toBe(0);
    const waits = Array.from({ length: 200 }, () => conflictBackoffMs(4));
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...waits)).toBeLessThanOrEqual(400);
    // Spread out, not one fixed delay: racing requests must not collide again in lockstep.
    expect(new Set(waits.map((w) => Math.round(w))).size).toBeGreaterThan(50);
  });
});
