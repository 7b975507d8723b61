import { logger } from '../logger';
import { hiringConfig } from './config';

/**
 * One-time EventBridge Scheduler schedules that settle a held hire when it is due: the delivery deadline
 * (coins back to the client if nothing was delivered) and the end of the review period (coins to the
 * creator if the client did not accept sooner). The same pattern as attachment deletion
 * (`at(...)` in UTC, ActionAfterCompletion DELETE); the target is the hire-escrow function with
 * {clientId, orderId}; settling twice is harmless (conditional writes). A schedule that cannot be
 * created is logged, not fatal: reading the order settles it too when due (./escrow.ts `settleDue`).
 * The Scheduler SDK loads on the request that schedules (a hire accepted or delivered), not with the
 * orders functions, whose other routes (lists, quotes, downloads, ratings, declines) never call it.
 */
export type SettlementMoment = 'deadline' | 'review';

export async function scheduleSettlement(
  order: { id: string; client_id: string },
  moment: SettlementMoment,
  at: Date,
): Promise<string | undefined> {
  const env = hiringConfig();
  if (!env.HIRE_SCHEDULER_ROLE_ARN || !env.HIRE_ESCROW_FUNCTION_ARN) {
    logger.error('hire settlement not scheduled: HIRE_SCHEDULER_ROLE_ARN / HIRE_ESCROW_FUNCTION_ARN unset', {
      orderId: order.id,
      moment,
    });
    return undefined;
  }
  // Rounded up to the next whole second: the expression has no fractions and must not fire early.
  const when = new Date(Math.ceil(at.getTime() / 1000) * 1000);
  const name = `hire-${order.id}-${moment}`;
  try {
    const [{ CreateScheduleCommand }, { atExpression, scheduler }] = await Promise.all([
      import('@aws-sdk/client-scheduler'),
      import('../aws/scheduler'),
    ]);
    await scheduler.send(
      new CreateScheduleCommand({
        Name: name,
        GroupName: env.SCHEDULE_GROUP,
        ScheduleExpression: atExpression(when),
        ScheduleExpressionTimezone: 'UTC',
        FlexibleTimeWindow: { Mode: 'OFF' },
        ActionAfterCompletion: 'DELETE',
        Description:
          moment === 'deadline'
            ? 'Refunds a hire not delivered in time'
            : 'Releases a hire after its review period',
        Target: {
          Arn: env.HIRE_ESCROW_FUNCTION_ARN,
          RoleArn: env.HIRE_SCHEDULER_ROLE_ARN,
          Input: JSON.stringify({ clientId: order.client_id, orderId: order.id }),
          RetryPolicy: { MaximumRetryAttempts: 185, MaximumEventAgeInSeconds: 86_400 },
        },
      }),
    );
    return name;
  } catch (error) {
    logger.error('hire settlement not scheduled', { error: error as Error, orderId: order.id, moment });
    return undefined;
  }
}
