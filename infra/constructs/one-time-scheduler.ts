import { ArnFormat, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { acknowledgeWildcardResources } from './nag';

export interface OneTimeSchedulerProps {
  /** The function the schedules invoke. */
  readonly target: lambda.IFunction;
  /** Prefix of the schedule names (`attachment-`, `hire-`): the scheduling grant covers only those. */
  readonly namePrefix: string;
  /** What the schedules do (role description). */
  readonly purpose: string;
  /** Environment variables telling a scheduling function the role and the target. */
  readonly roleVariable: string;
  readonly targetVariable: string;
}

/**
 * One-time EventBridge Scheduler schedules (`at(...)`, deleted after they ran) invoking one function.
 * The role Scheduler assumes may do exactly one thing: invoke that function. Functions allowed to
 * schedule get `scheduler:CreateSchedule` on `<prefix>*` schedules of the default group and may pass
 * only this role, only to Scheduler.
 */
export class OneTimeScheduler extends Construct {
  public readonly role: iam.Role;
  public readonly scheduleArnPattern: string;

  constructor(
    scope: Construct,
    id: string,
    private readonly props: OneTimeSchedulerProps,
  ) {
    super(scope, id);
    const stack = Stack.of(this);
    this.role = new iam.Role(this, 'InvokeRole', {
      description: `Assumed by EventBridge Scheduler to ${props.purpose}`,
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
      }),
      inlinePolicies: {
        InvokeTarget: new iam.PolicyDocument({
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
      resourceName: `default/${props.namePrefix}*`,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });
  }

  /** Lets `fn` create the schedules and tells it the role and target ARNs. */
  public allowScheduling(id: string, fn: lambda.Function): void {
    fn.addEnvironment(this.props.roleVariable, this.role.roleArn);
    fn.addEnvironment(this.props.targetVariable, this.props.target.functionArn);
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
      `Schedule names are generated per item (${this.props.namePrefix}<id>); the grant is limited to that prefix in the default group.`,
    );
  }
}
