/**
 * Names of the business metrics (issue 7): emitted by the Lambdas as CloudWatch EMF
 * (lambdas/_lib/metrics.ts) and read by the alarms and dashboard (infra/constructs/observability.ts).
 */
export const METRICS_NAMESPACE = 'FiveD';
export const METRICS_SERVICE = '5d-platform';

export const METRIC = {
  GenerationsStarted: 'GenerationsStarted',
  GenerationsFailed: 'GenerationsFailed',
  CheckoutsCreated: 'CheckoutsCreated',
  WebhookApplied: 'WebhookApplied',
  WebhookDuplicate: 'WebhookDuplicate',
  WebhookSignatureFailed: 'WebhookSignatureFailed',
  /** Signed events that do not match a checkout/subscription the app recorded, or are malformed. */
  WebhookRefused: 'WebhookRefused',
  UploadsCompleted: 'UploadsCompleted',
} as const;
export type MetricName = (typeof METRIC)[keyof typeof METRIC];
