import type Stripe from 'stripe';
import { resolvePlan } from '../../../shared/plans';
import { ledgerLabel } from '../../../shared/i18n/ledger/label';
import { checkoutCompletedUpdate, markCheckoutAwaitingPayment } from '../db/checkouts';
import { creditWallet, newLedgerId, type TransactItem } from '../db/ledger';
import { getProject } from '../db/projects';
import { newOrder, orderPut } from '../db/orders';
import { purchasePut } from '../db/purchases';
import { applyWithMarker, isEventProcessed, stripeEventMarker } from '../db/stripe-events';
import { AppError } from '../errors';
import { logger } from '../logger';
import { fulfilLicence } from '../licensing/fulfil';
import { stripeSignatureValid } from './webhook-signature';
import { releaseExpiredCheckout } from '../licensing/expiry';
import { applyIntroPricing } from './billing-schedule';
import { checkEventShape, refId } from './event-shape';
import { matchCheckout } from './trusted';
import { ignore, ledgerRef, refuse, type EventOutcome } from './webhook-outcome';
import { onChargeRefunded } from './webhook-refunds';
import { onInvoicePaid, onSubscriptionChanged, subscriptionStarted } from './webhook-subscriptions';

export type { EventOutcome } from './webhook-outcome';

export class InvalidSignature extends AppError {
  constructor() {
    super(400, 'INVALID_SIGNATURE');
  }
}

/**
 * Verifies the Stripe-Signature header against the raw body; nothing is parsed before this passes.
 * Then the shape of what we read is checked (a malformed signed event is a 400, never a 500).
 */
export function verifyStripeEvent(
  rawBody: string,
  signature: string | undefined,
  secret: string,
): Stripe.Event {
  // Checked as Stripe documents it (./webhook-signature.ts), without loading Stripe's SDK at cold start.
  if (!signature || !secret || !stripeSignatureValid(rawBody, signature, secret))
    throw new InvalidSignature();
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    throw new InvalidSignature();
  }
  return checkEventShape(parsed);
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

/**
 * Applies one verified event exactly once, and only when it matches what the app recorded
 * (payments/trusted.ts); anything else is `refused`. Unknown types change nothing.
 */
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

// ---------------------------------------------------------------------------------------------------
// checkout.session.completed

async function onCheckoutCompleted(
  event: Stripe.Event,
  eventSession: Stripe.Checkout.Session,
): Promise<EventOutcome> {
  const match = await matchCheckout(eventSession);
  if (!match.ok) return refuse(event, match.why);
  // From here on, what is sold and for how much is our record's (the session carries its values).
  const { sub, record, session } = match.value;
  const metadata = session.metadata ?? {};
  const now = new Date().toISOString();
  // Delayed methods (boleto) complete unpaid; the async_payment_succeeded event fulfils them later.
  if (session.mode !== 'subscription' && session.payment_status === 'unpaid') {
    await markCheckoutAwaitingPayment(sub, session.id, now);
    return ignore(event, 'checkout completed before payment');
  }
  const paymentIntent = refId(session.payment_intent);
  const subscriptionId = refId(session.subscription);
  // One fulfilment per session, whichever event (completed / async succeeded / a replay) arrives.
  const guard = sessionGuard(sub, session.id, paymentIntent, now, subscriptionId);

  switch (record.kind) {
    case 'coins': {
      const coins = Number(record.coins ?? metadata.coins);
      if (!Number.isInteger(coins) || coins <= 0) return refuse(event, 'coins checkout without coins');
      const result = await creditWallet({
        sub,
        amount: coins,
        type: 'credit',
        label: ledgerLabel('coins_purchase', { coins }),
        ref: ledgerRef(event),
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
      const plan = resolvePlan(record.plan ?? metadata.plan ?? '');
      if (!plan) return refuse(event, 'subscription checkout without plan');
      if (await isEventProcessed(event.id)) return 'duplicate';
      // Intro then regular price (billing-schedule.ts); idempotent, so a redelivery repeats only no-ops.
      const intro = subscriptionId ? await applyIntroPricing({ subscriptionId, plan }) : undefined;
      return applyWithMarker(event, [
        guard,
        subscriptionStarted(sub, plan, subscriptionId ?? '', intro?.scheduleId ?? null, now),
      ]);
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// checkout.session.expired / async_payment_failed → release what the checkout reserved (coupon use)

async function onCheckoutAbandoned(
  event: Stripe.Event,
  eventSession: Stripe.Checkout.Session,
): Promise<EventOutcome> {
  // Expiry moves no money but releases what the checkout held: the session must be ours, and the held
  // items (coupon, exclusive) are our record's.
  const match = await matchCheckout(eventSession);
  if (!match.ok) return refuse(event, match.why);
  return releaseExpiredCheckout(event, match.value.session, match.value.sub);
}

function sessionGuard(
  sub: string,
  sessionId: string,
  paymentIntent: string | null,
  now: string,
  subscriptionId: string | null,
): TransactItem {
  const update = checkoutCompletedUpdate(sub, sessionId, paymentIntent, now, subscriptionId).Update!;
  return {
    Update: {
      ...update,
      ConditionExpression: 'attribute_exists(PK) AND #status <> :completed',
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
        kind: 'purchase',
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
      // Without a name the web shows its own word for a purchase, in the reader's language.
      product_name: metadata.productName || '',
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
