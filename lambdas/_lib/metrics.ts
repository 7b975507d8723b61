import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { METRICS_NAMESPACE, METRICS_SERVICE, type MetricName } from '../../shared/observability';
import { config } from './config';

export { METRIC, type MetricName } from '../../shared/observability';

/**
 * Business metrics (issue 7), published with Powertools Metrics as CloudWatch Embedded Metric Format:
 * one EMF line on stdout per emission, which Lambda's log pipeline turns into a metric in the `FiveD`
 * namespace with the `service` dimension. Names live in shared/observability.ts, which the alarms and
 * dashboard in infra/constructs/observability.ts read too.
 *
 * Locally (STAGE=local) nothing is printed (the twin has no CloudWatch and the test output stays
 * readable); the counts are kept in memory instead, where tests can read them (`localMetricCounts`).
 * POWERTOOLS_METRICS_DISABLED=false forces EMF output locally too.
 */
export const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: METRICS_SERVICE });

const local = new Map<MetricName, number>();

/** Emits one count now (a single-metric EMF document), independent of any flush middleware. */
export function countMetric(name: MetricName, value = 1): void {
  if (config.STAGE === 'local' && process.env.POWERTOOLS_METRICS_DISABLED !== 'false') {
    local.set(name, (local.get(name) ?? 0) + value);
    return;
  }
  // A single-metric instance publishes on addMetric.
  metrics.singleMetric().addMetric(name, MetricUnit.Count, value);
}

/** What this process counted while STAGE=local. */
export function localMetricCounts(): Readonly<Record<string, number>> {
  return Object.fromEntries(local);
}
