import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeSample } from '../../events/build';
import { db } from '../../lambdas/_lib/clients';
import { listTransactions, sumLedger } from '../../lambdas/_lib/db/ledger';
import { getWallet } from '../../lambdas/_lib/db/wallets';
import { logger } from '../../lambdas/_lib/logger';
import { localMetricCounts } from '../../lambdas/_lib/metrics';
import { recordSessionOf } from '../support/recorded-checkouts';
import { isErrorShape, request, startRouter, type RouterServer } from './hardening-helpers';

/**
 * Stripe webhook redelivery after a crash between steps, through the real router and webhook handler
 * over HTTP. The crash is made in the one place money moves: the wallet's TransactWriteItems, through a
 * wrapper around the handlers' own DynamoDB document client:
 *  - crash BEFORE the commit (the call fails, nothing applied): the delivery answers 5xx, Stripe
 *    redelivers, the redelivery applies the credit once;
 *  - crash AFTER the commit (applied, but the Lambda dies before answering): Stripe sees a failure and
 *    redelivers; the redelivery is a duplicate and credits nothing more;
 *  - the same event delivered concurrently 8 times after a crash: exactly one credit.
 */
logger.setLogLevel('CRITICAL');

let server: RouterServer;
let secret = '';

type Fault = 'before-commit' | 'after-commit' | undefined;
let fault: Fault;
let faultsFired = 0;

type Send = (...args: unknown[]) => Promise<unknown>;
const original = db.send.bind(db) as Send;
(db as unknown as { send: Send }).send = (async (...args: unknown[]) => {
  const name = (args[0] as object).constructor.name;
  if (name !== 'TransactWriteCommand' || !fault) return original(...args);
  const armed = fault;
  fault = undefined; // one crash only
  faultsFired++;
  if (armed === 'before-commit') throw Object.assign(new Error('socket hang up'), { name: 'TimeoutError' });
  await original(...args);
  throw new Error('Runtime exited: the Lambda crashed after the commit');
}) as Send;

beforeAll(async () => {
  server = await startRouter();
  secret = process.env.STRIPE_WEBHOOK_SECRET!;
  expect(secret).toMatch(/^whsec_/);
});
afterAll(async () => {
  (db as unknown as { send: Send }).send = original;
  await server?.stop();
});

/** A coins checkout the app recorded, and the event that completes it. */
const coinsEvent = async (sub: string, coins: number) => {
  const id = `evt_fault_${randomUUID().replace(/-/g, '')}`;
  const event = stripeSample('checkout.session.completed:coins', {
    id,
    sub,
    object: { id: `cs_test_${id}`, amount_total: coins * 100, metadata: { coins: String(coins) } },
  });
  await recordSessionOf(event);
  return event;
};

async function deliver(event: Record<string, unknown>) {
  const payload = JSON.stringify(event, null, 2);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return request(server.url, 'POST', '/api/webhooks/stripe', {
    body: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}

async function expectCreditedOnce(sub: string, coins: number) {
  expect((await getWallet(sub)).balance).toBe(coins);
  const ledger = await listTransactions(sub);
  expect(ledger).toHaveLength(1);
  expect(ledger[0]!.amount).toBe(coins);
  expect(await sumLedger(sub)).toEqual({ sum: coins, count: 1 });
}

describe('Stripe webhook redelivery after a crash', () => {
  it('crash before the commit: 5xx with the error shape, redelivery credits exactly once', async () => {
    const sub = `fault-${randomUUID()}`;
    const event = await coinsEvent(sub, 15);
    fault = 'before-commit';
    const before = faultsFired;
    const crashed = await deliver(event);
    expect(faultsFired).toBe(before + 1);
    expect(crashed.status).toBeGreaterThanOrEqual(500);
    expect(isErrorShape(crashed.json)).toBe(true);
    expect((await getWallet(sub)).balance).toBe(0);

    const redelivered = await deliver(event);
    expect(redelivered.status, redelivered.text).toBe(200);
    expect(redelivered.json).toMatchObject({ outcome: 'applied' });
    const again = await deliver(event);
    expect(again.json).toMatchObject({ outcome: 'duplicate' });
    await expectCreditedOnce(sub, 15);
  });

  it('crash after the commit: Stripe sees a failure, the redelivery is a duplicate, one credit', async () => {
    const sub = `fault-${randomUUID()}`;
    const event = await coinsEvent(sub, 9);
    fault = 'after-commit';
    const crashed = await deliver(event);
    expect(crashed.status).toBeGreaterThanOrEqual(500);
    expect(isErrorShape(crashed.json)).toBe(true);
    // The money moved although the answer was lost.
    expect((await getWallet(sub)).balance).toBe(9);

    const redelivered = await deliver(event);
    expect(redelivered.status, redelivered.text).toBe(200);
    expect(redelivered.json).toMatchObject({ outcome: 'duplicate' });
    await expectCreditedOnce(sub, 9);
  });

  it('a crash then 8 concurrent redeliveries of the same event: exactly one credit', async () => {
    const sub = `fault-${randomUUID()}`;
    const event = await coinsEvent(sub, 4);
    fault = 'before-commit';
    expect((await deliver(event)).status).toBeGreaterThanOrEqual(500);
    const answers = await Promise.all(Array.from({ length: 8 }, () => deliver(event)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const outcomes = answers.map((a) => (a.json as { outcome: string }).outcome).sort();
    expect(outcomes).toEqual(['applied', ...Array(7).fill('duplicate')]);
    await expectCreditedOnce(sub, 4);
  });

  it('counts webhook outcomes as metrics: applied, duplicate, signature failures', async () => {
    const before = { ...localMetricCounts() };
    const delta = (name: string) => (localMetricCounts()[name] ?? 0) - (before[name] ?? 0);
    const event = await coinsEvent(`fault-${randomUUID()}`, 3);
    expect((await deliver(event)).json).toMatchObject({ outcome: 'applied' });
    expect((await deliver(event)).json).toMatchObject({ outcome: 'duplicate' });
    const payload = JSON.stringify(event);
    const forged = await request(server.url, 'POST', '/api/webhooks/stripe', {
      body: payload,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' }),
      },
    });
    expect(forged.status).toBe(400);
    expect(forged.json).toMatchObject({ error: { code: 'INVALID_SIGNATURE' } });
    expect([delta('WebhookApplied'), delta('WebhookDuplicate'), delta('WebhookSignatureFailed')]).toEqual([
      1, 1, 1,
    ]);
  });
});
