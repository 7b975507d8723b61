import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type Stripe from 'stripe';
import { checkoutTier, resolvePlan, toMinorUnits, USD_PER_COIN, type PlanId } from '../../../shared/plans';
import { db } from '../clients';
import { config } from '../config';
import { findCheckouts, getCheckout, type CheckoutRecord } from '../db/checkouts';
import { keys } from '../db/keys';
import { refId } from './event-shape';

/**
 * Stripe events are signed, but what they carry about our side (user, kind, coins, item, amount) is
 * only trusted when it matches what the app recorded before it sent the buyer to Stripe
 * (db/checkouts.ts). Each matcher answers the record to act on, or why the event was refused; the
 * webhook applies only the former, and what it credits or sells comes from the record.
 */
export type Match<T> = { ok: true; value: T } | { ok: false; why: string };

const refuse = (why: string): { ok: false; why: string } => ({ ok: false, why });

/** The user an event names: our metadata first, Checkout's client reference otherwise. */
export function eventUser(
  metadata: Record<string, string> | null | undefined,
  reference?: string | null,
): string {
  return metadata?.sub || reference || '';
}

/** Minor units the checkout must be paid with (records written before the field existed: derived). */
export function recordedMinorAmount(record: CheckoutRecord): number {
  if (typeof record.amount_minor === 'number') return record.amount_minor;
  return toMinorUnits(record.kind === 'coins' ? record.amount * USD_PER_COIN : record.amount);
}

export function recordedCurrency(record: CheckoutRecord): string {
  return record.currency ?? (record.kind === 'purchase' ? 'brl' : 'usd');
}

/** The metadata the app put on the session; for older records, the event's, checked field by field. */
function recordedMetadata(
  record: CheckoutRecord,
  sent: Record<string, string>,
): Match<Record<string, string>> {
  if (record.metadata) {
    for (const [key, value] of Object.entries(sent)) {
      if (key in record.metadata && record.metadata[key] !== value) return refuse(`metadata.${key} differs`);
    }
    return { ok: true, value: { ...record.metadata } };
  }
  const legacy: [string, string | undefined][] = [
    ['coins', record.coins === undefined ? undefined : String(record.coins)],
    ['plan', record.plan],
    ['projectId', record.project_id],
  ];
  for (const [key, value] of legacy) {
    if (value !== undefined && sent[key] !== value) return refuse(`metadata.${key} differs`);
  }
  return { ok: true, value: { ...sent } };
}

export interface TrustedCheckout {
  record: CheckoutRecord;
  sub: string;
  /** The event's session with our record's metadata, amount and currency in place of its own. */
  session: Stripe.Checkout.Session;
}

/**
 * A checkout event applies only to a session this app created for this user, of the recorded kind,
 * paid with exactly the recorded amount and currency.
 */
export async function matchCheckout(session: Stripe.Checkout.Session): Promise<Match<TrustedCheckout>> {
  const sent = session.metadata ?? {};
  const sub = eventUser(sent, session.client_reference_id);
  if (!sub) return refuse('checkout without user');
  const record = await getCheckout(sub, session.id, true);
  if (!record || record.sub !== sub) return refuse('no checkout recorded for this session and user');
  if (session.client_reference_id && session.client_reference_id !== record.sub)
    return refuse('client_reference_id differs');
  if (sent.kind && sent.kind !== record.kind) return refuse('kind differs');
  if ((session.mode === 'subscription') !== (record.kind === 'subscription')) return refuse('mode differs');
  if (session.amount_total !== recordedMinorAmount(record)) return refuse('amount differs');
  if ((session.currency ?? '').toLowerCase() !== recordedCurrency(record)) return refuse('currency differs');
  const metadata = recordedMetadata(record, sent);
  if (!metadata.ok) return metadata;
  return {
    ok: true,
    value: {
      record,
      sub,
      session: {
        ...session,
        metadata: { ...metadata.value, sub, kind: record.kind },
        amount_total: recordedMinorAmount(record),
        currency: recordedCurrency(record),
      },
    },
  };
}

export interface TrustedSubscription {
  plan: PlanId;
}

/**
 * An invoice or subscription event applies to a subscription we know for this user: the one recorded
 * with that Stripe id, or — events arrive in any order — one being bought right now through a
 * subscription checkout of the same plan that has not completed yet.
 */
export async function matchSubscription(
  sub: string,
  planName: string,
  subscriptionId: string | null,
): Promise<Match<TrustedSubscription>> {
  const plan = resolvePlan(planName);
  if (!sub || !plan) return refuse('subscription without user or plan');
  if (!subscriptionId) return refuse('event without subscription id');
  const { Item } = await db.send(
    new GetCommand({
      TableName: config.TABLE_NAME,
      Key: { PK: keys.user(sub), SK: keys.subscription(checkoutTier(plan) ?? plan) },
      ConsistentRead: true,
    }),
  );
  if (Item?.stripe_subscription_id === subscriptionId) {
    return Item.plan === plan ? { ok: true, value: { plan } } : refuse('plan differs');
  }
  const checkouts = await findCheckouts(sub, {
    expression:
      '#kind = :subscription AND (subscription_id = :sid OR (#plan = :plan AND #status IN (:open, :awaiting)))',
    names: { '#kind': 'kind', '#plan': 'plan', '#status': 'status' },
    values: {
      ':subscription': 'subscription',
      ':sid': subscriptionId,
      ':plan': plan,
      ':open': 'open',
      ':awaiting': 'awaiting_payment',
    },
  });
  const known = checkouts.find((record) => record.subscription_id === subscriptionId);
  if (known) return known.plan === plan ? { ok: true, value: { plan } } : refuse('plan differs');
  return checkouts.length > 0
    ? { ok: true, value: { plan } }
    : refuse('no subscription recorded for this user');
}

export interface TrustedCharge {
  record: CheckoutRecord;
  sub: string;
}

/** A refund applies to a checkout we completed for this user with that payment, of the same amount. */
export async function matchCharge(charge: Stripe.Charge): Promise<Match<TrustedCharge>> {
  const sub = eventUser(charge.metadata);
  const paymentIntent = refId(charge.payment_intent);
  if (!sub) return refuse('charge without user');
  if (!paymentIntent) return refuse('charge without payment intent');
  const [record] = await findCheckouts(sub, {
    expression: 'payment_intent = :pi AND #status = :completed',
    names: { '#status': 'status' },
    values: { ':pi': paymentIntent, ':completed': 'completed' },
  });
  if (!record) return refuse('no completed checkout recorded for this payment');
  if (charge.amount !== recordedMinorAmount(record)) return refuse('amount differs');
  if ((charge.currency ?? recordedCurrency(record)).toLowerCase() !== recordedCurrency(record))
    return refuse('currency differs');
  return { ok: true, value: { record, sub } };
}
