import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userApiEvent } from '../../events/build';
import stripeWebhookSample from '../../events/api/stripe-webhook.json';
import { closeServer, readBody } from '../../infra/local/net';
import { startLocalPayments, startStripeSandbox, type StripeSandbox } from '../../infra/local/stripe-sandbox';
import { getCheckout } from '../../lambdas/_lib/db/checkouts';
import { createProject } from '../../lambdas/_lib/db/projects';
import { listPurchases } from '../../lambdas/_lib/db/purchases';
import { listClientOrders } from '../../lambdas/_lib/db/orders';
import { sumLedger } from '../../lambdas/_lib/db/ledger';
import { listSubscriptions } from '../../lambdas/_lib/db/subscriptions';
import { getWallet } from '../../lambdas/_lib/db/wallets';
import type { ApiEvent } from '../../lambdas/_lib/http';
import { logger } from '../../lambdas/_lib/logger';
import { WEBHOOK_SECRET, context, uniqueSub, usePaymentsEnv, webhookHandler } from './payments-helpers';

/**
 * The local checkout end to end: the handlers create sessions through the official SDK pointed at the
 * sandbox, a "user" pays on the hosted page over HTTP, and the sandbox's signed events reach the real
 * webhook handler (mounted on a tiny HTTP server, as API Gateway would invoke it).
 */
logger.setLogLevel('WARN');

let sandbox: StripeSandbox;
let webhookServer: http.Server;
let dataDir: string;
let stripe: Stripe;
type Handler = (event: ApiEvent, ctx: typeof context) => Promise<{ statusCode?: number; body?: string }>;
let coinsCheckout: Handler;
let planCheckout: Handler;
let paymentCheckout: Handler;

beforeAll(async () => {
  webhookServer = http.createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const event = structuredClone(stripeWebhookSample) as unknown as ApiEvent;
      event.headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      event.body = body.toString('base64');
      event.isBase64Encoded = true;
      const result = await (await webhookHandler())(event, context);
      res.writeHead(result.statusCode ?? 200, { 'content-type': 'application/json' });
      res.end(result.body);
    })();
  });
  await new Promise<void>((resolve) => webhookServer.listen(0, '127.0.0.1', resolve));
  const webhookUrl = `http://127.0.0.1:${(webhookServer.address() as AddressInfo).port}/api/webhooks/stripe`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'stripe-sandbox-'));
  sandbox = await startStripeSandbox({
    port: 0,
    dataDir,
    webhookUrl,
    webhookSecret: WEBHOOK_SECRET,
    quiet: true,
  });
  usePaymentsEnv({ STRIPE_API_BASE: sandbox.url });
  const { stripeOptions } = await import('../../lambdas/_lib/payments/stripe-client');
  stripe = new Stripe('sk_test_integration', stripeOptions({ STRIPE_API_BASE: sandbox.url }));
  coinsCheckout = (await import('../../lambdas/coins-create-checkout/handler')).handler;
  planCheckout = (await import('../../lambdas/create-checkout/handler')).handler;
  paymentCheckout = (await import('../../lambdas/create-payment/handler')).handler;
});

afterAll(async () => {
  await sandbox?.stop();
  await closeServer(webhookServer);
  rmSync(dataDir, { recursive: true, force: true });
});

async function pay(url: string): Promise<string> {
  const response = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
  expect(response.status).toBe(303);
  return response.headers.get('location') ?? '';
}

describe('local sandbox checkout', () => {
  it("an en-US buyer's checkout is in English, as Stripe's page would be with the session's locale", async () => {
    const event = userApiEvent('coins-create-checkout', {
      sub: uniqueSub('sandbox-en'),
      body: { amount_usd: 1000 },
    });
    event.headers = { ...event.headers, 'accept-language': 'en-US' };
    const result = await coinsCheckout(event, context);
    expect(result.statusCode).toBe(200);
    const { url, id } = JSON.parse(String(result.body)) as { url: string; id: string };
    const html = await (await fetch(url)).text();
    expect(html).toContain('lang="en"');
    expect(html).toContain('1,000 5D Coins');
    expect(html).toMatch(/Pay \$1,000\.00/);
    expect(html).not.toContain('Pagar');
    expect((await stripe.checkout.sessions.retrieve(id)).locale).toBe('en');
  });

  it('buying 10 coins: hosted page, Pay, signed webhook, wallet credited', async () => {
    const sub = uniqueSub('sandbox');
    const result = await coinsCheckout(
      userApiEvent('coins-create-checkout', { sub, body: { amount_usd: 10 } }),
      context,
    );
    expect(result.statusCode).toBe(200);
    const { url, id } = JSON.parse(String(result.body)) as { url: string; id: string };
    expect(id).toMatch(/^cs_test_/);
    expect(url).toBe(`${sandbox.url}/checkout/${id}`);

    const page = await fetch(url);
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('10 5D Coins');
    expect(html).toMatch(/US\$\s10,00/);
    expect(html).toContain('Pagar');
    expect(html).toContain('Cancelar');
    expect(html).toContain('lang="pt-BR"');

    const started = performance.now();
    const location = await pay(url);
    const ms = performance.now() - started;
    expect(location).toBe(`http://localhost:3000/coins?checkout=success&session_id=${id}`);
    expect((await getWallet(sub)).balance).toBe(10);
    expect(await sumLedger(sub)).toEqual({ sum: 10, count: 1 });
    expect((await getCheckout(sub, id))?.status).toBe('completed');
    expect(sandbox.deliveries().filter((d) => d.status !== 200)).toEqual([]);
    console.log(`[payments] sandbox Pay → signed webhook → credit → redirect: ${ms.toFixed(0)} ms`);

    // The official SDK sees the session completed; paying again changes nothing.
    const session = await stripe.checkout.sessions.retrieve(id);
    expect(session).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      metadata: { sub, kind: 'coins', coins: '10' },
    });
    await pay(url);
    expect((await getWallet(sub)).balance).toBe(10);

    // A refund through the API sends charge.refunded: the coins are debited once.
    await stripe.refunds.create({ payment_intent: String(session.payment_intent) });
    expect((await getWallet(sub)).balance).toBe(0);
    expect(await sumLedger(sub)).toEqual({ sum: 0, count: 2 });
  });

  it('choosing a plan ends with an active subscription and its coins', async () => {
    const sub = uniqueSub('sandbox-plan');
    const result = await planCheckout(
      userApiEvent('create-checkout', { sub, body: { plan: 'PRO' } }),
      context,
    );
    expect(result.statusCode).toBe(200);
    const { url, id } = JSON.parse(String(result.body)) as { url: string; id: string };
    const html = await (await fetch(url)).text();
    expect(html).toContain('5D PROFISSIONAL — plano Pro');
    expect(html).toMatch(/US\$\s149,00 \/ mês/);
    expect(await pay(url)).toBe(`http://localhost:3000/dashboard?checkout=success&session_id=${id}`);

    // An English reader's page names the plan and its product in English.
    const englishEvent = userApiEvent('create-checkout', {
      sub: uniqueSub('sandbox-plan-en'),
      body: { plan: 'INICIANTE' },
    });
    englishEvent.headers = { ...englishEvent.headers, 'accept-language': 'en-US' };
    const english = await planCheckout(englishEvent, context);
    const englishHtml = await (await fetch(JSON.parse(String(english.body)).url as string)).text();
    expect(englishHtml).toContain('5D ESSENTIAL — Starter plan');
    expect(englishHtml).not.toMatch(/Iniciante|ESSENCIAL|plano/);

    const [subscription] = await listSubscriptions(sub);
    expect(subscription).toMatchObject({
      client_id: sub,
      product_id: 'PROFISSIONAL',
      plan: 'PRO',
      status: 'active',
    });
    expect(subscription?.current_period_end).not.toBeNull();
    expect((await getWallet(sub)).balance).toBe(200);
    const deliveries = sandbox
      .deliveries()
      .slice(-3)
      .map((d) => [d.type, d.status]);
    expect(deliveries).toEqual([
      ['customer.subscription.created', 200],
      ['invoice.paid', 200],
      ['checkout.session.completed', 200],
    ]);
  });

  it('Cancel returns to the app and credits nothing', async () => {
    const sub = uniqueSub('sandbox-cancel');
    const result = await coinsCheckout(
      userApiEvent('coins-create-checkout', { sub, body: { amount_usd: 5 } }),
      context,
    );
    const { url } = JSON.parse(String(result.body)) as { url: string };
    const response = await fetch(`${url}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('http://localhost:3000/coins?checkout=cancel');
    expect((await getWallet(sub)).balance).toBe(0);
  });

  it('answers like Stripe to invalid requests and keeps sessions on disk', async () => {
    await expect(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        success_url: 'http://localhost:3000/ok',
        line_items: [
          { quantity: 1, price_data: { currency: 'usd', unit_amount: 100, product_data: { name: 'x' } } },
        ],
      }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(stripe.checkout.sessions.retrieve('cs_test_missing')).rejects.toMatchObject({
      statusCode: 404,
    });

    const created = await stripe.checkout.sessions.create({
      mode: 'payment',
      success_url: 'http://localhost:3000/ok',
      line_items: [
        { quantity: 1, price_data: { currency: 'brl', unit_amount: 4990, product_data: { name: 'Beat' } } },
      ],
    });
    expect(existsSync(path.join(dataDir, 'stripe-sandbox.json'))).toBe(true);
    const again = await startStripeSandbox({
      port: 0,
      dataDir,
      webhookUrl: 'http://127.0.0.1:9/none',
      webhookSecret: 'x',
      quiet: true,
    });
    try {
      const page = await (await fetch(`${again.url}/checkout/${created.id}`)).text();
      expect(page).toMatch(/R\$\s49,90/);
    } finally {
      await again.stop();
    }
  });

  it('npm start wiring: the sandbox without a Stripe key, the real API with one', async () => {
    const local = await startLocalPayments({ appOrigin: 'http://localhost:3000', env: {}, quiet: true });
    try {
      expect(local.env).toMatchObject({
        STRIPE_API_BASE: local.sandbox?.url,
        PUBLIC_APP_URL: 'http://localhost:3000',
      });
      expect(local.env.STRIPE_WEBHOOK_SECRET).toMatch(/^whsec_local_/);
      const client = new Stripe(local.env.STRIPE_SECRET_KEY!, {
        host: '127.0.0.1',
        port: Number(new URL(local.sandbox!.url).port),
        protocol: 'http',
        telemetry: false,
      });
      const session = await client.checkout.sessions.create({
        mode: 'payment',
        success_url: 'http://localhost:3000/ok',
        line_items: [
          {
            quantity: 1,
            price_data: { currency: 'usd', unit_amount: 100, product_data: { name: '1 5D Coins' } },
          },
        ],
      });
      expect(session.url).toBe(`${local.sandbox!.url}/checkout/${session.id}`);
    } finally {
      await local.stop();
    }
    const real = await startLocalPayments({
      appOrigin: 'http://localhost:3000',
      env: { STRIPE_SECRET_KEY: 'sk_test_real' },
    });
    expect(real.sandbox).toBeUndefined();
    expect(real.env).toEqual({ PUBLIC_APP_URL: 'http://localhost:3000' });
  });

  it('buying a marketplace project charges its own price in BRL and creates the purchase and the order', async () => {
    const buyer = uniqueSub('sandbox-buyer');
    const creator = uniqueSub('sandbox-creator');
    const projectId = `p-${uniqueSub('x')}`;
    await createProject({
      id: projectId,
      title: 'Beat Lo-Fi Chuva',
      description: 'd',
      price: 49.9,
      genre: 'Lo-Fi',
      bpm: 80,
      duration_seconds: 90,
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
    });
    const missing = await paymentCheckout(
      userApiEvent('create-payment', {
        sub: buyer,
        body: { productName: 'x', amount: 1, projectId: 'nope' },
      }),
      context,
    );
    expect(missing.statusCode).toBe(404);

    // The request says R$ 1,00; the project costs R$ 49,90 and that is what is charged.
    const result = await paymentCheckout(
      userApiEvent('create-payment', {
        sub: buyer,
        body: { productName: 'x', amount: 1, currency: 'brl', projectId },
      }),
      context,
    );
    expect(result.statusCode).toBe(200);
    const { url } = JSON.parse(String(result.body)) as { url: string };
    const html = await (await fetch(url)).text();
    expect(html).toContain('Beat Lo-Fi Chuva');
    expect(html).toMatch(/R\$\s49,90/);
    expect(await pay(url)).toMatch(/^http:\/\/localhost:3000\/my-collection\?checkout=success/);

    const purchases = await listPurchases(buyer);
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({
      amount: 49.9,
      currency: 'brl',
      status: 'completed',
      product_name: 'Beat Lo-Fi Chuva',
    });
    const orders = await listClientOrders(buyer);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      id: purchases[0]!.order_id,
      creator_id: creator,
      project_id: projectId,
      amount: 49.9,
      status: 'pending',
    });
    expect((await getWallet(buyer)).balance).toBe(0);

    // A full refund marks the purchase refunded.
    const session = await stripe.checkout.sessions.retrieve(url.split('/').pop()!);
    await stripe.refunds.create({ payment_intent: String(session.payment_intent) });
    expect((await listPurchases(buyer))[0]?.status).toBe('refunded');
  });
});
