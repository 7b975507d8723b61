import { ArnFormat, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { acknowledgeWildcardResources } from './nag';

export interface AttachmentDeletionSchedulerProps {
  /** The attachment-cleanup function the schedules invoke. */
  readonly target: lambda.IFunction;
}

/**
 * One-time EventBridge Scheduler schedules that delete chat attachments (ARCHITECTURE.md: Pipelines).
 * The role Scheduler assumes may do exactly one thing: invoke the cleanup function. Functions allowed
 * to schedule get `scheduler:CreateSchedule` on `attachment-*` schedules of the default group and may
 * pass only this role, only to Scheduler.
 */
export class AttachmentDeletionScheduler extends Construct {
  public readonly role: iam.Role;
  public readonly scheduleArnPattern: string;

  constructor(
    scope: Construct,
    id: string,
    private readonly props: AttachmentDeletionSchedulerProps,
  ) {
    super(scope, id);
    const stack = Stack.of(this);
    this.role = new iam.Role(this, 'InvokeRole', {
      description: 'Assumed by EventBridge Scheduler to invoke attachment-cleanup',
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
      }),
      inlinePolicies: {
        InvokeAttachmentCleanup: new iam.PolicyDocument({
          statements: [
            new iam.PolicyStatement({
              actions: ['lambda:InvokeFunction'],
              resources: [props.target.functionArn],
            }),
          ],
        }),
      },
    });
    this.scheduleArnPattern = stack.formatArn({
      service: 'scheduler',
      resource: 'schedule',
      resourceName: 'default/attachment-*',
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });
  }

  /** Lets `fn` create the deletion schedules and tells it the role and target ARNs. */
  public allowScheduling(id: string, fn: lambda.Function): void {
    fn.addEnvironment('SCHEDULER_ROLE_ARN', this.role.roleArn);
    fn.addEnvironment('CLEANUP_FUNCTION_ARN', this.props.target.functionArn);
    if (!fn.role) throw new Error('A scheduling function needs an execution role');
    const policy = new iam.Policy(this, `Scheduling-${id}`, {
      roles: [fn.role],
      statements: [
        new iam.PolicyStatement({
          actions: ['scheduler:CreateSchedule'],
          resources: [this.scheduleArnPattern],
        }),
        new iam.PolicyStatement({
          actions: ['iam:PassRole'],
          resources: [this.role.roleArn],
          conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
        }),
      ],
    });
    acknowledgeWildcardResources(
      this,
      policy,
      () => [this.scheduleArnPattern],
      'Schedule names are generated per attachment (attachment-<uuid>); the grant is limited to that prefix in the default group.',
    );
  }
}
