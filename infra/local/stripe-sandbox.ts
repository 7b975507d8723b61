import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import Stripe from 'stripe';
import { closeServer, listen, readBody } from './net';
import {
  createSandboxBilling,
  emptyBillingState,
  type BillingState,
  type SandboxPriceObject,
} from './stripe-sandbox-billing';
import { containEmulator } from './containment';
import { checkoutPage, escapeHtml, missingSessionPage, money, page } from './stripe-sandbox-page';

/**
 * A Stripe-compatible sandbox for the local twin. The Lambdas keep using the official `stripe` SDK
 * (pointed here with STRIPE_API_BASE); this server implements the part of Stripe's REST API we call and
 * Stripe's hosted Checkout page:
 *   POST /v1/checkout/sessions        form-encoded like Stripe (mode payment|subscription, line_items
 *                                     with price_data or a price id / lookup key, metadata, …)
 *   GET  /v1/checkout/sessions/:id
 *   GET  /v1/prices?lookup_keys[]=…   the prices given in the options
 *   POST /v1/refunds {payment_intent} refunds a paid session (sends charge.refunded)
 *   GET  /checkout/:id                the hosted page in the session's locale: what is bought, amount, Pagar / Cancelar
 *   POST /checkout/:id/pay            completes it, sends the signed events to the webhook, redirects
 *   POST /checkout/:id/cancel         expires the session (checkout.session.expired), redirects to cancel_url
 *   POST /v1/checkout/sessions/:id/expire   expires an open session like Stripe (sends the event)
 * Open sessions also expire by themselves at their `expires_at` (30 min – 24 h, default 24 h), checked
 * every `expirySweepMs`, sending checkout.session.expired as Stripe does.
 * Subscriptions, subscription schedules and monthly renewals ("advance a month" for an operator at
 * /sandbox/subscriptions): see stripe-sandbox-billing.ts.
 * Events carry the shapes of the real ones and are signed with the webhook secret exactly as Stripe does
 * (`t=…,v1=…`), so the webhook code path is the production one.
 */
export interface StripeSandboxOptions {
  /** 0 or absent = a random free port. */
  port?: number;
  /** Sessions persist in `<dataDir>/stripe-sandbox.json`; in memory only when absent. */
  dataDir?: string;
  /** Where signed events are POSTed (the app's /api/webhooks/stripe). */
  webhookUrl: string;
  webhookSecret: string;
  /** Prices that `price` / `lookup_keys` can name. */
  prices?: SandboxPrice[];
  /** Public base URL of the sandbox when it differs from http://127.0.0.1:<port>. */
  publicUrl?: string;
  quiet?: boolean;
  /** How often open sessions past their `expires_at` are expired (default 10 s). */
  expirySweepMs?: number;
}

export interface SandboxPrice {
  id: string;
  lookup_key?: string;
  currency: string;
  unit_amount: number;
  recurring?: { interval: 'month' | 'year' };
  product_name: string;
}

export interface StripeSandbox {
  url: string;
  stop(): Promise<void>;
  /**
   * What the periodic expiry sweep does, as of `at` (Unix seconds, default now): expires the open sessions
   * past their `expires_at`, sending checkout.session.expired; answers how many.
   */
  expireDue(at?: number): Promise<number>;
  /** Deliveries made so far (event id, type, HTTP status), newest last — for tests and debugging. */
  deliveries(): Delivery[];
  /** Renews a subscription for its next month (schedule phases apply) and sends the paid invoice. */
  advanceMonth(subscriptionId: string): Promise<{ subscription: unknown; invoice: unknown }>;
}

interface Delivery {
  eventId: string;
  type: string;
  status: number | 'error';
  attempt: number;
}

type Params = Record<string, unknown>;

export interface LineItem {
  description: string;
  quantity: number;
  currency: string;
  unit_amount: number;
  recurring: { interval: string } | null;
  price_id: string;
  product_id: string;
  product_name: string;
  product_description: string | null;
  product_metadata: Record<string, string>;
}

export interface StoredSession {
  session: Record<string, unknown>;
  lineItems: LineItem[];
  paymentIntentMetadata: Record<string, string>;
  subscriptionMetadata: Record<string, string>;
  chargeId?: string;
  refunded?: number;
}

interface SandboxState {
  sessions: Record<string, StoredSession>;
  billing?: BillingState;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param?: string,
    readonly code = status === 404 ? 'resource_missing' : 'parameter_invalid',
  ) {
    super(message);
  }
}

// ---------------------------------------------------------------------------------------------------
// Stripe's form encoding: `a[b][0][c]=v` → { a: { b: [ { c: 'v' } ] } }

export function parseStripeForm(body: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = rawKey.replace(/\]/g, '').split('[');
    let node: Params | unknown[] = root;
    for (let i = 0; i < path.length; i++) {
      const key = path[i]!;
      const last = i === path.length - 1;
      const nextKey = path[i + 1];
      const container: unknown = last ? value : nextKey === '' || /^\d+$/.test(nextKey ?? '') ? [] : {};
      if (Array.isArray(node)) {
        const index = key === '' ? node.length : Number(key);
        if (last) node[index] = value;
        else node[index] ??= container;
        node = node[index] as Params | unknown[];
      } else {
        if (last) node[key] = value;
        else node[key] ??= container;
        node = node[key] as Params | unknown[];
      }
    }
  }
  return root;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function record(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).map(([key, val]) => [key, String(val)]));
}

function id(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}

export async function startStripeSandbox(options: StripeSandboxOptions): Promise<StripeSandbox> {
  const file = options.dataDir ? path.join(options.dataDir, 'stripe-sandbox.json') : undefined;
  const state: SandboxState = loadState(file);
  const deliveries: Delivery[] = [];
  const prices = options.prices ?? [];
  const timers = new Set<NodeJS.Timeout>();
  let baseUrl = '';

  const save = () => {
    if (!file) return;
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(`${file}.tmp`, JSON.stringify(state));
    renameSync(`${file}.tmp`, file);
  };

  const log = (message: string) => {
    if (!options.quiet) console.log(`[stripe-sandbox] ${message}`);
  };

  // ---- events --------------------------------------------------------------------------------------

  function event(type: string, object: Record<string, unknown>): Record<string, unknown> {
    return {
      id: id('evt_test'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: id('req'), idempotency_key: null },
      type,
    };
  }

  async function deliver(evt: Record<string, unknown>, attempt = 1): Promise<number | 'error'> {
    const payload = JSON.stringify(evt, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
    let status: number | 'error';
    try {
      const response = await fetch(options.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
        body: payload,
      });
      status = response.status;
      await response.arrayBuffer();
    } catch {
      status = 'error';
    }
    deliveries.push({ eventId: String(evt.id), type: String(evt.type), status, attempt });
    log(`${String(evt.type)} ${String(evt.id)} → ${status}`);
    // Like Stripe, retry failed deliveries with backoff (shortened: 1 s, 2 s, 4 s, … up to 6 attempts).
    if ((status === 'error' || status >= 300) && attempt < 6) {
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          void deliver(evt, attempt + 1);
        },
        1000 * 2 ** (attempt - 1),
      );
      timers.add(timer);
    }
    return status;
  }

  const billing = createSandboxBilling({
    state: (state.billing ??= emptyBillingState()),
    configuredPrices: () =>
      prices.map((price) => ({
        id: price.id,
        object: 'price',
        currency: price.currency,
        unit_amount: price.unit_amount,
        recurring: price.recurring ?? null,
        product: `prod_${price.id}`,
        lookup_key: price.lookup_key ?? null,
      })),
    newId: id,
    now,
    event,
    deliver,
    save,
    log,
    fail: (status, message, param, code) => new StripeApiError(status, message, param, code),
    html: { page, escape: escapeHtml },
    money,
  });

  // ---- API -------------------------------------------------------------------------------------------

  function resolveLineItem(raw: unknown, index: number): LineItem {
    const item = (raw ?? {}) as Params;
    const quantity = Number(item.quantity ?? 1);
    if (!Number.isInteger(quantity) || quantity < 1) {
      throw new StripeApiError(400, 'Invalid integer: quantity', `line_items[${index}][quantity]`);
    }
    const priceId = str(item.price);
    if (priceId) {
      const price = prices.find((candidate) => candidate.id === priceId || candidate.lookup_key === priceId);
      if (!price)
        throw new StripeApiError(
          400,
          `No such price: '${priceId}'`,
          `line_items[${index}][price]`,
          'resource_missing',
        );
      return {
        description: price.product_name,
        quantity,
        currency: price.currency,
        unit_amount: price.unit_amount,
        recurring: price.recurring ?? null,
        price_id: price.id,
        product_id: `prod_${price.id}`,
        product_name: price.product_name,
        product_description: null,
        product_metadata: {},
      };
    }
    const data = item.price_data as Params | undefined;
    if (!data) {
      throw new StripeApiError(
        400,
        'You must specify either `price` or `price_data`.',
        `line_items[${index}]`,
      );
    }
    const currency = str(data.currency)?.toLowerCase();
    if (!currency || !/^[a-z]{3}$/.test(currency)) {
      throw new StripeApiError(
        400,
        'Missing required param: currency.',
        `line_items[${index}][price_data][currency]`,
      );
    }
    const unitAmount = Number(data.unit_amount);
    if (!Number.isInteger(unitAmount) || unitAmount < 0) {
      throw new StripeApiError(
        400,
        'Invalid integer: unit_amount',
        `line_items[${index}][price_data][unit_amount]`,
      );
    }
    const product = (data.product_data ?? {}) as Params;
    const name = str(product.name);
    if (!name)
      throw new StripeApiError(
        400,
        'Missing required param: product_data[name].',
        `line_items[${index}][price_data][product_data][name]`,
      );
    const recurring = data.recurring
      ? { interval: String((data.recurring as Params).interval ?? 'month') }
      : null;
    return {
      description: name,
      quantity,
      currency,
      unit_amount: unitAmount,
      recurring,
      price_id: id('price'),
      product_id: id('prod'),
      product_name: name,
      product_description: str(product.description) ?? null,
      product_metadata: record(product.metadata),
    };
  }

  function createSession(params: Params): StoredSession {
    const mode = str(params.mode);
    if (mode !== 'payment' && mode !== 'subscription') {
      throw new StripeApiError(400, 'Invalid mode: must be one of payment, subscription or setup', 'mode');
    }
    const successUrl = str(params.success_url);
    if (!successUrl) throw new StripeApiError(400, 'Missing required param: success_url.', 'success_url');
    const rawItems = params.line_items;
    if (!Array.isArray(rawItems) || rawItems.length === 0) {
      throw new StripeApiError(400, 'Missing required param: line_items.', 'line_items');
    }
    const lineItems = rawItems.map((raw, index) => resolveLineItem(raw, index));
    const recurring = lineItems.some((item) => item.recurring);
    if (mode === 'subscription' && !recurring) {
      throw new StripeApiError(
        400,
        'You must provide at least one recurring price in `subscription` mode.',
        'line_items',
      );
    }
    if (mode === 'payment' && recurring) {
      throw new StripeApiError(
        400,
        'You specified `payment` mode but passed a recurring price.',
        'line_items',
      );
    }
    const currencies = new Set(lineItems.map((item) => item.currency));
    if (currencies.size > 1)
      throw new StripeApiError(400, 'All prices must use the same currency.', 'line_items');
    const total = lineItems.reduce((sum, item) => sum + item.unit_amount * item.quantity, 0);
    const created = now();
    const expiresAt = params.expires_at === undefined ? created + 24 * 3600 : Number(params.expires_at);
    if (!Number.isInteger(expiresAt) || expiresAt < created + 30 * 60 || expiresAt > created + 24 * 3600) {
      throw new StripeApiError(
        400,
        'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
        'expires_at',
      );
    }
    const sessionId = id('cs_test');
    const session: Record<string, unknown> = {
      id: sessionId,
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: total,
      amount_total: total,
      currency: [...currencies][0],
      customer: null,
      customer_email: str(params.customer_email) ?? null,
      customer_details: null,
      client_reference_id: str(params.client_reference_id) ?? null,
      metadata: record(params.metadata),
      locale: str(params.locale) ?? null,
      success_url: successUrl,
      cancel_url: str(params.cancel_url) ?? null,
      url: `${baseUrl}/checkout/${sessionId}`,
      payment_intent: null,
      subscription: null,
      invoice: null,
      livemode: false,
      created,
      expires_at: expiresAt,
    };
    const stored: StoredSession = {
      session,
      lineItems,
      paymentIntentMetadata: record((params.payment_intent_data as Params | undefined)?.metadata),
      subscriptionMetadata: record((params.subscription_data as Params | undefined)?.metadata),
    };
    state.sessions[sessionId] = stored;
    save();
    log(`session ${sessionId} (${mode}, ${total} ${String(session.currency)})`);
    return stored;
  }

  function findSession(sessionId: string): StoredSession {
    const stored = state.sessions[sessionId];
    if (!stored) throw new StripeApiError(404, `No such checkout.session: '${sessionId}'`, 'id');
    return stored;
  }

  /** Pay: the session completes and the events a real Checkout produces are sent, signed. */
  async function pay(stored: StoredSession): Promise<void> {
    const session = stored.session;
    if (session.status === 'complete') return;
    const customer = id('cus_test');
    const email = (session.customer_email as string | null) ?? 'sandbox@example.com';
    session.customer = customer;
    session.customer_details = { email, name: null };
    session.status = 'complete';
    session.payment_status = 'paid';
    const events: Record<string, unknown>[] = [];
    if (session.mode === 'payment') {
      session.payment_intent = id('pi_test');
      stored.chargeId = id('ch_test');
    } else {
      // One code path for the first invoice and every renewal (stripe-sandbox-billing.ts).
      const started = billing.startSubscription({
        customer,
        email,
        currency: String(session.currency),
        metadata: stored.subscriptionMetadata,
        items: stored.lineItems.map((line) => ({
          price: priceObject(line),
          quantity: line.quantity,
          productName: line.product_name,
        })),
      });
      session.subscription = started.subscription.id;
      session.invoice = started.invoice.id;
      events.push(event('customer.subscription.created', started.subscription));
      events.push(event('invoice.paid', started.invoice));
    }
    events.push(event('checkout.session.completed', { ...session }));
    save();
    // First attempt of each event before the redirect (so the app usually sees the credit on arrival).
    for (const evt of events) await deliver(evt);
  }

  /** Expire: an open session ends unpaid and checkout.session.expired is sent, signed (like Stripe). */
  async function expire(stored: StoredSession): Promise<void> {
    const session = stored.session;
    if (session.status !== 'open') {
      throw new StripeApiError(
        400,
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`,
        undefined,
        'checkout_session_not_open',
      );
    }
    session.status = 'expired';
    session.url = null;
    save();
    await deliver(event('checkout.session.expired', { ...session }));
  }

  async function expireDueSessions(at = now()): Promise<number> {
    const due = Object.values(state.sessions).filter(
      (stored) => stored.session.status === 'open' && Number(stored.session.expires_at) <= at,
    );
    // A session may have been expired meanwhile (Cancel, the expire API): skip it.
    for (const stored of due) if (stored.session.status === 'open') await expire(stored);
    return due.length;
  }

  function priceObject(line: LineItem): SandboxPriceObject {
    return {
      id: line.price_id,
      object: 'price',
      currency: line.currency,
      unit_amount: line.unit_amount,
      recurring: line.recurring,
      product: line.product_id,
      lookup_key: line.product_metadata.lookup_key ?? null,
    };
  }

  /** POST /v1/refunds {payment_intent, amount?}: refunds a paid one-time session; sends charge.refunded. */
  async function refund(params: Params): Promise<Record<string, unknown>> {
    const paymentIntent = str(params.payment_intent);
    const stored = Object.values(state.sessions).find(
      (candidate) => candidate.session.payment_intent === paymentIntent,
    );
    if (!paymentIntent || !stored || !stored.chargeId) {
      throw new StripeApiError(404, `No such payment_intent: '${paymentIntent ?? ''}'`, 'payment_intent');
    }
    const total = Number(stored.session.amount_total);
    const already = stored.refunded ?? 0;
    const amount = params.amount === undefined ? total - already : Number(params.amount);
    if (!Number.isInteger(amount) || amount <= 0 || already + amount > total) {
      throw new StripeApiError(
        400,
        'Refund amount is greater than the unrefunded amount.',
        'amount',
        'amount_too_large',
      );
    }
    stored.refunded = already + amount;
    save();
    const charge = {
      id: stored.chargeId,
      object: 'charge',
      amount: total,
      amount_captured: total,
      amount_refunded: stored.refunded,
      currency: stored.session.currency,
      paid: true,
      refunded: stored.refunded === total,
      payment_intent: paymentIntent,
      metadata: stored.paymentIntentMetadata,
      status: 'succeeded',
      created: Number(stored.session.created),
      livemode: false,
    };
    await deliver(event('charge.refunded', charge));
    return {
      id: id('re_test'),
      object: 'refund',
      amount,
      charge: stored.chargeId,
      currency: stored.session.currency,
      payment_intent: paymentIntent,
      status: 'succeeded',
      created: now(),
    };
  }

  // ---- HTTP ------------------------------------------------------------------------------------------

  async function api(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const auth = String(req.headers.authorization ?? '');
    if (!/^Bearer \S+/.test(auth)) {
      throw new StripeApiError(401, 'You did not provide an API key.', undefined, 'api_key_required');
    }
    const body = (await readBody(req)).toString('utf8');
    const params = req.method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(body);
    const segments = url.pathname.split('/').filter(Boolean);
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      return sendJson(res, 200, createSession(params).session);
    }
    if (
      req.method === 'POST' &&
      segments[1] === 'checkout' &&
      segments[2] === 'sessions' &&
      segments[3] &&
      segments[4] === 'expire'
    ) {
      const stored = findSession(segments[3]);
      await expire(stored);
      return sendJson(res, 200, stored.session);
    }
    if (req.method === 'GET' && segments[1] === 'checkout' && segments[2] === 'sessions' && segments[3]) {
      return sendJson(res, 200, findSession(segments[3]).session);
    }
    if (req.method === 'GET' && url.pathname === '/v1/prices') {
      const keys = Array.isArray(params.lookup_keys) ? params.lookup_keys.map(String) : [];
      const data = prices
        .filter((price) => keys.length === 0 || (price.lookup_key && keys.includes(price.lookup_key)))
        .map((price) => ({ object: 'price', ...price, product: `prod_${price.id}` }));
      return sendJson(res, 200, { object: 'list', data, has_more: false, url: '/v1/prices' });
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds')
      return sendJson(res, 200, await refund(params));
    const billed = billing.api(
      req.method ?? 'GET',
      segments,
      params,
      String(req.headers['idempotency-key'] ?? ''),
    );
    if (billed) return sendJson(res, 200, billed);
    throw new StripeApiError(
      404,
      `Unrecognized request URL (${req.method} ${url.pathname}).`,
      undefined,
      'resource_missing',
    );
  }

  async function hosted(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const [, , sessionId, action] = url.pathname.split('/');
    const stored = state.sessions[sessionId ?? ''];
    if (!stored) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      res.end(missingSessionPage());
      return;
    }
    const session = stored.session;
    if (req.method === 'POST' && action === 'pay') {
      await readBody(req);
      if (session.status === 'expired') {
        res.writeHead(410, { 'content-type': 'text/html; charset=utf-8' });
        res.end(checkoutPage(stored));
        return;
      }
      await pay(stored);
      return redirect(res, String(session.success_url).replace('{CHECKOUT_SESSION_ID}', String(session.id)));
    }
    if (req.method === 'POST' && action === 'cancel') {
      await readBody(req);
      // Stripe keeps a left session open until its expires_at (≥ 30 min); the sandbox ends it at once so
      // what the checkout reserved (a coupon use) comes back through the same checkout.session.expired path.
      if (session.status === 'open') await expire(stored);
      return redirect(
        res,
        String(session.cancel_url ?? session.success_url).replace(
          '{CHECKOUT_SESSION_ID}',
          String(session.id),
        ),
      );
    }
    if (req.method !== 'GET' || action) {
      res.writeHead(405, { allow: 'GET' });
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(checkoutPage(stored));
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox.local');
    const work = url.pathname.startsWith('/v1/')
      ? api(req, res, url)
      : url.pathname.startsWith('/checkout/')
        ? hosted(req, res, url)
        : url.pathname.startsWith('/sandbox/')
          ? billing.operator(req, res, url)
          : Promise.resolve(
              sendJson(res, 404, { error: { type: 'invalid_request_error', message: 'Not found' } }),
            );
    work.catch((error: unknown) => {
      if (error instanceof StripeApiError) {
        sendJson(res, error.status, {
          error: {
            type: 'invalid_request_error',
            code: error.code,
            message: error.message,
            ...(error.param ? { param: error.param } : {}),
          },
        });
        return;
      }
      log(`internal error: ${String(error)}`);
      sendJson(res, 500, { error: { type: 'api_error', message: 'Sandbox internal error' } });
    });
  });
  containEmulator(server, 'stripe', (error) => ({
    status: 500,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      error: { type: 'api_error', message: `Sandbox internal error: ${error.message}` },
    }),
  }));
  const port = await listen(server, options.port ?? 0);
  baseUrl = options.publicUrl ?? `http://127.0.0.1:${port}`;
  // Sessions loaded from disk keep pointing at this server even if the port changed.
  for (const stored of Object.values(state.sessions))
    stored.session.url = `${baseUrl}/checkout/${String(stored.session.id)}`;

  const sweep = setInterval(() => {
    expireDueSessions().catch((error: unknown) => log(`expiry sweep: ${String(error)}`));
  }, options.expirySweepMs ?? 10_000);
  sweep.unref();

  return {
    url: baseUrl,
    deliveries: () => [...deliveries],
    expireDue: expireDueSessions,
    advanceMonth: (subscriptionId) => billing.advanceMonth(subscriptionId),
    async stop() {
      clearInterval(sweep);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await closeServer(server);
    },
  };
}

function loadState(file: string | undefined): SandboxState {
  if (!file || !existsSync(file)) return { sessions: {} };
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as SandboxState;
    return parsed && typeof parsed.sessions === 'object' ? parsed : { sessions: {} };
  } catch {
    return { sessions: {} };
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const data = Buffer.from(JSON.stringify(body));
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': data.length,
    'request-id': id('req'),
    'stripe-version': Stripe.API_VERSION,
  });
  res.end(data);
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location, 'cache-control': 'no-store' });
  res.end();
}

// ---- wiring for `npm start` --------------------------------------------------------------------------

export interface LocalPayments {
  /** Variables for the handlers' process (empty when a real Stripe test key is configured). */
  env: Record<string, string>;
  /** The sandbox, when one was started. */
  sandbox?: StripeSandbox;
  stop(): Promise<void>;
}

/**
 * Chooses the payments backend of the local twin: with `STRIPE_SECRET_KEY` in the environment the real
 * Stripe test-mode API is used (forward its events with `stripe listen --forward-to
 * <appOrigin>/api/webhooks/stripe` and put the printed `whsec_…` in STRIPE_WEBHOOK_SECRET); without it the
 * sandbox starts and signs its events with a fresh secret that the webhook handler is given too.
 */
export async function startLocalPayments(options: {
  appOrigin: string;
  env?: NodeJS.ProcessEnv;
  dataDir?: string;
  port?: number;
  quiet?: boolean;
}): Promise<LocalPayments> {
  const env = options.env ?? process.env;
  const publicAppUrl = env.PUBLIC_APP_URL || options.appOrigin;
  if (env.STRIPE_SECRET_KEY) {
    return { env: { PUBLIC_APP_URL: publicAppUrl }, stop: async () => undefined };
  }
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET || `whsec_local_${randomBytes(24).toString('hex')}`;
  const sandbox = await startStripeSandbox({
    port: options.port ?? 0,
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    webhookUrl: new URL('/api/webhooks/stripe', options.appOrigin).toString(),
    webhookSecret,
    quiet: options.quiet,
  });
  return {
    env: {
      STRIPE_SECRET_KEY: 'sk_test_local_sandbox',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: sandbox.url,
      PUBLIC_APP_URL: publicAppUrl,
    },
    sandbox,
    stop: () => sandbox.stop(),
  };
}
