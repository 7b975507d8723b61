import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from './net';

/**
 * Subscriptions, subscription schedules and monthly renewals of the local Stripe sandbox
 * (`stripe-sandbox.ts` owns the server, the events and their signing). Stripe API subset:
 *   GET  /v1/subscriptions/:id
 *   GET  /v1/invoices/:id                  the subscriptions' invoices
 *   POST /v1/subscription_schedules        {from_subscription}
 *   GET  /v1/subscription_schedules/:id
 *   POST /v1/subscription_schedules/:id    {phases[{start_date, items[{price | price_data}], duration |
 *                                          end_date}], end_behavior, metadata, proration_behavior}
 * POSTs honour `Idempotency-Key` like Stripe (same key + same parameters → the first answer again;
 * other parameters → 400 idempotency_error). Real Stripe renews at the end of each period; the sandbox has
 * no clock, so an operator advances a subscription by one month:
 *   GET  /sandbox/subscriptions                 every subscription, its phases and invoices; one button
 *                                               (JSON with `accept: application/json`)
 *   POST /sandbox/subscriptions/:id/advance     next period: the schedule's phase for it applies (and the
 *                                               schedule is released or cancels after its last phase),
 *                                               then customer.subscription.updated + invoice.paid are sent
 */

type Params = Record<string, unknown>;
type Json = Record<string, unknown>;

/** A price as the sandbox stores and returns it. */
export interface SandboxPriceObject {
  id: string;
  object: 'price';
  currency: string;
  unit_amount: number;
  recurring: { interval: string } | null;
  product: string;
  lookup_key: string | null;
}

interface SubscriptionItem {
  id: string;
  price: SandboxPriceObject;
  quantity: number;
}

interface StoredInvoice {
  id: string;
  amount: number;
  periodStart: number;
  periodEnd: number;
  billingReason: 'subscription_create' | 'subscription_cycle';
  created: number;
}

interface StoredSubscription {
  id: string;
  customer: string;
  email: string;
  currency: string;
  status: string;
  metadata: Record<string, string>;
  items: SubscriptionItem[];
  /** Billing cycle anchor: period n (0-based) runs from anchor + n months to anchor + n + 1 months. */
  anchor: number;
  /** Product names by product id, for invoice line descriptions. */
  productNames?: Record<string, string>;
  period: number;
  schedule: string | null;
  invoices: StoredInvoice[];
  created: number;
}

interface SchedulePhase {
  start: number;
  end: number;
  items: { price: SandboxPriceObject; quantity: number }[];
  metadata: Record<string, string>;
  prorationBehavior: string;
}

interface StoredSchedule {
  id: string;
  subscription: string;
  customer: string;
  status: 'active' | 'released' | 'completed' | 'canceled';
  endBehavior: 'release' | 'cancel';
  metadata: Record<string, string>;
  phases: SchedulePhase[];
  created: number;
  releasedAt: number | null;
}

export interface BillingState {
  subscriptions: Record<string, StoredSubscription>;
  schedules: Record<string, StoredSchedule>;
  /** Prices created inline (Checkout `price_data`, schedule phase `price_data`). */
  prices: Record<string, SandboxPriceObject>;
}

export function emptyBillingState(): BillingState {
  return { subscriptions: {}, schedules: {}, prices: {} };
}

export interface BillingDeps {
  state: BillingState;
  /** Prices configured on the sandbox (lookup keys), also usable in schedule phases. */
  configuredPrices: () => SandboxPriceObject[];
  newId: (prefix: string) => string;
  now: () => number;
  event: (type: string, object: Json) => Json;
  deliver: (event: Json) => Promise<unknown>;
  save: () => void;
  log: (message: string) => void;
  /** Stripe's error answer (the sandbox's StripeApiError). */
  fail: (status: number, message: string, param?: string, code?: string) => Error;
  html: { page: (title: string, body: string) => string; escape: (text: string) => string };
  money: (minor: number, currency: string) => string;
}

/** Calendar months like Stripe: the anchor's day of month, clamped to the month's last day. */
export function addMonths(seconds: number, months: number): number {
  const date = new Date(seconds * 1000);
  const day = date.getUTCDate();
  const target = new Date(
    Date.UTC(
      date.getUTCFullYear(),
      date.getUTCMonth() + months,
      1,
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function record(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).map(([key, val]) => [key, String(val)]));
}

function list(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  // `phases[0]…` arrives as an array; tolerate an object keyed by index too.
  if (value && typeof value === 'object') return Object.values(value);
  return [];
}

const IDEMPOTENCY_KEYS_KEPT = 1000;

export function createSandboxBilling(deps: BillingDeps) {
  const { state, newId, now, fail } = deps;
  const idempotent = new Map<string, { fingerprint: string; response: Json }>();

  // ---- Stripe-shaped objects -------------------------------------------------------------------------

  function periodOf(subscription: StoredSubscription): { start: number; end: number } {
    return {
      start: addMonths(subscription.anchor, subscription.period),
      end: addMonths(subscription.anchor, subscription.period + 1),
    };
  }

  function subscriptionObject(subscription: StoredSubscription): Json {
    const { start, end } = periodOf(subscription);
    return {
      id: subscription.id,
      object: 'subscription',
      customer: subscription.customer,
      status: subscription.status,
      metadata: subscription.metadata,
      items: {
        object: 'list',
        has_more: false,
        data: subscription.items.map((item) => ({
          id: item.id,
          object: 'subscription_item',
          current_period_start: start,
          current_period_end: end,
          quantity: item.quantity,
          price: item.price,
          metadata: {},
        })),
      },
      schedule: subscription.schedule,
      billing_cycle_anchor: subscription.anchor,
      start_date: subscription.created,
      created: subscription.created,
      cancel_at_period_end: false,
      currency: subscription.currency,
      latest_invoice: subscription.invoices.at(-1)?.id ?? null,
      livemode: false,
    };
  }

  function invoiceObject(subscription: StoredSubscription, invoice: StoredInvoice): Json {
    return {
      id: invoice.id,
      object: 'invoice',
      customer: subscription.customer,
      customer_email: subscription.email,
      status: 'paid',
      billing_reason: invoice.billingReason,
      currency: subscription.currency,
      amount_due: invoice.amount,
      amount_paid: invoice.amount,
      amount_remaining: 0,
      metadata: {},
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      lines: {
        object: 'list',
        has_more: false,
        data: subscription.items.map((item) => ({
          id: newId('il_test'),
          object: 'line_item',
          amount: item.price.unit_amount * item.quantity,
          currency: item.price.currency,
          description: `${item.quantity} × ${subscription.productNames?.[item.price.product] ?? item.price.product}`,
          metadata: subscription.metadata,
          period: { start: invoice.periodStart, end: invoice.periodEnd },
          quantity: item.quantity,
          pricing: {
            type: 'price_details',
            price_details: { price: item.price.id, product: item.price.product },
          },
        })),
      },
      period_start: invoice.periodStart,
      period_end: invoice.periodEnd,
      created: invoice.created,
      livemode: false,
    };
  }

  function currentPhase(schedule: StoredSchedule, at: number): SchedulePhase | undefined {
    return schedule.phases.find((phase) => phase.start <= at && at < phase.end);
  }

  function scheduleObject(schedule: StoredSchedule): Json {
    const subscription = state.subscriptions[schedule.subscription];
    const at = subscription ? periodOf(subscription).start : now();
    const phase = schedule.status === 'active' ? currentPhase(schedule, at) : undefined;
    return {
      id: schedule.id,
      object: 'subscription_schedule',
      customer: schedule.customer,
      subscription: schedule.status === 'active' ? schedule.subscription : null,
      status: schedule.status,
      end_behavior: schedule.endBehavior,
      metadata: schedule.metadata,
      created: schedule.created,
      canceled_at: null,
      completed_at: null,
      released_at: schedule.releasedAt,
      released_subscription: schedule.status === 'released' ? schedule.subscription : null,
      current_phase: phase ? { start_date: phase.start, end_date: phase.end } : null,
      default_settings: { billing_cycle_anchor: 'automatic', collection_method: 'charge_automatically' },
      phases: schedule.phases.map((p) => ({
        start_date: p.start,
        end_date: p.end,
        currency: p.items[0]?.price.currency ?? null,
        items: p.items.map((item) => ({
          price: item.price.id,
          quantity: item.quantity,
          metadata: {},
          discounts: [],
          tax_rates: [],
          billing_thresholds: null,
        })),
        metadata: p.metadata,
        proration_behavior: p.prorationBehavior,
        add_invoice_items: [],
        discounts: [],
        trial_end: null,
      })),
      livemode: false,
    };
  }

  // ---- subscriptions -----------------------------------------------------------------------------------

  function recordInvoice(
    subscription: StoredSubscription,
    billingReason: StoredInvoice['billingReason'],
  ): StoredInvoice {
    const { start, end } = periodOf(subscription);
    const invoice: StoredInvoice = {
      id: newId('in_test'),
      amount: subscription.items.reduce((sum, item) => sum + item.price.unit_amount * item.quantity, 0),
      periodStart: start,
      periodEnd: end,
      billingReason,
      created: now(),
    };
    subscription.invoices.push(invoice);
    return invoice;
  }

  /** A paid Checkout in subscription mode: the subscription, its first paid invoice (Stripe-shaped). */
  function startSubscription(input: {
    customer: string;
    email: string;
    currency: string;
    metadata: Record<string, string>;
    items: { price: SandboxPriceObject; quantity: number; productName?: string }[];
  }): { subscription: Json; invoice: Json } {
    const created = now();
    for (const item of input.items) state.prices[item.price.id] = item.price;
    const subscription: StoredSubscription = {
      id: newId('sub_test'),
      customer: input.customer,
      email: input.email,
      currency: input.currency,
      status: 'active',
      metadata: { ...input.metadata },
      items: input.items.map((item) => ({
        id: newId('si_test'),
        price: item.price,
        quantity: item.quantity,
      })),
      anchor: created,
      productNames: Object.fromEntries(
        input.items.map((item) => [item.price.product, item.productName ?? item.price.product]),
      ),
      period: 0,
      schedule: null,
      invoices: [],
      created,
    };
    const invoice = recordInvoice(subscription, 'subscription_create');
    state.subscriptions[subscription.id] = subscription;
    deps.save();
    return { subscription: subscriptionObject(subscription), invoice: invoiceObject(subscription, invoice) };
  }

  function findSubscription(subscriptionId: string): StoredSubscription {
    const subscription = state.subscriptions[subscriptionId];
    if (!subscription) throw fail(404, `No such subscription: '${subscriptionId}'`, 'id');
    return subscription;
  }

  /**
   * The next billing period of a subscription, as Stripe renews it: the schedule's phase covering the
   * new period sets the items (after the last phase the schedule is released, or cancels the
   * subscription), then the renewal invoice is paid. Events: customer.subscription.updated, invoice.paid.
   */
  async function advanceMonth(subscriptionId: string): Promise<{ subscription: Json; invoice: Json | null }> {
    const subscription = findSubscription(subscriptionId);
    if (subscription.status === 'canceled') {
      throw fail(400, `Subscription ${subscriptionId} is canceled.`, 'id', 'subscription_canceled');
    }
    subscription.period += 1;
    const { start } = periodOf(subscription);
    const schedule = subscription.schedule ? state.schedules[subscription.schedule] : undefined;
    const events: Json[] = [];
    if (schedule && schedule.status === 'active') {
      const phase = currentPhase(schedule, start);
      if (phase) {
        subscription.items = phase.items.map((item, index) => ({
          id: subscription.items[index]?.id ?? newId('si_test'),
          price: item.price,
          quantity: item.quantity,
        }));
        subscription.metadata = { ...subscription.metadata, ...phase.metadata };
      } else if (schedule.endBehavior === 'cancel') {
        schedule.status = 'completed';
        subscription.schedule = null;
        subscription.status = 'canceled';
      } else {
        // Released: the subscription keeps the last phase's items and renews on its own.
        schedule.status = 'released';
        schedule.releasedAt = start;
        subscription.schedule = null;
      }
    }
    if (subscription.status === 'canceled') {
      subscription.period -= 1;
      deps.save();
      const object = subscriptionObject(subscription);
      await deps.deliver(deps.event('customer.subscription.deleted', object));
      return { subscription: object, invoice: null };
    }
    const invoice = recordInvoice(subscription, 'subscription_cycle');
    deps.save();
    const object = subscriptionObject(subscription);
    const invoiceJson = invoiceObject(subscription, invoice);
    events.push(deps.event('customer.subscription.updated', object));
    events.push(deps.event('invoice.paid', invoiceJson));
    deps.log(
      `subscription ${subscription.id} period ${subscription.period + 1}: ${invoice.amount} ${subscription.currency}`,
    );
    for (const evt of events) await deps.deliver(evt);
    return { subscription: object, invoice: invoiceJson };
  }

  // ---- schedules ---------------------------------------------------------------------------------------

  function findPrice(priceId: string): SandboxPriceObject | undefined {
    return (
      state.prices[priceId] ??
      deps.configuredPrices().find((price) => price.id === priceId || price.lookup_key === priceId)
    );
  }

  function knownProduct(productId: string): boolean {
    return (
      Object.values(state.prices).some((price) => price.product === productId) ||
      deps.configuredPrices().some((price) => price.product === productId)
    );
  }

  function findSchedule(scheduleId: string): StoredSchedule {
    const schedule = state.schedules[scheduleId];
    if (!schedule) throw fail(404, `No such subscription_schedule: '${scheduleId}'`, 'id');
    return schedule;
  }

  function createSchedule(params: Params): StoredSchedule {
    const from = str(params.from_subscription);
    if (!from) {
      throw fail(400, 'The sandbox creates schedules only with `from_subscription`.', 'from_subscription');
    }
    if (params.phases !== undefined) {
      throw fail(400, 'You cannot set `phases` if `from_subscription` is set.', 'phases');
    }
    const subscription = findSubscription(from);
    if (subscription.schedule) {
      throw fail(
        400,
        `You cannot migrate a subscription that is already attached to a schedule: \`${subscription.schedule}\`.`,
        'from_subscription',
      );
    }
    if (subscription.status === 'canceled') {
      throw fail(400, 'You cannot create a schedule from a canceled subscription.', 'from_subscription');
    }
    const { start, end } = periodOf(subscription);
    const schedule: StoredSchedule = {
      id: newId('sub_sched_test'),
      subscription: subscription.id,
      customer: subscription.customer,
      status: 'active',
      endBehavior: 'release',
      metadata: {},
      phases: [
        {
          start,
          end,
          items: subscription.items.map((item) => ({ price: item.price, quantity: item.quantity })),
          metadata: {},
          prorationBehavior: 'create_prorations',
        },
      ],
      created: now(),
      releasedAt: null,
    };
    state.schedules[schedule.id] = schedule;
    subscription.schedule = schedule.id;
    deps.save();
    deps.log(`schedule ${schedule.id} from ${subscription.id}`);
    return schedule;
  }

  function phaseItems(raw: unknown, index: number): SchedulePhase['items'] {
    const items = list(raw);
    if (items.length === 0) throw fail(400, 'Missing required param: items.', `phases[${index}][items]`);
    return items.map((value, itemIndex) => {
      const item = (value ?? {}) as Params;
      const param = `phases[${index}][items][${itemIndex}]`;
      const quantity = Number(item.quantity ?? 1);
      if (!Number.isInteger(quantity) || quantity < 1) {
        throw fail(400, 'Invalid integer: quantity', `${param}[quantity]`);
      }
      const priceId = str(item.price);
      if (priceId) {
        const price = findPrice(priceId);
        if (!price) throw fail(400, `No such price: '${priceId}'`, `${param}[price]`, 'resource_missing');
        return { price, quantity };
      }
      const data = item.price_data as Params | undefined;
      if (!data) throw fail(400, 'You must specify either `price` or `price_data`.', param);
      const product = str(data.product);
      if (!product) throw fail(400, 'Missing required param: product.', `${param}[price_data][product]`);
      if (!knownProduct(product)) {
        throw fail(400, `No such product: '${product}'`, `${param}[price_data][product]`, 'resource_missing');
      }
      const currency = str(data.currency)?.toLowerCase();
      if (!currency || !/^[a-z]{3}$/.test(currency)) {
        throw fail(400, 'Missing required param: currency.', `${param}[price_data][currency]`);
      }
      const unitAmount = Number(data.unit_amount);
      if (!Number.isInteger(unitAmount) || unitAmount < 0) {
        throw fail(400, 'Invalid integer: unit_amount', `${param}[price_data][unit_amount]`);
      }
      const interval = str((data.recurring as Params | undefined)?.interval);
      if (interval !== 'month') {
        throw fail(
          400,
          'The sandbox bills monthly prices only.',
          `${param}[price_data][recurring][interval]`,
        );
      }
      const price: SandboxPriceObject = {
        id: newId('price'),
        object: 'price',
        currency,
        unit_amount: unitAmount,
        recurring: { interval },
        product,
        lookup_key: null,
      };
      state.prices[price.id] = price;
      return { price, quantity };
    });
  }

  function updateSchedule(scheduleId: string, params: Params): StoredSchedule {
    const schedule = findSchedule(scheduleId);
    if (schedule.status !== 'active') {
      throw fail(
        400,
        `You cannot update a subscription schedule that is ${schedule.status}.`,
        undefined,
        'subscription_schedule_not_active',
      );
    }
    const endBehavior = params.end_behavior === undefined ? schedule.endBehavior : str(params.end_behavior);
    if (endBehavior !== 'release' && endBehavior !== 'cancel') {
      throw fail(400, 'Invalid end_behavior: must be one of release or cancel', 'end_behavior');
    }
    const proration = str(params.proration_behavior);
    if (proration && !['always_invoice', 'create_prorations', 'none'].includes(proration)) {
      throw fail(400, 'Invalid proration_behavior', 'proration_behavior');
    }
    let phases = schedule.phases;
    if (params.phases !== undefined) {
      const raw = list(params.phases);
      if (raw.length === 0) throw fail(400, 'Missing required param: phases.', 'phases');
      const subscription = findSubscription(schedule.subscription);
      const current = currentPhase(schedule, periodOf(subscription).start);
      let cursor = 0;
      phases = raw.map((value, index) => {
        const phase = (value ?? {}) as Params;
        if (phase.iterations !== undefined) {
          // Removed in API version 2025-09-30 (use `duration`), as real Stripe answers.
          throw fail(400, 'Received unknown parameter: iterations', `phases[${index}][iterations]`);
        }
        let start = cursor;
        if (index === 0) {
          const given = phase.start_date;
          if (given === undefined) {
            throw fail(400, 'Missing required param: start_date.', 'phases[0][start_date]');
          }
          start = given === 'now' ? now() : Number(given);
          if (!Number.isInteger(start)) throw fail(400, 'Invalid timestamp', 'phases[0][start_date]');
          if (current && start !== current.start) {
            throw fail(
              400,
              'You can not modify the start date of the current phase.',
              'phases[0][start_date]',
            );
          }
        }
        const items = phaseItems(phase.items, index);
        const duration = phase.duration as Params | undefined;
        if (duration && phase.end_date !== undefined) {
          throw fail(400, 'You may only specify one of `duration` and `end_date`.', `phases[${index}]`);
        }
        let end: number;
        if (duration) {
          const count = Number(duration.interval_count ?? 1);
          if (str(duration.interval) !== 'month' || !Number.isInteger(count) || count < 1) {
            throw fail(400, 'The sandbox supports month durations only.', `phases[${index}][duration]`);
          }
          end = addMonths(start, count);
        } else if (phase.end_date !== undefined) {
          end = Number(phase.end_date);
          if (!Number.isInteger(end)) throw fail(400, 'Invalid timestamp', `phases[${index}][end_date]`);
        } else {
          end = addMonths(start, 1);
        }
        if (end <= start) {
          throw fail(400, 'The end date of a phase must be after its start date.', `phases[${index}]`);
        }
        cursor = end;
        return {
          start,
          end,
          items,
          metadata: record(phase.metadata),
          prorationBehavior: str(phase.proration_behavior) ?? 'create_prorations',
        };
      });
      // The current period's items follow the phase that covers it (Stripe applies it at once).
      const active = currentPhase({ ...schedule, phases }, periodOf(subscription).start);
      if (active) {
        subscription.items = active.items.map((item, index) => ({
          id: subscription.items[index]?.id ?? newId('si_test'),
          price: item.price,
          quantity: item.quantity,
        }));
      }
    }
    schedule.phases = phases;
    schedule.endBehavior = endBehavior;
    schedule.metadata = { ...schedule.metadata, ...record(params.metadata) };
    deps.save();
    deps.log(`schedule ${schedule.id}: ${schedule.phases.length} phase(s)`);
    return schedule;
  }

  // ---- HTTP --------------------------------------------------------------------------------------------

  /** Answers a /v1 request this module owns; undefined for the others. */
  function api(method: string, segments: string[], params: Params, idempotencyKey: string): Json | undefined {
    const [, resource, resourceId, extra] = segments;
    if (method === 'GET' && resource === 'subscriptions' && resourceId && !extra) {
      return subscriptionObject(findSubscription(resourceId));
    }
    if (method === 'GET' && resource === 'invoices' && resourceId && !extra) {
      for (const subscription of Object.values(state.subscriptions)) {
        const invoice = subscription.invoices.find((candidate) => candidate.id === resourceId);
        if (invoice) return invoiceObject(subscription, invoice);
      }
      throw fail(404, `No such invoice: '${resourceId}'`, 'id');
    }
    if (resource !== 'subscription_schedules' || extra) return undefined;
    if (method === 'GET' && resourceId) return scheduleObject(findSchedule(resourceId));
    if (method !== 'POST') return undefined;
    const fingerprint = JSON.stringify([segments, params]);
    const earlier = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
    if (earlier) {
      if (earlier.fingerprint !== fingerprint) {
        throw fail(
          400,
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          undefined,
          'idempotency_key_in_use',
        );
      }
      return earlier.response;
    }
    const response = scheduleObject(resourceId ? updateSchedule(resourceId, params) : createSchedule(params));
    if (idempotencyKey) {
      idempotent.set(idempotencyKey, { fingerprint, response });
      if (idempotent.size > IDEMPOTENCY_KEYS_KEPT) idempotent.delete(idempotent.keys().next().value!);
    }
    return response;
  }

  /** The operator's page and its "advance one month" action (not part of Stripe's API). */
  async function operator(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    // `/sandbox/subscriptions` and `/sandbox/subscriptions/:id/advance`
    const parts = url.pathname.split('/').filter(Boolean);
    if (req.method === 'GET' && parts.length === 2 && parts[1] === 'subscriptions') {
      if (String(req.headers.accept ?? '').includes('application/json')) {
        const body = Buffer.from(JSON.stringify({ data: subscriptionsJson() }));
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
        res.end(body);
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(subscriptionsPage());
      return;
    }
    if (
      req.method === 'POST' &&
      parts.length === 4 &&
      parts[1] === 'subscriptions' &&
      parts[3] === 'advance'
    ) {
      const form = String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
      await readBody(req);
      const result = await advanceMonth(parts[2]!);
      if (form) {
        res.writeHead(303, { location: '/sandbox/subscriptions', 'cache-control': 'no-store' });
        res.end();
        return;
      }
      const body = Buffer.from(JSON.stringify(result));
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
      res.end(body);
      return;
    }
    throw fail(
      404,
      `Unrecognized request URL (${req.method ?? ''} ${url.pathname}).`,
      undefined,
      'resource_missing',
    );
  }

  /** Every subscription with its invoices and every schedule ever made from it (operators, tests). */
  function subscriptionsJson(): Json[] {
    return Object.values(state.subscriptions).map((subscription) => ({
      ...subscriptionObject(subscription),
      invoices: subscription.invoices.map((invoice) => invoiceObject(subscription, invoice)),
      schedules: Object.values(state.schedules)
        .filter((schedule) => schedule.subscription === subscription.id)
        .map(scheduleObject),
    }));
  }

  function subscriptionsPage(): string {
    const { escape } = deps.html;
    const rows = Object.values(state.subscriptions)
      .sort((a, b) => b.created - a.created)
      .map((subscription) => {
        const schedule = subscription.schedule ? state.schedules[subscription.schedule] : undefined;
        const phases = schedule
          ? schedule.phases
              .map(
                (phase) =>
                  `${deps.money(phase.items[0]?.price.unit_amount ?? 0, subscription.currency)} até ${new Date(phase.end * 1000).toISOString().slice(0, 10)}`,
              )
              .join(' → ')
          : 'sem agenda';
        const invoices = subscription.invoices
          .map((invoice) => deps.money(invoice.amount, subscription.currency))
          .join(', ');
        const action =
          subscription.status === 'canceled'
            ? 'cancelada'
            : `<form method="post" action="/sandbox/subscriptions/${escape(subscription.id)}/advance"><button class="pay" type="submit">Avançar um mês</button></form>`;
        return `<tr><td>${escape(subscription.id)}<br><span class="muted">${escape(subscription.metadata.plan ?? '')} · ${escape(subscription.email)}</span></td><td>${escape(phases)}</td><td>${escape(invoices)}</td><td>${action}</td></tr>`;
      })
      .join('');
    return deps.html.page(
      'Assinaturas',
      `<span class="badge">Ambiente de testes</span><h1>Assinaturas</h1>
<p class="muted">Cada mês avançado emite a fatura paga (invoice.paid) ao webhook, com o preço da fase.</p>
<table><tr><td>Assinatura</td><td>Fases</td><td>Faturas pagas</td><td></td></tr>${rows || '<tr><td colspan="4">Nenhuma assinatura.</td></tr>'}</table>`,
    );
  }

  return { startSubscription, advanceMonth, api, operator };
}

export type SandboxBilling = ReturnType<typeof createSandboxBilling>;
