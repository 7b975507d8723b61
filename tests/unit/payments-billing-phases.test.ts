import type Stripe from 'stripe';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { billingPhases, priceForMonth, PLAN_IDS } from '../../shared/plans';
import { applyIntroPricing, introSchedulePhases } from '../../lambdas/_lib/payments/billing-schedule';

/** The official SDK's methods applyIntroPricing calls, recorded (no network in unit tests). */
const calls: { method: string; args: unknown[] }[] = [];
let subscription: Record<string, unknown>;
let schedule: Record<string, unknown> | undefined;
let retrieveError: Error | undefined;

vi.mock('../../lambdas/_lib/payments/stripe-client', () => ({
  stripeClient: async () => ({
    subscriptions: {
      retrieve: async (...args: unknown[]) => {
        calls.push({ method: 'subscriptions.retrieve', args });
        if (retrieveError) throw retrieveError;
        return subscription;
      },
    },
    subscriptionSchedules: {
      retrieve: async (...args: unknown[]) => {
        calls.push({ method: 'subscriptionSchedules.retrieve', args });
        return schedule;
      },
      create: async (...args: unknown[]) => {
        calls.push({ method: 'subscriptionSchedules.create', args });
        return { id: 'sub_sched_1', metadata: {}, phases: [{ start_date: 1_790_000_000 }] };
      },
      update: async (...args: unknown[]) => {
        calls.push({ method: 'subscriptionSchedules.update', args });
        return { id: args[0] };
      },
    },
  }),
}));

const current = { id: 'price_intro', product: 'prod_5d', currency: 'usd', unitAmount: 8900 };

describe('billing phases of each plan (spec: plans monthly)', () => {
  it('ARTISTA: 89 for one month, then 119', () => {
    expect(billingPhases('ARTISTA')).toEqual([
      { priceUsd: 89, months: 1 },
      { priceUsd: 119, months: null },
    ]);
  });

  it('PRO: 149 for two months, then 129 (intro higher than regular, as the spec says)', () => {
    expect(billingPhases('PRO')).toEqual([
      { priceUsd: 149, months: 2 },
      { priceUsd: 129, months: null },
    ]);
  });

  it('INICIANTE: one open-ended phase at 29; ENTERPRISE: none (on request)', () => {
    expect(billingPhases('INICIANTE')).toEqual([{ priceUsd: 29, months: null }]);
    expect(billingPhases('ENTERPRISE')).toEqual([]);
  });

  it('agrees with priceForMonth for the first 24 months of every plan', () => {
    for (const plan of PLAN_IDS) {
      const months = billingPhases(plan).flatMap((phase) =>
        Array<number>(phase.months ?? 24).fill(phase.priceUsd),
      );
      for (let month = 1; month <= 24; month++) {
        expect(months[month - 1] ?? null, `${plan} month ${month}`).toBe(priceForMonth(plan, month));
      }
    }
  });
});

describe('schedule phases sent to Stripe', () => {
  it('ARTISTA keeps the checkout price for 1 month, then an inline 119 price on the same product', () => {
    expect(introSchedulePhases({ plan: 'ARTISTA', startDate: 1_790_000_000, current })).toEqual([
      {
        start_date: 1_790_000_000,
        items: [{ price: 'price_intro', quantity: 1 }],
        duration: { interval: 'month', interval_count: 1 },
        proration_behavior: 'none',
      },
      {
        items: [
          {
            price_data: {
              currency: 'usd',
              product: 'prod_5d',
              unit_amount: 11900,
              recurring: { interval: 'month' },
            },
            quantity: 1,
          },
        ],
        duration: { interval: 'month', interval_count: 1 },
        proration_behavior: 'none',
      },
    ]);
  });

  it('PRO: 149 for 2 months, then 129', () => {
    const phases = introSchedulePhases({
      plan: 'PRO',
      startDate: 5,
      current: { ...current, unitAmount: 14900 },
    })!;
    expect(phases.map((phase) => phase.duration)).toEqual([
      { interval: 'month', interval_count: 2 },
      { interval: 'month', interval_count: 1 },
    ]);
    expect(phases[0]?.items).toEqual([{ price: 'price_intro', quantity: 1 }]);
    expect(phases[1]?.items[0]?.price_data?.unit_amount).toBe(12900);
  });

  it('prices the intro inline too when the checkout price is not the intro amount', () => {
    const phases = introSchedulePhases({ plan: 'PRO', startDate: 5, current })!;
    expect(phases[0]?.items[0]?.price_data?.unit_amount).toBe(14900);
  });

  it('no schedule for single-price plans', () => {
    expect(introSchedulePhases({ plan: 'INICIANTE', startDate: 5, current })).toBeNull();
    expect(introSchedulePhases({ plan: 'ENTERPRISE', startDate: 5, current })).toBeNull();
  });
});

describe('applyIntroPricing is safe to repeat', () => {
  beforeEach(() => {
    calls.length = 0;
    retrieveError = undefined;
    schedule = undefined;
    subscription = {
      id: 'sub_1',
      status: 'active',
      schedule: null,
      metadata: { sub: 'u1', plan: 'ARTISTA' },
      items: {
        data: [{ price: { id: 'price_intro', product: 'prod_5d', currency: 'usd', unit_amount: 8900 } }],
      },
    };
  });

  it('creates the schedule from the subscription and sets its phases, both with idempotency keys', async () => {
    expect(await applyIntroPricing({ subscriptionId: 'sub_1', plan: 'ARTISTA' })).toEqual({
      status: 'scheduled',
      scheduleId: 'sub_sched_1',
    });
    expect(calls.map((call) => call.method)).toEqual([
      'subscriptions.retrieve',
      'subscriptionSchedules.create',
      'subscriptionSchedules.update',
    ]);
    expect(calls[1]?.args).toEqual([
      { from_subscription: 'sub_1' },
      { idempotencyKey: 'intro-schedule-sub_1' },
    ]);
    const [id, params, options] = calls[2]!.args as [
      string,
      Stripe.SubscriptionScheduleUpdateParams,
      Stripe.RequestOptions,
    ];
    expect(id).toBe('sub_sched_1');
    expect(options).toEqual({ idempotencyKey: 'intro-phases-sub_sched_1' });
    expect(params).toMatchObject({
      end_behavior: 'release',
      proration_behavior: 'none',
      metadata: { intro_plan: 'ARTISTA', sub: 'u1' },
    });
    expect(params.phases?.[0]?.start_date).toBe(1_790_000_000);
    // The invoices of later phases keep the user and plan the coin credit needs.
    expect(params.phases?.map((phase) => phase.metadata)).toEqual([
      { sub: 'u1', plan: 'ARTISTA' },
      { sub: 'u1', plan: 'ARTISTA' },
    ]);
  });

  it('leaves a schedule that already carries the plan mark alone', async () => {
    subscription.schedule = 'sub_sched_9';
    schedule = { id: 'sub_sched_9', metadata: { intro_plan: 'ARTISTA' }, phases: [{ start_date: 1 }] };
    expect(await applyIntroPricing({ subscriptionId: 'sub_1', plan: 'ARTISTA' })).toEqual({
      status: 'already_scheduled',
      scheduleId: 'sub_sched_9',
    });
    expect(calls.map((call) => call.method)).toEqual([
      'subscriptions.retrieve',
      'subscriptionSchedules.retrieve',
    ]);
  });

  it('finishes a schedule created earlier without its phases (a crash in between): update only', async () => {
    subscription.schedule = 'sub_sched_9';
    schedule = { id: 'sub_sched_9', metadata: {}, phases: [{ start_date: 42 }] };
    const result = await applyIntroPricing({ subscriptionId: 'sub_1', plan: 'ARTISTA' });
    expect(result).toEqual({ status: 'scheduled', scheduleId: 'sub_sched_9' });
    expect(calls.map((call) => call.method)).not.toContain('subscriptionSchedules.create');
    expect((calls.at(-1)?.args[1] as Stripe.SubscriptionScheduleUpdateParams).phases?.[0]?.start_date).toBe(
      42,
    );
  });

  it('calls Stripe not at all for INICIANTE', async () => {
    expect(await applyIntroPricing({ subscriptionId: 'sub_1', plan: 'INICIANTE' })).toEqual({
      status: 'not_needed',
      scheduleId: null,
    });
    expect(calls).toEqual([]);
  });

  it('records nothing for a subscription Stripe does not know or that has ended; other errors throw', async () => {
    retrieveError = Object.assign(new Error('No such subscription'), {
      statusCode: 404,
      code: 'resource_missing',
    });
    expect((await applyIntroPricing({ subscriptionId: 'sub_x', plan: 'PRO' })).status).toBe(
      'subscription_missing',
    );
    retrieveError = undefined;
    subscription.status = 'canceled';
    expect((await applyIntroPricing({ subscriptionId: 'sub_1', plan: 'PRO' })).status).toBe(
      'subscription_ended',
    );
    retrieveError = Object.assign(new Error('connection'), { statusCode: undefined });
    await expect(applyIntroPricing({ subscriptionId: 'sub_1', plan: 'PRO' })).rejects.toThrow('connection');
    expect(calls.map((call) => call.method)).not.toContain('subscriptionSchedules.create');
  });
});
