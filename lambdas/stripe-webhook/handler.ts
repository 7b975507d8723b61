import { httpHandler, json, rawBody } from '../_lib/http';
import { stripeSecrets } from '../_lib/payments/config';
import { PaymentsUnavailable } from '../_lib/payments/config';
import { handleStripeEvent, verifyStripeEvent } from '../_lib/payments/webhook';

/**
 * POST /api/webhooks/stripe (public; Stripe signs it). The raw body is verified before anything is
 * parsed: a bad signature is a 400 and nothing is written. Each event then applies exactly once.
 */
export const handler = httpHandler(async (event) => {
  const { webhookSecret } = await stripeSecrets();
  if (!webhookSecret) throw new PaymentsUnavailable('Configure STRIPE_WEBHOOK_SECRET.');
  const signature = event.headers?.['stripe-signature'] ?? event.headers?.['Stripe-Signature'];
  const stripeEvent = verifyStripeEvent(rawBody(event), signature, webhookSecret);
  const outcome = await handleStripeEvent(stripeEvent);
  return json(200, { received: true, outcome });
});
