import { httpHandler, json, rawBody } from '../_lib/http';
import { stripeSecrets } from '../_lib/payments/config';
import { PaymentsUnavailable } from '../_lib/payments/config';
import { countMetric, METRIC } from '../_lib/metrics';
import { handleStripeEvent, verifyStripeEvent, type EventOutcome } from '../_lib/payments/webhook';

/**
 * POST /api/webhooks/stripe (public; Stripe signs it). The raw body is verified before anything is
 * parsed: a bad signature is a 400 and nothing is written. Each event then applies exactly once.
 */
export const handler = httpHandler(async (event) => {
  const { webhookSecret } = await stripeSecrets();
  if (!webhookSecret) throw new PaymentsUnavailable('Configure STRIPE_WEBHOOK_SECRET.');
  const signature = event.headers?.['stripe-signature'] ?? event.headers?.['Stripe-Signature'];
  let stripeEvent;
  try {
    stripeEvent = verifyStripeEvent(rawBody(event), signature, webhookSecret);
  } catch (error) {
    countMetric(METRIC.WebhookSignatureFailed);
    throw error;
  }
  const outcome = await handleStripeEvent(stripeEvent);
  const metric = OUTCOME_METRIC[outcome];
  if (metric) countMetric(metric);
  return json(200, { received: true, outcome });
});

/** Webhook outcomes counted as metrics (the alarms watch signature failures; the dashboard shows all). */
const OUTCOME_METRIC: Partial<Record<EventOutcome, (typeof METRIC)[keyof typeof METRIC]>> = {
  applied: METRIC.WebhookApplied,
  duplicate: METRIC.WebhookDuplicate,
};
