import Stripe from 'stripe';
import type { ApiEvent } from '../lambdas/_lib/http';
import coinsBalance from './api/coins-balance.json';
import coinsCreateCheckout from './api/coins-create-checkout.json';
import createCheckout from './api/create-checkout.json';
import createPayment from './api/create-payment.json';
import stripeWebhook from './api/stripe-webhook.json';
import chargeRefundedCoins from './stripe/charge-refunded-coins.json';
import checkoutCompletedCoins from './stripe/checkout-session-completed-coins.json';
import checkoutCompletedPurchase from './stripe/checkout-session-completed-purchase.json';
import checkoutCompletedSubscription from './stripe/checkout-session-completed-subscription.json';
import customerCreated from './stripe/customer-created-unhandled.json';
import subscriptionDeleted from './stripe/customer-subscription-deleted.json';
import subscriptionUpdated from './stripe/customer-subscription-updated.json';
import invoicePaid from './stripe/invoice-paid.json';

/** Builders over the sample events, for tests and local invokes: fresh copies, never the shared JSON. */
const apiEvents = {
  'create-checkout': createCheckout,
  'create-payment': createPayment,
  'coins-create-checkout': coinsCreateCheckout,
  'coins-balance': coinsBalance,
};

export type PaymentsApiEvent = keyof typeof apiEvents;

/** An API Gateway v2 event of a signed-in user (`sub`) calling one payments function. */
export function userApiEvent(
  name: PaymentsApiEvent,
  options: { sub: string; body?: unknown; email?: string },
): ApiEvent {
  const event = structuredClone(apiEvents[name]) as unknown as ApiEvent;
  const claims = event.requestContext.authorizer!.jwt.claims;
  claims.sub = options.sub;
  if (options.email !== undefined) claims.email = options.email;
  if (options.body !== undefined) event.body = JSON.stringify(options.body);
  return event;
}

/** The same call with no signed-in user (what the handler would see if the authorizer were missing). */
export function anonymousApiEvent(name: PaymentsApiEvent, body?: unknown): ApiEvent {
  const event = structuredClone(apiEvents[name]) as unknown as ApiEvent;
  delete event.requestContext.authorizer;
  if (body !== undefined) event.body = JSON.stringify(body);
  return event;
}

const stripeEvents = {
  'checkout.session.completed:coins': checkoutCompletedCoins,
  'checkout.session.completed:purchase': checkoutCompletedPurchase,
  'checkout.session.completed:subscription': checkoutCompletedSubscription,
  'invoice.paid': invoicePaid,
  'customer.subscription.updated': subscriptionUpdated,
  'customer.subscription.deleted': subscriptionDeleted,
  'charge.refunded:coins': chargeRefundedCoins,
  'customer.created': customerCreated,
};

export type StripeSample = keyof typeof stripeEvents;
type Json = Record<string, unknown>;

/**
 * A Stripe event from a sample with a new id, the given user in every `metadata.sub`, and optional
 * changes to `data.object` (shallow merge; `metadata` merged too).
 */
export function stripeSample(
  sample: StripeSample,
  options: { id: string; sub: string; object?: Json; created?: number },
): Json {
  const event = structuredClone(stripeEvents[sample]) as unknown as Json & { data: { object: Json } };
  event.id = options.id;
  if (options.created !== undefined) event.created = options.created;
  const replaceSub = (value: unknown): void => {
    if (!value || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value as Json)) {
      if (key === 'metadata' && child && typeof child === 'object' && 'sub' in child)
        (child as Json).sub = options.sub;
      else if (key === 'client_reference_id') (value as Json)[key] = options.sub;
      else replaceSub(child);
    }
  };
  replaceSub(event.data.object);
  if (options.object) {
    const { metadata, ...rest } = options.object;
    Object.assign(event.data.object, rest);
    if (metadata)
      event.data.object.metadata = { ...(event.data.object.metadata as Json), ...(metadata as Json) };
  }
  return event;
}

/** The webhook request Stripe would send: raw JSON body and its `Stripe-Signature` header. */
export function signedWebhookEvent(
  payload: string,
  secret: string,
  options: { base64?: boolean; timestamp?: number; signature?: string } = {},
): ApiEvent {
  const event = structuredClone(stripeWebhook) as unknown as ApiEvent;
  const signature =
    options.signature ??
    Stripe.webhooks.generateTestHeaderString({
      payload,
      secret,
      ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
    });
  event.headers = { ...event.headers, 'stripe-signature': signature };
  event.body = options.base64 ? Buffer.from(payload).toString('base64') : payload;
  event.isBase64Encoded = options.base64 ?? false;
  return event;
}
