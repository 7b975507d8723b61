import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userApiEvent } from '../../events/build';
import stripeWebhookSample from '../../events/api/stripe-webhook.json';
import { closeServer, readBody } from '../../infra/local/net';
import { startStripeSandbox, type StripeSandbox } from '../../infra/local/stripe-sandbox';
import { sumLedger } from '../../lambdas/_lib/db/ledger';
import { listSubscriptions } from '../../lambdas/_lib/db/subscriptions';
import { getWallet } from '../../lambdas/_lib/db/wallets';
import type { ApiEvent } from '../../lambdas/_lib/http';
import { logger } from '../../lambdas/_lib/logger';
import type { PlanId } from '../../shared/plans';
import {
  WEBHOOK_SECRET,
  context,
  deliver,
  eventId,
  uniqueSub,
  usePaymentsEnv,
  webhookHandler,
} from './payments-helpers';

/**
 * Billing phases end to end through the local sandbox: create-checkout → hosted Pay → signed events →
 * the real webhook, which gives the subscription its schedule through the official SDK; then the
 * sandbox renews month after month ("advance a month") and each renewal's invoice.paid reaches the
 * webhook at the phase's price.
 */
logger.setLogLevel('WARN');

let sandbox: StripeSandbox;
let webhookServer: http.Server;
let stripe: Stripe;
let planCheckout: (event: ApiEvent, ctx: typeof context) => Promise<{ statusCode?: number; body?: string }>;
/** Every event the sandbox sent, as received; while `holding`, events are kept and not processed. */
const received: Record<string, unknown>[] = [];
let holding = false;

beforeAll(async () => {
  webhookServer = http.createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      received.push(JSON.parse(body.toString('utf8')) as Record<string, unknown>);
      if (holding) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"received":true}');
        return;
      }
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
  const port = (webhookServer.address() as AddressInfo).port;
  sandbox = await startStripeSandbox({
    port: 0,
    webhookUrl: `http://127.0.0.1:${port}/api/webhooks/stripe`,
    webhookSecret: WEBHOOK_SECRET,
    quiet: true,
  });
  usePaymentsEnv({ STRIPE_API_BASE: sandbox.url });
  const { stripeOptions } = await import('../../lambdas/_lib/payments/stripe-client');
  stripe = new Stripe('sk_test_integration', stripeOptions({ STRIPE_API_BASE: sandbox.url }));
  planCheckout = (await import('../../lambdas/create-checkout/handler')).handler;
});

afterAll(async () => {
  await sandbox?.stop();
  await closeServer(webhookServer);
});

/** What the hosted page tells the user about later months. */
const PAGE_NOTES: Record<PlanId, string> = {
  INICIANTE: '20 5D Coins por mês<',
  ARTISTA: 'US$ 89 no primeiro mês, depois US$ 119/mês',
  PRO: 'US$ 149 nos 2 primeiros meses, depois US$ 129/mês',
  ENTERPRISE: '',
};

/** A signed-in user chooses `plan` and pays on the hosted page; answers the Stripe ids involved. */
async function subscribe(sub: string, plan: PlanId) {
  const result = await planCheckout(userApiEvent('create-checkout', { sub, body: { plan } }), context);
  expect(result.statusCode).toBe(200);
  const { url, id } = JSON.parse(String(result.body)) as { url: string; id: string };
  // Intl writes a no-break space between the symbol and the amount.
  expect((await (await fetch(url)).text()).replace(/\u00a0/g, ' ')).toContain(PAGE_NOTES[plan]);
  const started = performance.now();
  const paid = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  if (!holding) {
    const ms = performance.now() - started;
    console.log(
      `[payments] ${plan}: Pay → signed events → webhook (schedule included) → redirect ${ms.toFixed(0)} ms`,
    );
  }
  const session = await stripe.checkout.sessions.retrieve(id);
  return { sessionId: id, subscriptionId: String(session.subscription), invoiceId: String(session.invoice) };
}

/** The operator's "advance a month" endpoint; answers the renewal invoice's amount in US$. */
async function advance(subscriptionId: string): Promise<number> {
  const response = await fetch(`${sandbox.url}/sandbox/subscriptions/${subscriptionId}/advance`, {
    method: 'POST',
  });
  expect(response.status).toBe(200);
  const { invoice } = (await response.json()) as { invoice: { amount_paid: number } };
  return invoice.amount_paid / 100;
}

async function sandboxSubscription(subscriptionId: string) {
  const response = await fetch(`${sandbox.url}/sandbox/subscriptions`, {
    headers: { accept: 'application/json' },
  });
  const { data } = (await response.json()) as {
    data: { id: string; schedules: Stripe.SubscriptionSchedule[]; invoices: Stripe.Invoice[] }[];
  };
  return data.find((subscription) => subscription.id === subscriptionId);
}

function failedDeliveries() {
  return sandbox.deliveries().filter((delivery) => delivery.status !== 200);
}

describe('plan billing follows the intro then regular price', () => {
  it('ARTISTA: 89 the first month, then 119 on months 2 and 3, with 80 coins per paid month', async () => {
    const sub = uniqueSub('phases-artista');
    const { subscriptionId, invoiceId } = await subscribe(sub, 'ARTISTA');

    const firstInvoice = await stripe.invoices.retrieve(invoiceId);
    expect(firstInvoice.amount_paid).toBe(8900);
    expect(firstInvoice.lines.data[0]?.description).toBe('1 × 5D PROFISSIONAL — plano Artista');
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    expect(subscription.schedule).toMatch(/^sub_sched_/);
    const schedule = await stripe.subscriptionSchedules.retrieve(String(subscription.schedule));
    expect(schedule).toMatchObject({ end_behavior: 'release', metadata: { intro_plan: 'ARTISTA' } });
    expect(schedule.phases).toHaveLength(2);
    expect(schedule.phases[0]?.start_date).toBe(subscription.items.data[0]?.current_period_start);
    expect((await getWallet(sub)).balance).toBe(80);

    expect(await advance(subscriptionId)).toBe(119);
    expect(await advance(subscriptionId)).toBe(119);
    expect((await getWallet(sub)).balance).toBe(240);
    expect(await sumLedger(sub)).toEqual({ sum: 240, count: 3 });

    // After its last phase the schedule is released: the subscription keeps renewing at 119.
    expect((await stripe.subscriptionSchedules.retrieve(schedule.id)).status).toBe('released');
    expect((await stripe.subscriptions.retrieve(subscriptionId)).schedule).toBeNull();
    expect(await advance(subscriptionId)).toBe(119);
    // customer.subscription.updated of each renewal moved the recorded period on.
    const renewed = await stripe.subscriptions.retrieve(subscriptionId);
    expect((await listSubscriptions(sub))[0]).toMatchObject({
      plan: 'ARTISTA',
      status: 'active',
      current_period_start: new Date(renewed.items.data[0]!.current_period_start * 1000).toISOString(),
    });
    expect(failedDeliveries()).toEqual([]);
  });

  it('PRO: 149 for the first two months, then 129 (the spec intro price is higher, as written)', async () => {
    const sub = uniqueSub('phases-pro');
    const { subscriptionId, invoiceId } = await subscribe(sub, 'PRO');

    const amounts = [(await stripe.invoices.retrieve(invoiceId)).amount_paid / 100];
    for (let month = 2; month <= 4; month++) amounts.push(await advance(subscriptionId));
    expect(amounts).toEqual([149, 149, 129, 129]);
    expect((await getWallet(sub)).balance).toBe(800);
    expect(await sumLedger(sub)).toEqual({ sum: 800, count: 4 });
    expect(failedDeliveries()).toEqual([]);
  });

  it('INICIANTE: 29 every month, without a schedule', async () => {
    const sub = uniqueSub('phases-iniciante');
    const { subscriptionId, invoiceId } = await subscribe(sub, 'INICIANTE');

    const amounts = [(await stripe.invoices.retrieve(invoiceId)).amount_paid / 100];
    for (let month = 2; month <= 3; month++) amounts.push(await advance(subscriptionId));
    expect(amounts).toEqual([29, 29, 29]);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).schedule).toBeNull();
    expect((await sandboxSubscription(subscriptionId))?.schedules).toEqual([]);
    expect((await getWallet(sub)).balance).toBe(60);
  });
});

describe('sandbox operator page', () => {
  it('lists a subscription with its phases and paid invoices; its button advances one month', async () => {
    const sub = uniqueSub('phases-page');
    const { subscriptionId } = await subscribe(sub, 'PRO');
    const page = await (await fetch(`${sandbox.url}/sandbox/subscriptions`)).text();
    const row = page.slice(page.indexOf(subscriptionId));
    expect(row).toMatch(/US\$\s149,00 até \d{4}-\d{2}-\d{2} → US\$\s129,00/);
    expect(row).toContain(`action="/sandbox/subscriptions/${subscriptionId}/advance"`);

    const pressed = await fetch(`${sandbox.url}/sandbox/subscriptions/${subscriptionId}/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get('location')).toBe('/sandbox/subscriptions');
    const invoices = (await sandboxSubscription(subscriptionId))?.invoices.map((i) => i.amount_paid);
    expect(invoices).toEqual([14900, 14900]);
    expect((await getWallet(sub)).balance).toBe(400);
  });
});

describe('exactly once', () => {
  it('a checkout completion delivered 5 times (in a row and at once) makes one schedule', async () => {
    const sub = uniqueSub('phases-redelivery');
    holding = true;
    let subscriptionId: string;
    try {
      ({ subscriptionId } = await subscribe(sub, 'PRO'));
    } finally {
      holding = false;
    }
    const completed = received.find(
      (event) =>
        event.type === 'checkout.session.completed' &&
        (event.data as { object: { subscription?: string } }).object.subscription === subscriptionId,
    );
    expect(completed).toBeDefined();
    expect((await stripe.subscriptions.retrieve(subscriptionId)).schedule).toBeNull();

    const first = await deliver(completed!);
    const again = await Promise.all([1, 2, 3, 4].map(() => deliver(completed!)));
    expect(first).toEqual({ status: 200, outcome: 'applied' });
    expect(again).toEqual(Array(4).fill({ status: 200, outcome: 'duplicate' }));

    // A new event for the same checkout (as if the first crashed after Stripe but before its marker).
    const later = await deliver({ ...completed!, id: eventId() });
    expect(later.status).toBe(200);

    const stored = await sandboxSubscription(subscriptionId);
    expect(stored?.schedules).toHaveLength(1);
    expect(stored?.schedules[0]?.phases).toHaveLength(2);
    expect((await listSubscriptions(sub))[0]).toMatchObject({ plan: 'PRO', status: 'active' });
  });

  it('concurrent first deliveries of one completion still make one schedule', async () => {
    const sub = uniqueSub('phases-concurrent');
    holding = true;
    let subscriptionId: string;
    try {
      ({ subscriptionId } = await subscribe(sub, 'ARTISTA'));
    } finally {
      holding = false;
    }
    const completed = received.find(
      (event) =>
        event.type === 'checkout.session.completed' &&
        (event.data as { object: { subscription?: string } }).object.subscription === subscriptionId,
    )!;
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => deliver(completed)));
    expect(results.every((result) => result.status === 200)).toBe(true);
    expect(results.filter((result) => result.outcome === 'applied')).toHaveLength(1);
    expect((await sandboxSubscription(subscriptionId))?.schedules).toHaveLength(1);
  });

  it('each renewal credits its coins once, however often its invoice.paid is delivered', async () => {
    const sub = uniqueSub('phases-coins');
    const { subscriptionId } = await subscribe(sub, 'ARTISTA');
    expect(await advance(subscriptionId)).toBe(119);
    const renewal = received
      .filter((event) => {
        const invoice = (event.data as { object: Stripe.Invoice }).object;
        return (
          event.type === 'invoice.paid' &&
          invoice.billing_reason === 'subscription_cycle' &&
          invoice.parent?.subscription_details?.subscription === subscriptionId
        );
      })
      .at(-1)!;
    const redelivered = await Promise.all([1, 2, 3].map(() => deliver(renewal)));
    expect(redelivered.map((result) => result.outcome)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    expect((await getWallet(sub)).balance).toBe(160);
    expect(await sumLedger(sub)).toEqual({ sum: 160, count: 2 });
  });
});
