import { SchedulerClient } from '@aws-sdk/client-scheduler';
import { config } from '../config';

/**
 * The EventBridge Scheduler client (one-time `at(...)` schedules), once per container; see ./dynamodb.ts.
 * Locally AWS_ENDPOINT_URL_SCHEDULER points it at infra/local/scheduler.ts.
 */
export const scheduler = new SchedulerClient({ region: config.AWS_REGION });

/** `at(yyyy-mm-ddThh:mm:ss)` of a UTC instant (whole seconds). */
export function atExpression(when: Date): string {
  return `at(${when.toISOString().slice(0, 19)})`;
}
