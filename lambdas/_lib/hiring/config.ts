import { z } from 'zod';
import { DEFAULT_COIN_VALUE_BRL, HIRE_DELIVERY_DAYS, HIRE_REVIEW_DAYS } from '../../../shared/hiring';

/**
 * Settings of paid hiring (shared/hiring.ts): what a coin is worth in R$ when a project priced in R$ is
 * hired, and the delivery and review periods (seconds; tests and the local e2e shorten them).
 */
const DAY = 86_400;
const Env = z.object({
  COIN_VALUE_BRL: z.coerce.number().positive().max(1000).default(DEFAULT_COIN_VALUE_BRL),
  HIRE_DELIVERY_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(90 * DAY)
    .default(HIRE_DELIVERY_DAYS * DAY),
  HIRE_REVIEW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(30 * DAY)
    .default(HIRE_REVIEW_DAYS * DAY),
  /** EventBridge Scheduler: the role it assumes and the hire-escrow function it invokes. */
  HIRE_SCHEDULER_ROLE_ARN: z.string().default(''),
  HIRE_ESCROW_FUNCTION_ARN: z.string().default(''),
  SCHEDULE_GROUP: z.string().default('default'),
});
export type HiringConfig = z.infer<typeof Env>;

/** Read on each call: cheap, and tests change the periods between cases. */
export function hiringConfig(): HiringConfig {
  return Env.parse(process.env);
}
