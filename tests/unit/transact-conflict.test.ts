import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_CONFLICT_RETRIES, transactWrite } from '../../lambdas/_lib/db/transact';

/** What DynamoDB answers when a transaction meets another on one of its items (or a failed condition). */
function cancelled(...codes: string[]): TransactionCanceledException {
  return new TransactionCanceledException({
    message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(', ')}]`,
    $metadata: { httpStatusCode: 400 },
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
}

const input = { TransactItems: [{ Put: { TableName: 't', Item: { PK: 'USER#a', SK: 'WALLET' } } }] };

/** DynamoDB answering from a script, noting when (on the fake clock) each attempt was sent. */
function scripted(answers: (Error | undefined)[]) {
  const sent: TransactWriteCommand[] = [];
  const sentAt: number[] = [];
  return {
    sent,
    /** The waits between consecutive attempts, in ms. */
    gaps: () => sentAt.slice(1).map((at, i) => at - sentAt[i]!),
    options: {
      send: async (command: TransactWriteCommand) => {
        sent.push(command);
        sentAt.push(Date.now());
        const answer = answers.shift();
        if (answer) throw answer;
      },
    },
  };
}

/** Runs one transactWrite to its end on the fake clock; its rejection, if any, is returned. */
async function settle(run: ReturnType<typeof scripted>): Promise<unknown> {
  const outcome = transactWrite(input, run.options).then(
    () => undefined,
    (error: unknown) => error,
  );
  await vi.runAllTimersAsync();
  return outcome;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('TransactWriteItems under contention (a burst on one wallet)', () => {
  it('retries a TransactionConflict cancellation until the transaction goes through', async () => {
    const run = scripted([
      cancelled('None', 'TransactionConflict', 'None'),
      cancelled('TransactionConflict'),
    ]);
    expect(await settle(run)).toBeUndefined();
    expect(run.sent).toHaveLength(3);
    expect(run.sent.every((command) => command.input === input)).toBe(true);
    // It waited before each retry: the first within 25–50 ms, the second within 50–100 ms.
    const [first, second] = run.gaps();
    expect(first).toBeGreaterThanOrEqual(25);
    expect(first).toBeLessThanOrEqual(50);
    expect(second).toBeGreaterThanOrEqual(50);
    expect(second).toBeLessThanOrEqual(100);
  });

  it('does not retry a failed condition: the caller reads it (402, duplicate...) at once', async () => {
    const refusal = cancelled('None', 'ConditionalCheckFailed', 'None');
    const run = scripted([refusal]);
    expect(await settle(run)).toBe(refusal);
    expect(run.sent).toHaveLength(1);
  });

  it('does not retry other errors (throttling is the SDK client’s own retry)', async () => {
    const timeout = Object.assign(new Error('socket hang up'), { name: 'TimeoutError' });
    const run = scripted([timeout]);
    expect(await settle(run)).toBe(timeout);
    expect(run.sent).toHaveLength(1);
  });

  it('gives up after its retries with the last conflict', async () => {
    const conflicts = Array.from({ length: MAX_CONFLICT_RETRIES + 2 }, () =>
      cancelled('TransactionConflict'),
    );
    const last = conflicts[MAX_CONFLICT_RETRIES];
    const run = scripted(conflicts);
    expect(await settle(run)).toBe(last);
    expect(run.sent).toHaveLength(MAX_CONFLICT_RETRIES + 1);
  });

  it('waits longer at each retry, never more than 1 s (25 ms doubling, capped)', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const low = scripted(
      Array.from({ length: MAX_CONFLICT_RETRIES }, () => cancelled('TransactionConflict')),
    );
    await settle(low);
    expect(low.gaps()).toEqual([25, 50, 100, 200, 400, 800, 1000, 1000]);

    vi.spyOn(Math, 'random').mockReturnValue(0.999999);
    const high = scripted(
      Array.from({ length: MAX_CONFLICT_RETRIES }, () => cancelled('TransactionConflict')),
    );
    await settle(high);
    expect(high.gaps()).toEqual([50, 100, 200, 400, 800, 1000, 1000, 1000]);
  });

  it('spreads racing requests out instead of retrying in lockstep (randomized waits)', async () => {
    const firstWaits: number[] = [];
    for (let i = 0; i < 40; i++) {
      const run = scripted([cancelled('TransactionConflict')]);
      await settle(run);
      firstWaits.push(run.gaps()[0]!);
    }
    expect(Math.min(...firstWaits)).toBeGreaterThanOrEqual(25);
    expect(Math.max(...firstWaits)).toBeLessThanOrEqual(50);
    expect(new Set(firstWaits).size).toBeGreaterThan(8);
  });
});
