import { Stack, type StackProps } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { Observability } from '../constructs/observability';
import { removalPolicyOf, type PlatformSettings } from './settings';

export interface OpsStackProps extends StackProps {
  readonly settings: PlatformSettings;
  /** Shown in alarm and dashboard names, e.g. `FiveD-prod`. */
  readonly prefix: string;
  readonly httpStage: apigwv2.IHttpStage;
  /**
   * Every Lambda of the platform by catalogue name (the Api stack's and the Auth stack's triggers):
   * each gets an error and a throttle alarm, so a new infra/functions.ts entry is covered without an edit here.
   */
  readonly functions: ReadonlyMap<string, lambda.IFunction>;
  readonly stateMachines: ReadonlyMap<string, sfn.IStateMachine>;
  readonly deadLetterQueues?: ReadonlyMap<string, sqs.IQueue>;
  /** Functions fed by the table's change stream: their iterator age (how far behind they are) is alarmed. */
  readonly streamConsumers?: ReadonlyMap<string, lambda.IFunction>;
}

/**
 * Observability, deployed after the stacks it watches: the alarm topic, every alarm and the operations
 * dashboard (infra/constructs/observability.ts). It lives apart from the Api stack to keep that stack far
 * from CloudFormation's 500-resources-per-stack limit: each function costs the Api stack 4 resources
 * (function, role, default policy, log group), plus 1 integration and 1 invoke permission if routed and
 * 1 per route, while its 2 alarms sit here (budget and numbers in docs/infrastructure.md).
 *
 * Alarms read the watched resources' names through CDK's automatic cross-stack exports (one per function,
 * one for the HTTP API id, one per state machine), which also make this stack depend on those stacks.
 * Removing a function therefore takes two deploys (see docs/infrastructure.md): an export cannot be
 * deleted while this stack still imports it.
 */
export class OpsStack extends Stack {
  public readonly observability: Observability;

  constructor(scope: Construct, id: string, props: OpsStackProps) {
    super(scope, id, props);
    this.observability = new Observability(this, 'Observability', {
      prefix: props.prefix,
      httpStage: props.httpStage,
      functions: props.functions,
      stateMachines: props.stateMachines,
      deadLetterQueues: props.deadLetterQueues,
      streamConsumers: props.streamConsumers,
      alarmEmail: props.settings.alarmEmail,
      removalPolicy: removalPolicyOf(props.settings),
    });
  }
}
