import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { OneTimeScheduler } from './one-time-scheduler';

export interface AttachmentDeletionSchedulerProps {
  /** The attachment-cleanup function the schedules invoke. */
  readonly target: lambda.IFunction;
}

/**
 * One-time EventBridge Scheduler schedules that delete chat attachments (docs/architecture.md: Pipelines):
 * `attachment-*` schedules invoking attachment-cleanup (./one-time-scheduler.ts).
 */
export class AttachmentDeletionScheduler extends OneTimeScheduler {
  constructor(scope: Construct, id: string, props: AttachmentDeletionSchedulerProps) {
    super(scope, id, {
      target: props.target,
      namePrefix: 'attachment-',
      purpose: 'invoke attachment-cleanup',
      roleVariable: 'SCHEDULER_ROLE_ARN',
      targetVariable: 'CLEANUP_FUNCTION_ARN',
    });
  }
}
