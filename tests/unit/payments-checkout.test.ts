import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { anonymousApiEvent, userApiEvent } from '../../events/build';
import { handler as coinsCheckout } from '../../lambdas/coins-create-checkout/handler';
import { handler as createCheckout } from '../../lambdas/create-checkout/handler';
import { handler as createPayment } from '../../lambdas/create-payment/handler';
import { appUrl, sessionParams } from '../../lambdas/_lib/payments/checkout';
import { publicAppOrigin, readPaymentsEnv } from '../../lambdas/_lib/payments/config';
import { stripeOptions } from '../../lambdas/_lib/payments/stripe-client';
import { parseStripeForm } from '../../infra/local/stripe-sandbox';

const context = {} as Context;
const body = (result: { body?: string }) =>
  JSON.parse(String(result.body)) as { error: { code: string; message: string } };

describe('checkout requests are validated before Stripe is called', () => {
  it('answers 400 with a clear message for a non-integer coin amount', async () => {
    const result = await coinsCheckout(
      userApiEvent('coins-create-checkout', { sub: 'u1', body: { amount_usd: 2.5 } }),
      context,
    );
    expect(result.statusCode).toBe(400);
    expect(body(result).error.message).toContain('Digite um valor válido');
  });

  it('answers 400 for a missing amount and for an unknown plan', async () => {
    expect(
      (await coinsCheckout(userApiEvent('coins-create-checkout', { sub: 'u1', body: {} }), context))
        .statusCode,
    ).toBe(400);
    const plan = await createCheckout(
      userApiEvent('create-checkout', { sub: 'u1', body: { plan: 'GOLD' } }),
      context,
    );
    expect(plan.statusCode).toBe(400);
  });

  it('answers 400 PLAN_ON_REQUEST for ENTERPRISE, priced on request', async () => {
    const result = await createCheckout(
      userApiEvent('create-checkout', { sub: 'u1', body: { plan: 'ENTERPRISE' } }),
      context,
    );
    expect(result.statusCode).toBe(400);
    expect(body(result).error.code).toBe('PLAN_ON_REQUEST');
  });

  it('answers 401 without a signed-in user', async () => {
    expect(
      (await createCheckout(anonymousApiEvent('create-checkout', { plan: 'PRO' }), context)).statusCode,
    ).toBe(401);
    expect(
      (await createPayment(anonymousApiEvent('create-payment', { productName: 'x', amount: 1 }), context))
        .statusCode,
    ).toBe(401);
  });
});

describe('Checkout Session parameters', () => {
  const base = {
    sub: 'u1',
    email: 'ana@example.com',
    language: 'pt-BR' as const,
    successPath: '/coins?checkout=success&session_id={CHECKOUT_SESSION_ID}',
    cancelPath: '/coins?checkout=cancel',
    amount: 10,
    description: '10 5D Coins',
  };

  it('a coins purchase is a one-time payment whose charge carries the user and the coins', () => {
    const params = sessionParams(
      {
        ...base,
        kind: 'coins',
        line: { name: '10 5D Coins', unitAmount: 1000, currency: 'usd' },
        metadata: { coins: '10' },
      },
      'https://app.example.com',
    );
    expect(params.mode).toBe('payment');
    expect(params.metadata).toEqual({ coins: '10', sub: 'u1', kind: 'coins', language: 'pt-BR' });
    expect(params.locale).toBe('pt-BR');
    expect(params.payment_intent_data?.metadata).toEqual(params.metadata);
    expect(params.client_reference_id).toBe('u1');
    expect(params.success_url).toMatch(/\/coins\?checkout=success&session_id=\{CHECKOUT_SESSION_ID\}$/);
  });

  it('a plan is a monthly subscription whose invoices carry the chosen plan', () => {
    const params = sessionParams(
      {
        ...base,
        kind: 'subscription',
        line: {
          name: '5D PROFISSIONAL',
          unitAmount: 14900,
          currency: 'usd',
          recurring: true,
          lookupKey: '5d_profissional_monthly',
        },
        metadata: { plan: 'PRO', tier: 'PROFISSIONAL' },
      },
      'https://app.example.com',
    );
    expect(params.mode).toBe('subscription');
    expect(params.line_items?.[0]?.price_data?.recurring).toEqual({ interval: 'month' });
    expect(params.subscription_data?.metadata).toMatchObject({
      plan: 'PRO',
      sub: 'u1',
      kind: 'subscription',
    });
    expect(params.payment_intent_data).toBeUndefined();
  });

  it("Stripe's page speaks the buyer's language, which the session keeps for what is written later", () => {
    const line = { name: '10 5D Coins', unitAmount: 1000, currency: 'usd' as const };
    const open = (language: 'pt-BR' | 'en-US' | 'es-ES') =>
      sessionParams({ ...base, kind: 'coins', line, metadata: {}, language }, 'https://app.example.com');
    expect(open('en-US').locale).toBe('en');
    expect(open('es-ES').locale).toBe('es');
    expect(open('pt-BR').locale).toBe('pt-BR');
    expect(open('es-ES').metadata).toMatchObject({ language: 'es-ES' });
  });

  it("builds return URLs on the app's public origin", () => {
    expect(appUrl('/coins?checkout=cancel', 'https://app.example.com')).toBe(
      'https://app.example.com/coins?checkout=cancel',
    );
  });

  it('takes the origin from PUBLIC_APP_URL and refuses to guess one when nothing is configured', async () => {
    const env = readPaymentsEnv({ PUBLIC_APP_URL: 'https://d111.cloudfront.net/some/path' });
    await expect(publicAppOrigin(env)).resolves.toBe('https://d111.cloudfront.net');
    await expect(publicAppOrigin(readPaymentsEnv({}))).rejects.toMatchObject({
      status: 503,
      code: 'PAYMENTS_UNAVAILABLE',
    });
  });

  it('points the official SDK at STRIPE_API_BASE when it is set', () => {
    expect(stripeOptions({ STRIPE_API_BASE: 'http://127.0.0.1:4242' })).toMatchObject({
      host: '127.0.0.1',
      port: 4242,
      protocol: 'http',
      telemetry: false,
    });
    expect(stripeOptions({ STRIPE_API_BASE: '' })).not.toHaveProperty('host');
  });
});

describe('sandbox form decoding', () => {
  it('reads Stripe-style nested form fields', () => {
    const form = new URLSearchParams({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][product_data][name]': '10 5D Coins',
      'line_items[0][quantity]': '1',
      'metadata[sub]': 'u1',
      'expand[]': 'line_items',
    }).toString();
    expect(parseStripeForm(form)).toEqual({
      mode: 'payment',
      line_items: [{ price_data: { currency: 'usd', product_data: { name: '10 5D Coins' } }, quantity: '1' }],
      metadata: { sub: 'u1' },
      expand: ['line_items'],
    });
  });
});
