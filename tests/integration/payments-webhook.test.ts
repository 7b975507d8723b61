import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { signedWebhookEvent, stripeSample, userApiEvent } from '../../events/build';
import { db } from '../../lambdas/_lib/aws/dynamodb';
import { config } from '../../lambdas/_lib/config';
import { keys } from '../../lambdas/_lib/db/keys';
import { spendCoins, sumLedger } from '../../lambdas/_lib/db/ledger';
import { projectToItem } from '../../lambdas/_lib/db/projects';
import { listPurchases } from '../../lambdas/_lib/db/purchases';
import { listSubscriptions } from '../../lambdas/_lib/db/subscriptions';
import { getWallet } from '../../lambdas/_lib/db/wallets';
import { logger } from '../../lambdas/_lib/logger';
import { WalletResponse } from '../../shared/schemas/payments';
import { recordSessionOf, recordSubscriptionCheckout } from '../support/recorded-checkouts';
import {
  WEBHOOK_SECRET,
  context,
  deliver,
  eventId,
  pool,
  shuffle,
  uniqueSub,
  useStripeSandboxEnv,
  webhookHandler,
} from './payments-helpers';
import { ledgerLabel } from '../../shared/i18n/ledger/label';

// Subscription checkouts read the subscription from Stripe (intro pricing); the sandbox answers those
// calls. The sample's subscription is unknown to it: the checkout is recorded without a schedule (the
// schedule itself is tested end to end in payments-billing-phases.test.ts).
await useStripeSandboxEnv();
// One JSON line per event would drown the measured numbers; warnings and errors still show.
logger.setLogLevel('WARN');

/** A coins checkout the app recorded (as create-checkout does) and the event that completes it. */
async function coinsEvent(sub: string, coins: number, id = eventId()) {
  const event = stripeSample('checkout.session.completed:coins', {
    id,
    sub,
    object: { id: `cs_test_${id}`, amount_total: coins * 100, metadata: { coins: String(coins) } },
  });
  await recordSessionOf(event);
  return event;
}

async function markerExists(id: string): Promise<boolean> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: config.TABLE_NAME,
      Key: { PK: keys.stripeEvent(id), SK: keys.stripeEventMarker() },
    }),
  );
  return Item !== undefined;
}

async function expectConsistent(sub: string, balance: number, entries?: number) {
  const wallet = await getWallet(sub);
  const ledger = await sumLedger(sub);
  expect(wallet.balance).toBe(balance);
  expect(ledger.sum).toBe(balance);
  if (entries !== undefined) expect(ledger.count).toBe(entries);
}

describe('coins: checkout.session.completed', () => {
  it('credits once when the same event is delivered 5 times (in a row and at once)', async () => {
    const sub = uniqueSub('five');
    const event = await coinsEvent(sub, 10);
    const sequential = [];
    for (let i = 0; i < 5; i++) sequential.push(await deliver(event));
    expect(sequential.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(sequential.map((r) => r.outcome)).toEqual([
      'applied',
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
    await expectConsistent(sub, 10, 1);

    const other = await coinsEvent(sub, 7);
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => deliver(other)));
    expect(concurrent.filter((r) => r.outcome === 'applied')).toHaveLength(1);
    expect(concurrent.every((r) => r.status === 200)).toBe(true);
    await expectConsistent(sub, 17, 2);
    console.log('[payments] 1 event × 5 deliveries (sequential) and × 5 (concurrent): credited once each');
  });

  it('fulfils a session once even when Stripe sends it under two event ids', async () => {
    const sub = uniqueSub('session');
    const first = await coinsEvent(sub, 12);
    const again = { ...first, id: eventId(), type: 'checkout.session.async_payment_succeeded' };
    expect((await deliver(first)).outcome).toBe('applied');
    expect((await deliver(again)).outcome).toBe('duplicate');
    await expectConsistent(sub, 12, 1);
  });

  it('1,000 signed events with 30% duplicates in random order leave every wallet at the sum of its unique events', async () => {
    const users = Array.from({ length: 25 }, (_, i) => uniqueSub(`bulk${i}`));
    // Each user is buying each plan (open subscription checkouts), so their invoices are ours.
    for (const user of users)
      for (const plan of ['INICIANTE', 'ARTISTA', 'PRO']) await recordSubscriptionCheckout(user, plan);
    const expected = new Map(users.map((u) => [u, { coins: 0, entries: 0 }]));
    const unique: Record<string, unknown>[] = [];
    for (let i = 0; i < 700; i++) {
      const sub = users[i % users.length]!;
      const plan = (['INICIANTE', 'ARTISTA', 'PRO'] as const)[i % 3]!;
      let event: Record<string, unknown>;
      let coins: number;
      if (i % 5 === 0) {
        // Monthly plan credit: the coins follow the plan in the subscription metadata.
        coins = { INICIANTE: 20, ARTISTA: 80, PRO: 200 }[plan];
        event = stripeSample('invoice.paid', { id: eventId(), sub });
        const details = (
          event.data as { object: { parent: { subscription_details: { metadata: Record<string, string> } } } }
        ).object.parent.subscription_details;
        details.metadata.plan = plan;
      } else {
        coins = 1 + ((i * 37) % 50);
        event = await coinsEvent(sub, coins);
      }
      unique.push(event);
      const entry = expected.get(sub)!;
      entry.coins += coins;
      entry.entries += 1;
    }
    const duplicates = Array.from({ length: 300 }, (_, i) => unique[(i * 7919) % unique.length]!);
    const deliveries = shuffle([...unique, ...duplicates], 20261125);
    expect(deliveries).toHaveLength(1000);

    const started = performance.now();
    const results = await pool(
      deliveries.map((event) => () => deliver(event)),
      20,
    );
    const seconds = (performance.now() - started) / 1000;

    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.outcome === 'applied')).toHaveLength(700);
    expect(results.filter((r) => r.outcome === 'duplicate')).toHaveLength(300);
    for (const [sub, want] of expected) await expectConsistent(sub, want.coins, want.entries);
    console.log(
      `[payments] 1,000 signed webhook deliveries (700 unique, 300 duplicates, concurrency 20): ` +
        `${seconds.toFixed(2)} s, ${(1000 / seconds).toFixed(0)} events/s; 25 wallets = sum of unique events, ledger = balance`,
    );
  }, 180_000);
});

describe('signature failures', () => {
  it('answers 400 to a tampered body or signature and credits nothing', async () => {
    const handler = await webhookHandler();
    const sub = uniqueSub('tamper');
    const event = await coinsEvent(sub, 10);
    const payload = JSON.stringify(event, null, 2);

    const tamperedBody = signedWebhookEvent(payload, WEBHOOK_SECRET);
    tamperedBody.body = payload.replace('"coins": "10"', '"coins": "99"');
    const tamperedSignature = signedWebhookEvent(payload, WEBHOOK_SECRET);
    tamperedSignature.headers['stripe-signature'] = tamperedSignature.headers['stripe-signature']!.replace(
      /v1=(.)/,
      (_m, c: string) => `v1=${c === 'a' ? 'b' : 'a'}`,
    );
    const wrongSecret = signedWebhookEvent(payload, 'whsec_wrong');

    for (const attempt of [tamperedBody, tamperedSignature, wrongSecret]) {
      const result = await handler(attempt, context);
      expect(result.statusCode).toBe(400);
      expect(JSON.parse(String(result.body))).toMatchObject({ error: { code: 'INVALID_SIGNATURE' } });
    }
    await expectConsistent(sub, 0, 0);
    expect(await markerExists(String(event.id))).toBe(false);
    // The genuine delivery still goes through afterwards.
    expect((await deliver(event)).outcome).toBe('applied');
    await expectConsistent(sub, 10, 1);
  });
});

describe('plans: subscription events', () => {
  it('records the subscription and credits the chosen plan coins once per paid invoice', async () => {
    const sub = uniqueSub('plan');
    const completed = stripeSample('checkout.session.completed:subscription', { id: eventId(), sub });
    await recordSessionOf(completed);
    const updated = stripeSample('customer.subscription.updated', {
      id: eventId(),
      sub,
      created: 1795651300,
    });
    const invoice = stripeSample('invoice.paid', { id: eventId(), sub });

    // Out of order on purpose: the invoice and the update before the checkout completion.
    expect((await deliver(invoice)).outcome).toBe('applied');
    expect((await deliver(updated)).outcome).toBe('applied');
    expect((await deliver(completed)).outcome).toBe('applied');
    expect((await deliver(invoice)).outcome).toBe('duplicate');

    const [subscription] = await listSubscriptions(sub);
    expect(subscription).toMatchObject({
      client_id: sub,
      product_id: 'PROFISSIONAL',
      plan: 'PRO',
      status: 'active',
      current_period_start: new Date(1795651200 * 1000).toISOString(),
      current_period_end: new Date(1798243200 * 1000).toISOString(),
    });
    await expectConsistent(sub, 200, 1);

    // An older update arriving late does not overwrite the newer state.
    const stale = stripeSample('customer.subscription.updated', {
      id: eventId(),
      sub,
      created: 1795651250,
      object: { status: 'past_due' },
    });
    expect((await deliver(stale)).outcome).toBe('stale');
    expect((await listSubscriptions(sub))[0]?.status).toBe('active');

    const deleted = stripeSample('customer.subscription.deleted', {
      id: eventId(),
      sub,
      created: 1795651400,
    });
    expect((await deliver(deleted)).outcome).toBe('applied');
    expect((await listSubscriptions(sub))[0]?.status).toBe('canceled');
    await expectConsistent(sub, 200, 1);
  });
});

describe('refunds: charge.refunded', () => {
  it('debits the refunded coins once, even below zero, and partial refunds debit only the difference', async () => {
    const sub = uniqueSub('refund');
    expect((await deliver(await coinsEvent(sub, 10))).outcome).toBe('applied');
    await spendCoins({ sub, amount: 8, label: ledgerLabel('generation'), idempotencyKey: 'gen-1' });
    await expectConsistent(sub, 2, 2);

    const charge = { id: `ch_test_${eventId()}`, amount: 1000, metadata: { coins: '10' } };
    const half = stripeSample('charge.refunded:coins', {
      id: eventId(),
      sub,
      object: { ...charge, amount_refunded: 500, refunded: false },
    });
    const full = stripeSample('charge.refunded:coins', {
      id: eventId(),
      sub,
      object: { ...charge, amount_refunded: 1000 },
    });
    expect((await deliver(half)).outcome).toBe('applied');
    await expectConsistent(sub, -3, 3);
    expect((await deliver(full)).outcome).toBe('applied');
    expect((await deliver(full)).outcome).toBe('duplicate');
    expect((await deliver(half)).outcome).toBe('duplicate');
    // The money went back to the payer, so the debit is recorded even though the balance is negative.
    await expectConsistent(sub, -8, 4);
    await expect(
      spendCoins({ sub, amount: 1, label: ledgerLabel('generation'), idempotencyKey: 'gen-2' }),
    ).rejects.toMatchObject({
      status: 402,
    });
  });
});

describe('marketplace purchase: checkout.session.completed', () => {
  it('creates the purchase and a paid order for the project creator, once', async () => {
    const sub = uniqueSub('buyer');
    const creator = uniqueSub('creator');
    const projectId = `p-${eventId()}`;
    await db.send(
      new PutCommand({
        TableName: config.TABLE_NAME,
        Item: projectToItem({
          id: projectId,
          title: 'Beat Trap Noturno',
          description: 'd',
          price: 49.9,
          genre: 'Trap',
          bpm: 140,
          duration_seconds: 120,
          tags: [],
          creator_id: creator,
          creator_name: 'Creator',
          audio_key: 'audio/x.wav',
          cover_key: null,
          rating: 0,
          downloads: 0,
          status: 'published',
          sample: false,
          created_at: new Date().toISOString(),
        }),
      }),
    );
    const event = stripeSample('checkout.session.completed:purchase', {
      id: eventId(),
      sub,
      object: { id: `cs_test_${eventId()}`, metadata: { projectId } },
    });
    await recordSessionOf(event);
    expect((await deliver(event)).outcome).toBe('applied');
    expect((await deliver(event)).outcome).toBe('duplicate');

    const purchases = await listPurchases(sub);
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({
      amount: 49.9,
      currency: 'brl',
      status: 'completed',
      project_id: projectId,
    });
    const { Items = [] } = await db.send(
      new QueryCommand({
        TableName: config.TABLE_NAME,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :c',
        ExpressionAttributeValues: { ':c': keys.creator(creator) },
      }),
    );
    expect(Items).toHaveLength(1);
    expect(Items[0]).toMatchObject({
      client_id: sub,
      creator_id: creator,
      project_id: projectId,
      project_title: 'Beat Trap Noturno',
      amount: 49.9,
      status: 'pending',
      paid: true,
      id: purchases[0]!.order_id,
    });
    await expectConsistent(sub, 0, 0);
  });
});

describe('unknown event types', () => {
  it('answer 200 and change nothing', async () => {
    const sub = uniqueSub('unknown');
    const event = stripeSample('customer.created', { id: eventId(), sub });
    expect(await deliver(event)).toEqual({ status: 200, outcome: 'unhandled' });
    expect(await markerExists(String(event.id))).toBe(false);
    await expectConsistent(sub, 0, 0);
  });
});

describe('coins-balance', () => {
  it('answers the balance and the 20 newest transactions, newest first', async () => {
    const sub = uniqueSub('history');
    for (let i = 1; i <= 22; i++) await deliver(await coinsEvent(sub, i));
    const { handler } = await import('../../lambdas/coins-balance/handler');
    const result = await handler(userApiEvent('coins-balance', { sub }), context);
    expect(result.statusCode).toBe(200);
    const body = WalletResponse.parse(JSON.parse(String(result.body)));
    expect(body.wallet.balance).toBe((22 * 23) / 2);
    expect(body.transactions).toHaveLength(20);
    expect(body.transactions.map((t) => t.amount)).toEqual(Array.from({ length: 20 }, (_, i) => 22 - i));
    expect(body.transactions[0]).toMatchObject({
      type: 'credit',
      label: { kind: 'coins_purchase', params: { coins: 22 } },
      description: 'Compra de 22 5D Coins',
    });
  });
});
