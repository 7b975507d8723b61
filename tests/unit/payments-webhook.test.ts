import type { Context } from 'aws-lambda';
import Stripe from 'stripe';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedWebhookEvent, stripeSample } from '../../events/build';
import type { ApiEvent, ApiResult } from '../../lambdas/_lib/http';

/**
 * The webhook verifies the raw body before anything else: these paths must answer 400 without a single
 * DynamoDB call (the store is spied on; there is no database in unit tests at all).
 */
const SECRET = 'whsec_unit_test_secret';
let handler: (event: ApiEvent, context: Context) => Promise<ApiResult>;
let send: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  process.env.STRIPE_WEBHOOK_SECRET = SECRET;
  process.env.STRIPE_SECRET_KEY = 'sk_test_unit';
  const { db } = await import('../../lambdas/_lib/clients');
  send = vi.spyOn(db, 'send');
  ({ handler } = await import('../../lambdas/stripe-webhook/handler'));
});
afterEach(() => send.mockClear());

const context = {} as Context;
// Indented like Stripe's own payloads, so re-serialising changes the bytes.
const payload = () =>
  JSON.stringify(stripeSample('checkout.session.completed:coins', { id: 'evt_unit_1', sub: 'u1' }), null, 2);
const errorCode = (result: ApiResult) =>
  (JSON.parse(String(result.body)) as { error: { code: string } }).error.code;

describe('stripe-webhook signature check', () => {
  it('rejects a tampered body with 400 and writes nothing', async () => {
    const body = payload();
    const event = signedWebhookEvent(body, SECRET);
    event.body = body.replace('"coins": "10"', '"coins": "1000"');
    expect(event.body).not.toBe(body);
    const result = await handler(event, context);
    expect(result.statusCode).toBe(400);
    expect(errorCode(result)).toBe('INVALID_SIGNATURE');
    expect(send).not.toHaveBeenCalled();
  });

  it('rejects a signature made with another secret', async () => {
    const result = await handler(signedWebhookEvent(payload(), 'whsec_someone_else'), context);
    expect(result.statusCode).toBe(400);
    expect(send).not.toHaveBeenCalled();
  });

  it('rejects a forged v1 signature and a missing header', async () => {
    const forged = await handler(
      signedWebhookEvent(payload(), SECRET, {
        signature: `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
      }),
      context,
    );
    expect(forged.statusCode).toBe(400);
    const missing = signedWebhookEvent(payload(), SECRET);
    delete missing.headers['stripe-signature'];
    expect((await handler(missing, context)).statusCode).toBe(400);
    expect(send).not.toHaveBeenCalled();
  });

  it('rejects a correctly signed event older than the 5-minute tolerance (replay)', async () => {
    const old = Math.floor(Date.now() / 1000) - 301;
    const result = await handler(signedWebhookEvent(payload(), SECRET, { timestamp: old }), context);
    expect(result.statusCode).toBe(400);
    expect(send).not.toHaveBeenCalled();
  });

  it('rejects a body that was parsed and re-serialised (only the raw bytes verify)', async () => {
    const body = payload();
    const event = signedWebhookEvent(body, SECRET);
    event.body = JSON.stringify(JSON.parse(body));
    expect((await handler(event, context)).statusCode).toBe(400);
    expect(send).not.toHaveBeenCalled();
  });

  it('accepts a valid signature on a base64-encoded body; an unknown event type changes nothing', async () => {
    const body = JSON.stringify(stripeSample('customer.created', { id: 'evt_unit_2', sub: 'u1' }));
    const result = await handler(signedWebhookEvent(body, SECRET, { base64: true }), context);
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(String(result.body))).toEqual({ received: true, outcome: 'unhandled' });
    expect(send).not.toHaveBeenCalled();
  });

  it('is what Stripe itself verifies: constructEvent agrees with the header we build', () => {
    const body = payload();
    const event = signedWebhookEvent(body, SECRET);
    expect(Stripe.webhooks.constructEvent(body, event.headers['stripe-signature']!, SECRET).id).toBe(
      'evt_unit_1',
    );
  });

  it('answers 400 MALFORMED_EVENT to a signed event whose object is missing, without touching the store', async () => {
    const event = JSON.parse(payload()) as { data: { object: unknown } };
    event.data.object = null;
    const result = await handler(signedWebhookEvent(JSON.stringify(event), SECRET), context);
    expect(result.statusCode).toBe(400);
    expect(errorCode(result)).toBe('MALFORMED_EVENT');
    const refund = JSON.parse(payload()) as Record<string, unknown>;
    refund.type = 'charge.refunded';
    delete refund.data;
    expect((await handler(signedWebhookEvent(JSON.stringify(refund), SECRET), context)).statusCode).toBe(400);
    expect(send).not.toHaveBeenCalled();
  });
});
