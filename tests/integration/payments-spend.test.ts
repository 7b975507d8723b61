import { describe, expect, it } from 'vitest';
import { InsufficientFunds } from '../../lambdas/_lib/errors';
import {
  creditWallet,
  listTransactions,
  refundSpend,
  spendCoins,
  sumLedger,
} from '../../lambdas/_lib/db/ledger';
import { stripeEventMarker } from '../../lambdas/_lib/db/stripe-events';
import { getWallet } from '../../lambdas/_lib/db/wallets';
import { logger } from '../../lambdas/_lib/logger';
import { eventId, uniqueSub } from './payments-helpers';

/** The spending API the paid AI features use: conditional on the balance, idempotent, refundable once. */
logger.setLogLevel('WARN');

async function fund(sub: string, coins: number) {
  const outcome = await creditWallet({
    sub,
    amount: coins,
    description: `Compra de ${coins} 5D Coins`,
    ref: 'test',
    marker: stripeEventMarker({ id: eventId(), type: 'checkout.session.completed', created: 0 }),
  });
  expect(outcome.status).toBe('applied');
}

async function expectConsistent(sub: string, balance: number) {
  expect((await getWallet(sub)).balance).toBe(balance);
  expect((await sumLedger(sub)).sum).toBe(balance);
}

describe('spendCoins', () => {
  it('200 concurrent 1-coin spends on a balance of 100: exactly 100 succeed, balance 0, ledger consistent', async () => {
    const sub = uniqueSub('spend');
    await fund(sub, 100);
    const started = performance.now();
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        spendCoins({ sub, amount: 1, reason: 'Geração de música', idempotencyKey: `gen-${i}` }),
      ),
    );
    const ms = performance.now() - started;
    const spent = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(spent).toHaveLength(100);
    expect(refused).toHaveLength(100);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientFunds);
    await expectConsistent(sub, 0);
    expect((await sumLedger(sub)).count).toBe(101);
    console.log(
      `[payments] 200 concurrent 1-coin spends on balance 100: ${spent.length} succeeded, ${refused.length} refused (402), ` +
        `balance 0, ledger sum 0; ${ms.toFixed(0)} ms, ${((200 / ms) * 1000).toFixed(0)} spends/s`,
    );
  });

  it('charges a retried request (same key) once', async () => {
    const sub = uniqueSub('retry');
    await fund(sub, 10);
    const attempts = await Promise.all(
      Array.from({ length: 5 }, () =>
        spendCoins({ sub, amount: 3, reason: 'Chatbot', idempotencyKey: 'req-1' }),
      ),
    );
    expect(attempts.filter((a) => a.status === 'spent')).toHaveLength(1);
    expect(attempts.filter((a) => a.status === 'duplicate')).toHaveLength(4);
    await expectConsistent(sub, 7);
  });

  it('refuses with 402 when the wallet does not exist or does not cover the amount', async () => {
    const sub = uniqueSub('empty');
    await expect(spendCoins({ sub, amount: 1, reason: 'x', idempotencyKey: 'k' })).rejects.toMatchObject({
      status: 402,
      code: 'INSUFFICIENT_FUNDS',
    });
    await fund(sub, 4);
    await expect(spendCoins({ sub, amount: 5, reason: 'x', idempotencyKey: 'k2' })).rejects.toBeInstanceOf(
      InsufficientFunds,
    );
    await expectConsistent(sub, 4);
  });

  it('rejects amounts that are not positive whole coins', async () => {
    const sub = uniqueSub('bad');
    await expect(spendCoins({ sub, amount: 0, reason: 'x', idempotencyKey: 'a' })).rejects.toMatchObject({
      status: 400,
    });
    await expect(spendCoins({ sub, amount: 1.5, reason: 'x', idempotencyKey: 'b' })).rejects.toMatchObject({
      status: 400,
    });
  });
});

describe('refundSpend', () => {
  it('gives a spend back exactly once, even when asked 5 times at once', async () => {
    const sub = uniqueSub('refund');
    await fund(sub, 10);
    await spendCoins({ sub, amount: 6, reason: 'Separação de stems', idempotencyKey: 'job-1' });
    await expectConsistent(sub, 4);
    const refunds = await Promise.all(
      Array.from({ length: 5 }, () => refundSpend({ sub, idempotencyKey: 'job-1' })),
    );
    expect(refunds.filter((r) => r.status === 'refunded')).toHaveLength(1);
    expect(refunds.filter((r) => r.status === 'already_refunded')).toHaveLength(4);
    expect((await refundSpend({ sub, idempotencyKey: 'job-1' })).status).toBe('already_refunded');
    await expectConsistent(sub, 10);
    const [latest] = await listTransactions(sub, 1);
    expect(latest).toMatchObject({ type: 'credit', amount: 6, description: 'Reembolso: Separação de stems' });
    // The spend key stays used: repeating the spend does not charge again.
    expect(
      (await spendCoins({ sub, amount: 6, reason: 'Separação de stems', idempotencyKey: 'job-1' })).status,
    ).toBe('duplicate');
    await expectConsistent(sub, 10);
  });

  it('answers 404 for a spend that never happened', async () => {
    await expect(refundSpend({ sub: uniqueSub('none'), idempotencyKey: 'nope' })).rejects.toMatchObject({
      status: 404,
    });
  });
});
