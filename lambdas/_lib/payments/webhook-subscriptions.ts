import type Stripe from 'stripe';
import { checkoutTier, subscriptionCoins, type PlanId } from '../../../shared/plans';
import { ledgerLabel } from '../../../shared/i18n/ledger/label';
import { config } from '../config';
import { keys } from '../db/keys';
import { creditWallet, type TransactItem } from '../db/ledger';
import { applyWithMarker, stripeEventMarker } from '../db/stripe-events';
import { subscriptionUpsert } from '../db/subscriptions';
import { refId } from './event-shape';
import { matchSubscription, eventUser } from './trusted';
import { ledgerRef, refuse, type EventOutcome } from './webhook-outcome';

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

/** The subscription an invoice bills, wherever the API version puts it. */
function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  const fromParent = refId(invoice.parent?.subscription_details?.subscription);
  if (fromParent) return fromParent;
  const fromLine = invoice.lines?.data?.find((line) => line.parent?.subscription_item_details?.subscription)
    ?.parent?.subscription_item_details?.subscription;
  if (fromLine) return fromLine;
  return refId((invoice as unknown as { subscription?: string | { id: string } | null }).subscription);
}

export async function onInvoicePaid(event: Stripe.Event, invoice: Stripe.Invoice): Promise<EventOutcome> {
  const metadata = invoiceMetadata(invoice);
  const sub = eventUser(metadata);
  const match = await matchSubscription(sub, metadata.plan ?? '', invoiceSubscription(invoice));
  if (!match.ok) return refuse(event, match.why);
  const { plan } = match.value;
  const coins = subscriptionCoins(plan);
  const result = await creditWallet({
    sub,
    amount: coins,
    type: 'subscription_credit',
    label: ledgerLabel('plan_allowance', { plan, coins }),
    ref: ledgerRef(event),
    marker: stripeEventMarker(event),
  });
  return result.status;
}

// ---------------------------------------------------------------------------------------------------
// customer.subscription.* → status and period

function isoFromUnix(seconds: number | null | undefined): string | null {
  return typeof seconds === 'number' && seconds > 0 ? new Date(seconds * 1000).toISOString() : null;
}

export async function onSubscriptionChanged(
  event: Stripe.Event,
  subscription: Stripe.Subscription,
): Promise<EventOutcome> {
  const metadata = subscription.metadata ?? {};
  const sub = eventUser(metadata);
  const match = await matchSubscription(sub, metadata.plan ?? '', subscription.id);
  if (!match.ok) return refuse(event, match.why);
  const { plan } = match.value;
  // Periods live on the subscription items in current API versions (top level in older ones).
  const item = subscription.items?.data?.[0];
  const legacy = subscription as unknown as { current_period_start?: number; current_period_end?: number };
  return applyWithMarker(event, [
    subscriptionUpsert({
      sub,
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
}

/** The subscription exists from checkout on; its status and period come from the subscription events. */
export function subscriptionStarted(
  sub: string,
  plan: PlanId,
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
