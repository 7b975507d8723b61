import { recordCheckout, type CheckoutKind, type CheckoutRecord } from '../../lambdas/_lib/db/checkouts';
import { resolvePlan } from '../../shared/plans';

/**
 * The webhook applies an event only when it matches a checkout the app recorded before redirecting to
 * Stripe (lambdas/_lib/payments/trusted.ts). Tests that deliver sample events without going through
 * create-checkout first record what the app would have recorded, with these.
 */
type Json = Record<string, unknown>;

function objectOf(event: Json): Json {
  return (event.data as { object: Json }).object;
}

/** What startCheckout records for the session of a `checkout.session.*` sample event. */
export async function recordSessionOf(
  event: Json,
  overrides: Partial<CheckoutRecord> = {},
): Promise<CheckoutRecord> {
  const session = objectOf(event);
  const metadata = { ...(session.metadata as Record<string, string>) };
  const kind = metadata.kind as CheckoutKind;
  const minor = Number(session.amount_total);
  const amount = kind === 'coins' ? Number(metadata.coins) : minor / 100;
  const record: CheckoutRecord = {
    id: String(session.id),
    sub: metadata.sub!,
    kind,
    status: 'open',
    amount,
    amount_minor: minor,
    currency: String(session.currency) as 'usd' | 'brl',
    metadata,
    description: 'test checkout',
    created_at: new Date().toISOString(),
    ...(kind === 'coins' ? { coins: Number(metadata.coins) } : {}),
    ...(metadata.plan ? { plan: resolvePlan(metadata.plan) ?? metadata.plan } : {}),
    ...(metadata.projectId ? { project_id: metadata.projectId } : {}),
    ...overrides,
  };
  await recordCheckout(record);
  return record;
}

/** A subscription checkout the user opened for `plan` (what invoice / subscription events match). */
export async function recordSubscriptionCheckout(
  sub: string,
  plan: string,
  options: { sessionId?: string; subscriptionId?: string; status?: CheckoutRecord['status'] } = {},
): Promise<void> {
  const planId = resolvePlan(plan) ?? plan;
  await recordCheckout({
    id: options.sessionId ?? `cs_test_sub_${sub}_${planId}`,
    sub,
    kind: 'subscription',
    status: options.status ?? 'open',
    amount: 0,
    amount_minor: 0,
    currency: 'usd',
    metadata: { sub, kind: 'subscription', plan: planId },
    description: 'test subscription checkout',
    created_at: new Date().toISOString(),
    plan: planId,
    ...(options.subscriptionId ? { subscription_id: options.subscriptionId } : {}),
  });
}

/** The completed coins checkout a `charge.refunded` sample refunds (same payment intent and amount). */
export async function recordPaidCoinsCheckoutOf(chargeEvent: Json): Promise<void> {
  const charge = objectOf(chargeEvent);
  const metadata = charge.metadata as Record<string, string>;
  await recordCheckout({
    id: `cs_test_paid_${String(charge.id)}`,
    sub: metadata.sub!,
    kind: 'coins',
    status: 'completed',
    amount: Number(metadata.coins),
    amount_minor: Number(charge.amount),
    currency: String(charge.currency ?? 'usd') as 'usd',
    metadata: { sub: metadata.sub!, kind: 'coins', coins: metadata.coins! },
    description: 'test coins checkout',
    created_at: new Date().toISOString(),
    coins: Number(metadata.coins),
    payment_intent: String(charge.payment_intent),
  });
}
