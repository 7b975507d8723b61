import { randomUUID } from 'node:crypto';
import { CreateScheduleCommand } from '@aws-sdk/client-scheduler';
import * as z from 'zod';
import { atExpression, scheduler } from '../aws/scheduler';

/**
 * One-time EventBridge Scheduler schedules that delete a chat attachment: `at(...)` in UTC,
 * ActionAfterCompletion DELETE, target the attachment-cleanup function with {bucket, key}. Every file
 * analysis schedules one, so the client (../aws/scheduler.ts) loads with the function.
 */
const Env = z.object({
  SCHEDULER_ROLE_ARN: z.string().default(''),
  CLEANUP_FUNCTION_ARN: z.string().default(''),
  SCHEDULE_GROUP: z.string().default('default'),
  /** Spec: attachments are removed 60 s after analysis; tests shorten it. */
  ATTACHMENT_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
});

export interface ScheduledDeletion {
  scheduleName: string;
  deleteAt: string;
}

export async function scheduleAttachmentDeletion(
  bucket: string,
  key: string,
  now = new Date(),
): Promise<ScheduledDeletion> {
  const env = Env.parse(process.env);
  if (!env.SCHEDULER_ROLE_ARN || !env.CLEANUP_FUNCTION_ARN) {
    throw new Error(
      'SCHEDULER_ROLE_ARN and CLEANUP_FUNCTION_ARN must be set to schedule attachment deletion',
    );
  }
  // Rounded up to the next whole second: the expression has no fractions and must not fire early.
  const when = new Date(Math.ceil((now.getTime() + env.ATTACHMENT_TTL_SECONDS * 1000) / 1000) * 1000);
  const scheduleName = `attachment-${randomUUID()}`;
  await scheduler.send(
    new CreateScheduleCommand({
      Name: scheduleName,
      GroupName: env.SCHEDULE_GROUP,
      ScheduleExpression: atExpression(when),
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      Description: 'Deletes a chat attachment after its analysis',
      Target: {
        Arn: env.CLEANUP_FUNCTION_ARN,
        RoleArn: env.SCHEDULER_ROLE_ARN,
        Input: JSON.stringify({ bucket, key }),
        RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 3600 },
      },
    }),
  );
  return { scheduleName, deleteAt: when.toISOString() };
}
