import type Stripe from 'stripe';
import { billingPhases, toMinorUnits, type PlanId } from '../../../shared/plans';
import { logger } from '../logger';
import { stripeClient } from './stripe-client';

/**
 * Intro pricing of the plans (spec: ARTISTA 89 the first month then 119; PRO 149 for two months then 129;
 * INICIANTE 29 always). Checkout bills the first month's price and cannot attach a schedule itself, so once
 * the subscription exists (checkout.session.completed) a Subscription Schedule is made from it and given
 * the plan's phases: [intro price for N months, then the regular price], released afterwards so the
 * subscription keeps renewing at the regular price. One mechanism for every plan, whether the intro price
 * is lower (ARTISTA) or higher (PRO): a coupon could only lower it.
 *
 * Every step is safe to repeat (webhook redeliveries, a crash before the event marker): the subscription is
 * read first and a schedule already carrying our mark is left alone; creation and update send Stripe
 * idempotency keys derived from the subscription and the schedule.
 */

/** Schedule metadata key naming the plan whose phases were set (the "already done" mark). */
export const INTRO_PLAN_MARK = 'intro_plan';

/** The subscription item's price as Checkout created it (the plan's first-month price). */
export interface CurrentPrice {
  id: string;
  product: string;
  currency: string;
  unitAmount: number | null;
}

/**
 * The phases for a schedule made from a subscription whose current phase started at `startDate`; null
 * when the plan has one price (nothing to schedule) or is priced on request. The current price is reused
 * where its amount is the phase's price; other phases get an inline price on the same product.
 */
export function introSchedulePhases(input: {
  plan: PlanId;
  startDate: number;
  current: CurrentPrice;
  /** The subscription's metadata (user, plan): every invoice of every phase must keep carrying it. */
  metadata?: Record<string, string>;
}): Stripe.SubscriptionScheduleUpdateParams.Phase[] | null {
  const phases = billingPhases(input.plan);
  if (phases.length < 2) return null;
  return phases.map((phase, index) => {
    const amount = toMinorUnits(phase.priceUsd);
    const item: Stripe.SubscriptionScheduleUpdateParams.Phase.Item =
      amount === input.current.unitAmount
        ? { price: input.current.id, quantity: 1 }
        : {
            price_data: {
              currency: input.current.currency,
              product: input.current.product,
              unit_amount: amount,
              recurring: { interval: 'month' },
            },
            quantity: 1,
          };
    return {
      ...(index === 0 ? { start_date: input.startDate } : {}),
      items: [item],
      ...(input.metadata ? { metadata: input.metadata } : {}),
      // The last phase lasts one month; then the schedule is released and the price stays.
      duration: { interval: 'month', interval_count: phase.months ?? 1 },
      // Phases change at renewals, so there is nothing to prorate.
      proration_behavior: 'none',
    };
  });
}

export type IntroPricingResult =
  | { status: 'scheduled' | 'already_scheduled'; scheduleId: string }
  | { status: 'not_needed' | 'subscription_missing' | 'subscription_ended'; scheduleId: null };

function isMissing(error: unknown): boolean {
  const { statusCode, code } = error as { statusCode?: number; code?: string };
  return statusCode === 404 || code === 'resource_missing';
}

function priceOf(subscription: Stripe.Subscription): CurrentPrice | undefined {
  const price = subscription.items.data[0]?.price;
  if (!price) return undefined;
  return {
    id: price.id,
    product: typeof price.product === 'string' ? price.product : price.product.id,
    currency: price.currency,
    unitAmount: price.unit_amount,
  };
}

/** Gives a plan's subscription its billing phases, once; answers what it found or did. */
export async function applyIntroPricing(input: {
  subscriptionId: string;
  plan: PlanId;
}): Promise<IntroPricingResult> {
  if (billingPhases(input.plan).length < 2) return { status: 'not_needed', scheduleId: null };
  const stripe = await stripeClient();
  let subscription: Stripe.Subscription;
  try {
    subscription = await stripe.subscriptions.retrieve(input.subscriptionId);
  } catch (error) {
    // Retrying cannot make a missing subscription appear: record the checkout without phases, loudly.
    if (!isMissing(error)) throw error;
    logger.error('intro pricing: subscription not found', { subscriptionId: input.subscriptionId });
    return { status: 'subscription_missing', scheduleId: null };
  }
  if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
    return { status: 'subscription_ended', scheduleId: null };
  }
  let schedule: Stripe.SubscriptionSchedule;
  if (subscription.schedule) {
    schedule =
      typeof subscription.schedule === 'string'
        ? await stripe.subscriptionSchedules.retrieve(subscription.schedule)
        : subscription.schedule;
    if (schedule.metadata?.[INTRO_PLAN_MARK] === input.plan) {
      return { status: 'already_scheduled', scheduleId: schedule.id };
    }
  } else {
    schedule = await stripe.subscriptionSchedules.create(
      { from_subscription: subscription.id },
      { idempotencyKey: `intro-schedule-${subscription.id}` },
    );
  }
  const current = priceOf(subscription);
  const startDate = schedule.phases[0]?.start_date;
  if (!current || startDate === undefined) {
    throw new Error(`subscription ${subscription.id}: no price or schedule phase to start from`);
  }
  // The first phase keeps the start Stripe gave the schedule: an active phase's start cannot move.
  const phases = introSchedulePhases({
    plan: input.plan,
    startDate,
    current,
    metadata: subscription.metadata ?? {},
  });
  if (!phases) return { status: 'not_needed', scheduleId: null };
  await stripe.subscriptionSchedules.update(
    schedule.id,
    {
      end_behavior: 'release',
      proration_behavior: 'none',
      metadata: { [INTRO_PLAN_MARK]: input.plan, sub: subscription.metadata?.sub ?? '' },
      phases,
    },
    { idempotencyKey: `intro-phases-${schedule.id}` },
  );
  logger.info('intro pricing scheduled', {
    subscriptionId: subscription.id,
    scheduleId: schedule.id,
    plan: input.plan,
  });
  return { status: 'scheduled', scheduleId: schedule.id };
}
