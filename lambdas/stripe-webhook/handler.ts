import { httpHandler, json, rawBody } from '../_lib/http';
import { stripeSecrets } from '../_lib/payments/config';
import { PaymentsUnavailable } from '../_lib/payments/config';
import { countMetric, METRIC } from '../_lib/metrics';
import { logger } from '../_lib/logger';
import { MalformedEvent } from '../_lib/payments/event-shape';
import { handleStripeEvent, verifyStripeEvent, type EventOutcome } from '../_lib/payments/webhook';

/**
 * POST /api/webhooks/stripe (public; Stripe signs it). The raw body is verified before anything is
 * parsed: a bad signature is a 400 and nothing is written; so is a signed event of the wrong shape.
 * Each event then applies exactly once, and only when it matches what the app recorded; an event that
 * does not is answered 200 `refused` (Stripe must not retry it), logged and counted for the alarm.
 */
export const handler = httpHandler(async (event) => {
  const { webhookSecret } = await stripeSecrets();
  if (!webhookSecret) throw new PaymentsUnavailable('Configure STRIPE_WEBHOOK_SECRET.');
  const signature = event.headers?.['stripe-signature'] ?? event.headers?.['Stripe-Signature'];
  let stripeEvent;
  try {
    stripeEvent = verifyStripeEvent(rawBody(event), signature, webhookSecret);
  } catch (error) {
    if (error instanceof MalformedEvent) {
      logger.warn('stripe event refused', { eventId: error.eventId, why: error.why });
      countMetric(METRIC.WebhookRefused);
    } else countMetric(METRIC.WebhookSignatureFailed);
    throw error;
  }
  const outcome = await handleStripeEvent(stripeEvent);
  const metric = OUTCOME_METRIC[outcome];
  if (metric) countMetric(metric);
  return json(200, { received: true, outcome });
});

/** Webhook outcomes counted as metrics (alarms watch refusals and signature failures). */
const OUTCOME_METRIC: Partial<Record<EventOutcome, (typeof METRIC)[keyof typeof METRIC]>> = {
  applied: METRIC.WebhookApplied,
  duplicate: METRIC.WebhookDuplicate,
  refused: METRIC.WebhookRefused,
};
