import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { PLANS, checkoutTier, resolvePlan, subscriptionCoins } from '../../../shared/plans';
import { db } from '../clients';
import { config } from '../config';
import { checkoutCompletedUpdate } from '../db/checkouts';
import { keys } from '../db/keys';
import { creditWallet, debitWallet, newLedgerId, type TransactItem } from '../db/ledger';
import { getProject } from '../db/projects';
import { newOrder, orderPut } from '../db/orders';
import { purchasePut, purchaseRefundedUpdate } from '../db/purchases';
import { applyWithMarker, markEventProcessed, stripeEventMarker } from '../db/stripe-events';
import { subscriptionUpsert } from '../db/subscriptions';
import { AppError } from '../errors';
import { logger } from '../logger';
import { fulfilLicence } from '../licensing/fulfil';
import { applyIntroPricing } from './billing-schedule';
import { releaseExpiredCheckout } from '../licensing/expiry';

/** What became of one delivered event; logged and returned to Stripe. */
export type EventOutcome = 'applied' | 'duplicate' | 'stale' | 'ignored' | 'unhandled';

export class InvalidSignature extends AppError {
  constructor() {
    super(400, 'INVALID_SIGNATURE');
  }
}

/** Verifies the Stripe-Signature header against the raw body; nothing is parsed before this passes. */
export function verifyStripeEvent(
  rawBody: string,
  signature: string | undefined,
  secret: string,
): Stripe.Event {
  if (!signature || !secret) throw new InvalidSignature();
  try {
    return Stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new InvalidSignature();
  }
}

export const HANDLED_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.expired',
  'checkout.session.async_payment_failed',
  'invoice.paid',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'charge.refunded',
] as const;

/** Applies one verified event exactly once. Unknown types change nothing. */
export async function handleStripeEvent(event: Stripe.Event): Promise<EventOutcome> {
  let outcome: EventOutcome;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      outcome = await onCheckoutCompleted(event, event.data.object);
      break;
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed':
      outcome = await onCheckoutAbandoned(event, event.data.object);
      break;
    case 'invoice.paid':
      outcome = await onInvoicePaid(event, event.data.object);
      break;
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      outcome = await onSubscriptionChanged(event, event.data.object);
      break;
    case 'charge.refunded':
      outcome = await onChargeRefunded(event, event.data.object);
      break;
    default:
      outcome = 'unhandled';
  }
  logger.info('stripe event', { eventId: event.id, eventType: event.type, outcome });
  return outcome;
}

function ref(event: Stripe.Event): string {
  return `stripe:${event.id}`;
}

async function ignore(event: Stripe.Event, why: string): Promise<EventOutcome> {
  logger.warn('stripe event ignored', { eventId: event.id, eventType: event.type, why });
  return (await markEventProcessed(event)) === 'applied' ? 'ignored' : 'duplicate';
}

// ---------------------------------------------------------------------------------------------------
// checkout.session.completed

async function onCheckoutCompleted(
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
): Promise<EventOutcome> {
  const metadata = session.metadata ?? {};
  const sub = metadata.sub || session.client_reference_id || '';
  if (!sub) return ignore(event, 'checkout without user');
  // Delayed methods (boleto) complete unpaid; the async_payment_succeeded event fulfils them later.
  if (session.mode !== 'subscription' && session.payment_status === 'unpaid') {
    return ignore(event, 'checkout completed before payment');
  }
  const now = new Date().toISOString();
  const paymentIntent =
    typeof session.payment_intent === 'string'
      ? session.payment_intent
      : (session.payment_intent?.id ?? null);
  // One fulfilment per session, whichever event (completed / async succeeded / a replay) arrives.
  const guard = sessionGuard(sub, session.id, paymentIntent, now);

  switch (metadata.kind) {
    case 'coins': {
      const coins = Number(metadata.coins);
      if (!Number.isInteger(coins) || coins <= 0) return ignore(event, 'coins checkout without coins');
      const result = await creditWallet({
        sub,
        amount: coins,
        type: 'credit',
        description: `Compra de ${coins} 5D Coins`,
        ref: ref(event),
        marker: stripeEventMarker(event),
        extra: [guard],
        now,
      });
      return result.status;
    }
    case 'purchase':
      // Beat licences (issue 8): tier, coupon, exclusive sale and the agreement PDF.
      if (metadata.tier) {
        const licence = await fulfilLicence(event, session, sub, paymentIntent, guard, now);
        return licence === 'refunded_conflict' ? 'applied' : licence === 'stale' ? 'duplicate' : licence;
      }
      return fulfilPurchase(event, session, sub, paymentIntent, guard, now);
    case 'subscription': {
      const plan = resolvePlan(metadata.plan ?? '');
      if (!plan) return ignore(event, 'subscription checkout without plan');
      const subscriptionId =
        typeof session.subscription === 'string' ? session.subscription : (session.subscription?.id ?? '');
      if (await eventProcessed(event.id)) return 'duplicate';
      // Intro then regular price (billing-schedule.ts); idempotent, so a redelivery repeats only no-ops.
      const intro = subscriptionId ? await applyIntroPricing({ subscriptionId, plan }) : undefined;
      return applyWithMarker(event, [
        guard,
        subscriptionStarted(sub, plan, subscriptionId, intro?.scheduleId ?? null, now),
      ]);
    }
    default:
      return ignore(event, `checkout of unknown kind '${metadata.kind ?? ''}'`);
  }
}

// ---------------------------------------------------------------------------------------------------
// checkout.session.expired / async_payment_failed → release what the checkout reserved (coupon use)

async function onCheckoutAbandoned(
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
): Promise<EventOutcome> {
  const sub = session.metadata?.sub || session.client_reference_id || '';
  if (!sub) return ignore(event, 'abandoned checkout without user');
  return releaseExpiredCheckout(event, session, sub);
}

function sessionGuard(
  sub: string,
  sessionId: string,
  paymentIntent: string | null,
  now: string,
): TransactItem {
  const update = checkoutCompletedUpdate(sub, sessionId, paymentIntent, now).Update!;
  return {
    Update: {
      ...update,
      ConditionExpression: 'attribute_not_exists(#status) OR #status <> :completed',
    },
  };
}

/** The subscription exists from checkout on; its status and period come from the subscription events. */
function subscriptionStarted(
  sub: string,
  plan: keyof typeof PLANS,
  subscriptionId: string,
  scheduleId: string | null,
  now: string,
): TransactItem {
  const productId = checkoutTier(plan) ?? plan;
  return {
    Update: {
      TableName: config.TABLE_NAME,
      Key: { PK: keys.user(sub), SK: keys.subscription(productId) },
      UpdateExpression:
        'SET #type = :type, client_id = :client, product_id = :product, #plan = :plan, ' +
        'stripe_subscription_id = if_not_exists(stripe_subscription_id, :sid), ' +
        (scheduleId ? 'stripe_schedule_id = :schedule, ' : '') +
        '#status = if_not_exists(#status, :active), created_at = if_not_exists(created_at, :now), ' +
        'current_period_start = if_not_exists(current_period_start, :null), ' +
        'current_period_end = if_not_exists(current_period_end, :null), updated_at = :now',
      ExpressionAttributeNames: { '#type': 'type', '#plan': 'plan', '#status': 'status' },
      ExpressionAttributeValues: {
        ':type': 'subscription',
        ':client': sub,
        ':product': productId,
        ':plan': plan,
        ':sid': subscriptionId,
        ':active': 'active',
        ':now': now,
        ':null': null,
        ...(scheduleId ? { ':schedule': scheduleId } : {}),
      },
    },
  };
}

async function fulfilPurchase(
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
  sub: string,
  paymentIntent: string | null,
  guard: TransactItem,
  now: string,
): Promise<EventOutcome> {
  const metadata = session.metadata ?? {};
  const amount = (session.amount_total ?? 0) / 100;
  const purchaseId = newLedgerId();
  const records: TransactItem[] = [guard];
  let orderId: string | undefined;
  const projectId = metadata.projectId || undefined;
  if (projectId) {
    const project = await getProject(projectId);
    if (project) {
      // The marketplace's own order value and item (lambdas/_lib/db/orders.ts), marked as paid here.
      const order = newOrder({
        clientId: sub,
        creatorId: project.creator_id,
        projectId: project.id,
        projectTitle: project.title,
        amount,
        createdAt: now,
      });
      orderId = order.id;
      const put = orderPut(order);
      records.push({ Put: { ...put, Item: { ...put.Item, paid: true, purchase_id: purchaseId } } });
    } else {
      logger.warn('paid purchase of a missing project', { eventId: event.id, projectId });
    }
  }
  records.push(
    purchasePut({
      id: purchaseId,
      client_id: sub,
      created_at: now,
      amount,
      currency: session.currency ?? 'brl',
      status: 'completed',
      product_name: metadata.productName || 'Compra 5D',
      ...(projectId ? { project_id: projectId } : {}),
      ...(orderId ? { order_id: orderId } : {}),
      checkout_session_id: session.id,
      payment_intent: paymentIntent,
    }),
  );
  const outcome = await applyWithMarker(event, records);
  // The session guard failing means this session was fulfilled by an earlier event.
  return outcome === 'stale' ? 'duplicate' : outcome;
}

// ---------------------------------------------------------------------------------------------------
// invoice.paid → the plan's monthly coins

function invoiceMetadata(invoice: Stripe.Invoice): Record<string, string> {
  const fromParent = invoice.parent?.subscription_details?.metadata;
  if (fromParent?.sub) return fromParent;
  const fromLine = invoice.lines?.data?.find((line) => line.metadata?.sub)?.metadata;
  if (fromLine) return fromLine;
  // Endpoints pinned to an API version before 2025-03 receive `subscription_details` at the top level.
  const legacy = (invoice as unknown as { subscription_details?: { metadata?: Record<string, string> } })
    .subscription_details?.metadata;
  if (legacy?.sub) return legacy;
  return invoice.metadata ?? {};
}

async function onInvoicePaid(event: Stripe.Event, invoice: Stripe.Invoice): Promise<EventOutcome> {
  const metadata = invoiceMetadata(invoice);
  const plan = resolvePlan(metadata.plan ?? '');
  if (!metadata.sub || !plan) return ignore(event, 'invoice without user or plan');
  const coins = subscriptionCoins(plan);
  const result = await creditWallet({
    sub: metadata.sub,
    amount: coins,
    type: 'subscription_credit',
    description: `Assinatura ${PLANS[plan].name}: ${coins} 5D Coins do mês`,
    ref: ref(event),
    marker: stripeEventMarker(event),
  });
  return result.status;
}

// ---------------------------------------------------------------------------------------------------
// customer.subscription.* → status and period

function isoFromUnix(seconds: number | null | undefined): string | null {
  return typeof seconds === 'number' && seconds > 0 ? new Date(seconds * 1000).toISOString() : null;
}

async function onSubscriptionChanged(
  event: Stripe.Event,
  subscription: Stripe.Subscription,
): Promise<EventOutcome> {
  const metadata = subscription.metadata ?? {};
  const plan = resolvePlan(metadata.plan ?? '');
  if (!metadata.sub || !plan) return ignore(event, 'subscription without user or plan');
  // Periods live on the subscription items in current API versions (top level in older ones).
  const item = subscription.items?.data?.[0];
  const legacy = subscription as unknown as { current_period_start?: number; current_period_end?: number };
  const outcome = await applyWithMarker(event, [
    subscriptionUpsert({
      sub: metadata.sub,
      productId: checkoutTier(plan) ?? plan,
      plan,
      status: event.type === 'customer.subscription.deleted' ? 'canceled' : subscription.status,
      stripeSubscriptionId: subscription.id,
      currentPeriodStart: isoFromUnix(item?.current_period_start ?? legacy.current_period_start),
      currentPeriodEnd: isoFromUnix(item?.current_period_end ?? legacy.current_period_end),
      eventCreated: event.created,
      now: new Date().toISOString(),
    }),
  ]);
  return outcome;
}

// ---------------------------------------------------------------------------------------------------
// charge.refunded → debit the refunded coins / mark the purchase refunded

async function eventProcessed(eventId: string): Promise<boolean> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: config.TABLE_NAME,
      Key: { PK: keys.stripeEvent(eventId), SK: keys.stripeEventMarker() },
      ConsistentRead: true,
    }),
  );
  return Item !== undefined;
}

async function onChargeRefunded(event: Stripe.Event, charge: Stripe.Charge): Promise<EventOutcome> {
  const metadata = charge.metadata ?? {};
  if (!metadata.sub) return ignore(event, 'charge without user');
  if (metadata.kind === 'purchase') return refundPurchase(event, charge, metadata.sub);
  if (metadata.kind !== 'coins') return ignore(event, `refund of unknown kind '${metadata.kind ?? ''}'`);
  const coins = Number(metadata.coins);
  if (!Number.isInteger(coins) || coins <= 0 || charge.amount <= 0)
    return ignore(event, 'refund without coins');
  // Partial refunds arrive as several events with a growing amount_refunded: debit only the difference.
  const refundedCoins = Math.min(coins, Math.round((coins * charge.amount_refunded) / charge.amount));
  const key = { PK: keys.user(metadata.sub), SK: keys.chargeRefund(charge.id) };
  for (let attempt = 0; attempt < 5; attempt++) {
    const { Item } = await db.send(
      new GetCommand({ TableName: config.TABLE_NAME, Key: key, ConsistentRead: true }),
    );
    const debited = Number(Item?.debited ?? 0);
    const delta = refundedCoins - debited;
    if (delta <= 0) return ignore(event, 'refund already debited');
    const result = await debitWallet({
      sub: metadata.sub,
      amount: -delta,
      description: `Reembolso: ${delta} 5D Coins estornadas`,
      ref: ref(event),
      marker: stripeEventMarker(event),
      extra: [
        {
          Update: {
            TableName: config.TABLE_NAME,
            Key: key,
            UpdateExpression: 'SET #type = :type, debited = :total, updated_at = :now',
            ConditionExpression: 'attribute_not_exists(debited) OR debited = :prev',
            ExpressionAttributeNames: { '#type': 'type' },
            ExpressionAttributeValues: {
              ':type': 'charge_refund',
              ':total': refundedCoins,
              ':prev': debited,
              ':now': new Date().toISOString(),
            },
          },
        },
      ],
    });
    if (result.status === 'applied') return 'applied';
    // Either this event was processed, or another refund event of the same charge moved first: re-read.
    if (await eventProcessed(event.id)) return 'duplicate';
  }
  throw new Error(`charge ${charge.id}: refund debit kept conflicting`);
}

async function refundPurchase(
  event: Stripe.Event,
  charge: Stripe.Charge,
  sub: string,
): Promise<EventOutcome> {
  if (!charge.refunded) return ignore(event, 'partial refund of a purchase');
  const paymentIntent =
    typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  // A user's purchases form one small partition; the payment intent identifies the one refunded.
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: config.TABLE_NAME,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        FilterExpression: 'payment_intent = :pi',
        ExpressionAttributeValues: {
          ':pk': keys.user(sub),
          ':p': keys.purchase(''),
          ':pi': paymentIntent ?? '-',
        },
        ExclusiveStartKey: start,
      }),
    );
    const found = page.Items?.[0];
    if (found) {
      return applyWithMarker(event, [
        purchaseRefundedUpdate(sub, String(found.id), new Date().toISOString()),
      ]);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return ignore(event, 'refunded purchase not found');
}
