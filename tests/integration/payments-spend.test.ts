import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db } from '../../lambdas/_lib/aws/dynamodb';
import { config } from '../../lambdas/_lib/config';
import { keys } from '../../lambdas/_lib/db/keys';
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
import { ledgerLabel } from '../../shared/i18n/ledger/label';

/** The spending API the paid AI features use: conditional on the balance, idempotent, refundable once. */
logger.setLogLevel('WARN');

async function fund(sub: string, coins: number) {
  const outcome = await creditWallet({
    sub,
    amount: coins,
    label: ledgerLabel('coins_purchase', { coins }),
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
        spendCoins({ sub, amount: 1, label: ledgerLabel('generation'), idempotencyKey: `gen-${i}` }),
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
        spendCoins({ sub, amount: 3, label: ledgerLabel('generation'), idempotencyKey: 'req-1' }),
      ),
    );
    expect(attempts.filter((a) => a.status === 'spent')).toHaveLength(1);
    expect(attempts.filter((a) => a.status === 'duplicate')).toHaveLength(4);
    await expectConsistent(sub, 7);
  });

  it('refuses with 402 when the wallet does not exist or does not cover the amount', async () => {
    const sub = uniqueSub('empty');
    await expect(
      spendCoins({ sub, amount: 1, label: ledgerLabel('generation'), idempotencyKey: 'k' }),
    ).rejects.toMatchObject({
      status: 402,
      code: 'INSUFFICIENT_FUNDS',
    });
    await fund(sub, 4);
    await expect(
      spendCoins({ sub, amount: 5, label: ledgerLabel('generation'), idempotencyKey: 'k2' }),
    ).rejects.toBeInstanceOf(InsufficientFunds);
    await expectConsistent(sub, 4);
  });

  it('rejects amounts that are not positive whole coins', async () => {
    const sub = uniqueSub('bad');
    await expect(
      spendCoins({ sub, amount: 0, label: ledgerLabel('generation'), idempotencyKey: 'a' }),
    ).rejects.toMatchObject({
      status: 400,
    });
    await expect(
      spendCoins({ sub, amount: 1.5, label: ledgerLabel('generation'), idempotencyKey: 'b' }),
    ).rejects.toMatchObject({
      status: 400,
    });
  });
});

describe('refundSpend', () => {
  it('gives a spend back exactly once, even when asked 5 times at once', async () => {
    const sub = uniqueSub('refund');
    await fund(sub, 10);
    await spendCoins({ sub, amount: 6, label: ledgerLabel('generation'), idempotencyKey: 'job-1' });
    await expectConsistent(sub, 4);
    const refunds = await Promise.all(
      Array.from({ length: 5 }, () => refundSpend({ sub, idempotencyKey: 'job-1' })),
    );
    expect(refunds.filter((r) => r.status === 'refunded')).toHaveLength(1);
    expect(refunds.filter((r) => r.status === 'already_refunded')).toHaveLength(4);
    expect((await refundSpend({ sub, idempotencyKey: 'job-1' })).status).toBe('already_refunded');
    await expectConsistent(sub, 10);
    const [latest] = await listTransactions(sub, 1);
    expect(latest).toMatchObject({
      type: 'credit',
      amount: 6,
      label: { kind: 'refund', params: { of: 'generation' } },
      description: 'Reembolso: Geração de música',
    });
    // The spend key stays used: repeating the spend does not charge again.
    expect(
      (await spendCoins({ sub, amount: 6, label: ledgerLabel('generation'), idempotencyKey: 'job-1' }))
        .status,
    ).toBe('duplicate');
    await expectConsistent(sub, 10);
  });

  it('answers 404 for a spend that never happened', async () => {
    await expect(refundSpend({ sub: uniqueSub('none'), idempotencyKey: 'nope' })).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('entries written before labels', () => {
  it('read back as kind + params from their pt-BR text; unknown texts stay as stored', async () => {
    const sub = uniqueSub('old-rows');
    const old = (id: string, kind: string, description: string, amount: number) =>
      new PutCommand({
        TableName: config.TABLE_NAME,
        Item: {
          PK: keys.user(sub),
          SK: keys.transaction(id),
          type: 'transaction',
          id,
          kind,
          description,
          amount,
          created_at: '2025-01-01T00:00:00.000Z',
          ref: 'old',
        },
      });
    await db.send(old('01A', 'credit', 'Compra de 1000 5D Coins', 1000));
    await db.send(old('01B', 'subscription_credit', 'Assinatura Artista: 80 5D Coins do mês', 80));
    await db.send(old('01C', 'spend', 'Geração de música', -5));
    await db.send(old('01D', 'credit', 'Reembolso: Geração de música', 5));
    await db.send(old('01E', 'debit', 'Reembolso: 4 5D Coins estornadas', -4));
    await db.send(old('01F', 'credit', 'Bônus de boas-vindas da equipe', 3));
    const byId = new Map((await listTransactions(sub)).map((tx) => [tx.id, tx]));
    expect(byId.get('01A')?.label).toEqual({ kind: 'coins_purchase', params: { coins: 1000 } });
    expect(byId.get('01B')?.label).toEqual({
      kind: 'plan_allowance',
      params: { plan: 'Artista', coins: 80 },
    });
    expect(byId.get('01C')?.label).toEqual({ kind: 'generation', params: {} });
    expect(byId.get('01D')?.label).toEqual({ kind: 'refund', params: { of: 'generation' } });
    expect(byId.get('01E')?.label).toEqual({ kind: 'coins_refund', params: { coins: 4 } });
    expect(byId.get('01F')).toMatchObject({ description: 'Bônus de boas-vindas da equipe' });
    expect(byId.get('01F')?.label).toBeUndefined();
  });

  it('a spend recorded before labels is refunded as a refund of its kind', async () => {
    const sub = uniqueSub('old-spend');
    await fund(sub, 10);
    await spendCoins({ sub, amount: 2, label: ledgerLabel('generation'), idempotencyKey: 'old-1' });
    // As the old code stored the spend marker: a pt-BR reason, no label.
    await db.send(
      new UpdateCommand({
        TableName: config.TABLE_NAME,
        Key: { PK: keys.user(sub), SK: keys.spend('old-1') },
        UpdateExpression: 'REMOVE label SET reason = :reason',
        ExpressionAttributeValues: { ':reason': 'Geração de música' },
      }),
    );
    await refundSpend({ sub, idempotencyKey: 'old-1' });
    const [latest] = await listTransactions(sub, 1);
    expect(latest?.label).toEqual({ kind: 'refund', params: { of: 'generation' } });
    await expectConsistent(sub, 10);
  });
});
