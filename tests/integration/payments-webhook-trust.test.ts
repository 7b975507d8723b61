import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedWebhookEvent, stripeSample } from '../../events/build';
import { db } from '../../lambdas/_lib/aws/dynamodb';
import { config } from '../../lambdas/_lib/config';
import { getCheckout } from '../../lambdas/_lib/db/checkouts';
import { keys } from '../../lambdas/_lib/db/keys';
import { sumLedger } from '../../lambdas/_lib/db/ledger';
import { listSubscriptions } from '../../lambdas/_lib/db/subscriptions';
import { logger } from '../../lambdas/_lib/logger';
import { localMetricCounts } from '../../lambdas/_lib/metrics';
import { recordSessionOf, recordSubscriptionCheckout } from '../support/recorded-checkouts';
import {
  WEBHOOK_SECRET,
  context,
  deliver,
  eventId,
  uniqueSub,
  useStripeSandboxEnv,
  webhookHandler,
} from './payments-helpers';

/**
 * Issue 17: a signed event is applied only when it matches a record the app wrote before sending the
 * buyer to Stripe (session id, user, kind, amount, currency, coins or item); everything else is refused
 * (200 `refused`, so Stripe does not retry it), logged with the event id and counted for the alarm.
 * Malformed signed events are a 400, never a 5xx.
 */
await useStripeSandboxEnv();
logger.setLogLevel('CRITICAL');

let warnings: { message: string; eventId?: string; why?: string }[] = [];
let counted: Record<string, number> = {};
beforeEach(() => {
  warnings = [];
  counted = { ...localMetricCounts() };
  vi.spyOn(logger, 'warn').mockImplementation((message: unknown, ...extra: unknown[]) => {
    const fields = (extra[0] ?? {}) as { eventId?: string; why?: string };
    warnings.push({ message: String(message), ...fields });
  });
});
afterEach(() => vi.restoreAllMocks());
const refusedCount = () => (localMetricCounts().WebhookRefused ?? 0) - (counted.WebhookRefused ?? 0);

async function walletItem(sub: string) {
  const { Item } = await db.send(
    new GetCommand({ TableName: config.TABLE_NAME, Key: { PK: keys.user(sub), SK: keys.wallet() } }),
  );
  return Item;
}

function coinsSession(sub: string, coins: number, object: Record<string, unknown> = {}) {
  const id = eventId();
  return stripeSample('checkout.session.completed:coins', {
    id,
    sub,
    object: { id: `cs_test_${id}`, amount_total: coins * 100, metadata: { coins: String(coins) }, ...object },
  });
}

/** The event with its session changed after the app recorded it. */
function tampered(event: Record<string, unknown>, change: Record<string, unknown>) {
  const copy = structuredClone(event) as { id: string; data: { object: Record<string, unknown> } };
  copy.id = eventId();
  const { metadata, ...rest } = change;
  Object.assign(copy.data.object, rest);
  if (metadata) Object.assign(copy.data.object.metadata as object, metadata);
  return copy;
}

async function expectRefused(event: Record<string, unknown>, why: string) {
  const before = refusedCount();
  const answer = await deliver(event);
  expect(answer).toEqual({ status: 200, outcome: 'refused' });
  expect(refusedCount()).toBe(before + 1);
  expect(warnings).toContainEqual(
    expect.objectContaining({ message: 'stripe event refused', eventId: event.id, why }),
  );
}

describe('checkout.session.completed is checked against the recorded checkout', () => {
  it('metadata.coins=1000 on a US$10 checkout credits nothing (row 3); the genuine event then credits 10', async () => {
    const sub = uniqueSub('coins-forged');
    const genuine = coinsSession(sub, 10);
    await recordSessionOf(genuine);
    await expectRefused(tampered(genuine, { metadata: { coins: '1000' } }), 'metadata.coins differs');
    expect(await walletItem(sub)).toBeUndefined();

    expect((await deliver(genuine)).outcome).toBe('applied');
    expect(await sumLedger(sub)).toEqual({ sum: 10, count: 1 });
  });

  it('an amount or currency other than the recorded one is refused', async () => {
    const sub = uniqueSub('coins-amount');
    const genuine = coinsSession(sub, 25);
    await recordSessionOf(genuine);
    await expectRefused(tampered(genuine, { amount_total: 100 }), 'amount differs');
    await expectRefused(tampered(genuine, { currency: 'brl' }), 'currency differs');
    await expectRefused(tampered(genuine, { metadata: { kind: 'purchase' } }), 'kind differs');
    expect(await walletItem(sub)).toBeUndefined();
    expect(
      (await getCheckout(sub, String((genuine.data as { object: { id: string } }).object.id)))?.status,
    ).toBe('open');
  });

  it('a session the app never created, or a random user, is refused and no wallet appears (row 4)', async () => {
    const stranger = uniqueSub('never-signed-up');
    await expectRefused(coinsSession(stranger, 50), 'no checkout recorded for this session and user');
    expect(await walletItem(stranger)).toBeUndefined();

    // A real session, redirected to another user by editing sub and client_reference_id.
    const owner = uniqueSub('owner');
    const genuine = coinsSession(owner, 5);
    await recordSessionOf(genuine);
    const moved = tampered(genuine, { client_reference_id: stranger, metadata: { sub: stranger } });
    await expectRefused(moved, 'no checkout recorded for this session and user');
    expect(await walletItem(stranger)).toBeUndefined();
    const halfMoved = tampered(genuine, { client_reference_id: stranger });
    await expectRefused(halfMoved, 'client_reference_id differs');
    expect(await walletItem(owner)).toBeUndefined();
  });

  it('a replayed refusal stays refused; nothing marks it processed', async () => {
    const event = coinsSession(uniqueSub('replay'), 3);
    await expectRefused(event, 'no checkout recorded for this session and user');
    await expectRefused(event, 'no checkout recorded for this session and user');
    const { Item } = await db.send(
      new GetCommand({
        TableName: config.TABLE_NAME,
        Key: { PK: keys.stripeEvent(String(event.id)), SK: keys.stripeEventMarker() },
      }),
    );
    expect(Item).toBeUndefined();
  });

  it('a licence checkout cannot change its tier or beat after it was recorded', async () => {
    const sub = uniqueSub('licence');
    const id = eventId();
    const genuine = stripeSample('checkout.session.completed:purchase', {
      id,
      sub,
      object: {
        id: `cs_test_${id}`,
        amount_total: 2990,
        metadata: { projectId: 'p-recorded', tier: 'mp3', amount: '29.90' },
      },
    });
    await recordSessionOf(genuine);
    await expectRefused(tampered(genuine, { metadata: { tier: 'exclusive' } }), 'metadata.tier differs');
    await expectRefused(
      tampered(genuine, { metadata: { projectId: 'p-other' } }),
      'metadata.projectId differs',
    );
  });

  it('an expiry of a session the app never created releases nothing', async () => {
    const event = stripeSample('checkout.session.completed:purchase', {
      id: eventId(),
      sub: uniqueSub('exp'),
    });
    event.type = 'checkout.session.expired';
    await expectRefused(event, 'no checkout recorded for this session and user');
  });
});

describe('subscription events are checked against the recorded subscription or its checkout', () => {
  it('an invoice for a user who never subscribed credits nothing', async () => {
    const sub = uniqueSub('no-plan');
    await expectRefused(
      stripeSample('invoice.paid', { id: eventId(), sub }),
      'no subscription recorded for this user',
    );
    expect(await walletItem(sub)).toBeUndefined();
  });

  it('an invoice of another subscription than the recorded one credits nothing', async () => {
    const sub = uniqueSub('other-sub');
    const completed = stripeSample('checkout.session.completed:subscription', { id: eventId(), sub });
    await recordSessionOf(completed);
    expect((await deliver(completed)).outcome).toBe('applied');
    const invoice = stripeSample('invoice.paid', { id: eventId(), sub });
    const parent = (
      invoice.data as { object: { parent: { subscription_details: { subscription: string } } } }
    ).object.parent;
    parent.subscription_details.subscription = 'sub_someone_elses';
    await expectRefused(invoice, 'no subscription recorded for this user');
    // The genuine invoice (the recorded subscription) credits the plan's coins.
    expect((await deliver(stripeSample('invoice.paid', { id: eventId(), sub }))).outcome).toBe('applied');
    expect(await sumLedger(sub)).toEqual({ sum: 200, count: 1 });
  });

  it('an invoice naming a different plan than the one bought credits nothing', async () => {
    const sub = uniqueSub('plan-swap');
    await recordSubscriptionCheckout(sub, 'INICIANTE', {
      subscriptionId: 'sub_test_sample',
      status: 'completed',
    });
    await expectRefused(stripeSample('invoice.paid', { id: eventId(), sub }), 'plan differs');
  });

  it('a subscription update for an unknown user is refused and records nothing', async () => {
    const sub = uniqueSub('sub-update');
    await expectRefused(
      stripeSample('customer.subscription.updated', { id: eventId(), sub }),
      'no subscription recorded for this user',
    );
    expect(await listSubscriptions(sub)).toEqual([]);
  });
});

describe('refunds are checked against the completed checkout', () => {
  it('a refund of a payment we never took debits nothing', async () => {
    const sub = uniqueSub('refund-unknown');
    await expectRefused(
      stripeSample('charge.refunded:coins', { id: eventId(), sub, object: { payment_intent: 'pi_unknown' } }),
      'no completed checkout recorded for this payment',
    );
    expect(await walletItem(sub)).toBeUndefined();
  });

  it('a refund whose charge amount differs from the checkout is refused', async () => {
    const sub = uniqueSub('refund-amount');
    const paid = coinsSession(sub, 10, { payment_intent: `pi_${eventId()}` });
    await recordSessionOf(paid);
    expect((await deliver(paid)).outcome).toBe('applied');
    const paymentIntent = (paid.data as { object: { payment_intent: string } }).object.payment_intent;
    const refund = stripeSample('charge.refunded:coins', {
      id: eventId(),
      sub,
      object: {
        payment_intent: paymentIntent,
        amount: 100_000,
        amount_refunded: 100_000,
        metadata: { coins: '1000' },
      },
    });
    await expectRefused(refund, 'amount differs');
    expect(await sumLedger(sub)).toEqual({ sum: 10, count: 1 });
    // The genuine refund debits the coins the checkout recorded, whatever the charge's metadata says.
    const genuine = stripeSample('charge.refunded:coins', {
      id: eventId(),
      sub,
      object: { payment_intent: paymentIntent, metadata: { coins: '1000' } },
    });
    expect((await deliver(genuine)).outcome).toBe('applied');
    expect(await sumLedger(sub)).toEqual({ sum: 0, count: 2 });
  });
});

describe('malformed signed events (row 5)', () => {
  async function send(event: unknown) {
    const handler = await webhookHandler();
    const result = await handler(signedWebhookEvent(JSON.stringify(event), WEBHOOK_SECRET), context);
    return {
      status: result.statusCode,
      body: JSON.parse(String(result.body)) as { error?: { code: string } },
    };
  }

  it('checkout.session.completed with data.object null, a charge.refunded without data: 400, counted', async () => {
    const before = refusedCount();
    const nullObject = coinsSession(uniqueSub('null'), 1);
    (nullObject.data as { object: unknown }).object = null;
    const noData = { ...stripeSample('charge.refunded:coins', { id: eventId(), sub: 'x' }) };
    delete (noData as { data?: unknown }).data;
    const noAmount = stripeSample('charge.refunded:coins', { id: eventId(), sub: 'x' });
    delete (noAmount.data as { object: { amount?: number } }).object.amount;
    const notAnEvent = [1, 2, 3];

    for (const event of [nullObject, noData, noAmount, notAnEvent, null]) {
      const answer = await send(event);
      expect(answer.status, JSON.stringify(event)?.slice(0, 80)).toBe(400);
      expect(answer.body.error?.code).toBe('MALFORMED_EVENT');
    }
    expect(refusedCount()).toBe(before + 5);
    expect(warnings.filter((w) => w.message === 'stripe event refused').map((w) => w.eventId)).toEqual([
      nullObject.id,
      noData.id,
      noAmount.id,
      '',
      '',
    ]);
  });
});
