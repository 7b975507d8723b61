import * as path from 'node:path';
import { Validations, type RemovalPolicy } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { stateMachineFile, type StateMachineDefinition } from '../state-machines/catalogue';
import { repoRoot } from './app-function';
import { acknowledgeWildcardResources } from './nag';

export interface PipelineStateMachineProps {
  readonly definition: StateMachineDefinition;
  /** The Lambda behind each task placeholder's function name. */
  readonly functionFor: (name: string) => lambda.IFunction;
  readonly logRetention: logs.RetentionDays;
  readonly removalPolicy: RemovalPolicy;
}

/**
 * One Standard state machine from its ASL file in infra/state-machines/ (the same file the local runner
 * executes): Task Resource placeholders become the pipeline functions' ARNs, every execution event is
 * logged (level ALL, with execution data) to its own log group, and X-Ray tracing is on.
 */
export class PipelineStateMachine extends Construct {
  public readonly stateMachine: sfn.StateMachine;
  public readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: PipelineStateMachineProps) {
    super(scope, id);
    const { definition } = props;
    const targets = Object.entries(definition.tasks).map(([placeholder, name]) => ({
      placeholder,
      fn: props.functionFor(name),
    }));

    // CloudFormation names the log group: a fixed name on a retained group (prod) made the retry of a
    // failed first deploy fail on "already exists". One state machine's log delivery fits the account's
    // CloudWatch Logs resource policy, so the /aws/vendedlogs/ prefix is not needed.
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention,
      removalPolicy: props.removalPolicy,
    });

    this.stateMachine = new sfn.StateMachine(this, 'StateMachine', {
      comment: definition.description,
      stateMachineType: sfn.StateMachineType.STANDARD,
      definitionBody: sfn.DefinitionBody.fromFile(path.join(repoRoot, stateMachineFile(definition.name))),
      definitionSubstitutions: Object.fromEntries(
        targets.map(({ placeholder, fn }) => [placeholder, fn.functionArn]),
      ),
      logs: { destination: this.logGroup, level: sfn.LogLevel.ALL, includeExecutionData: true },
      tracingEnabled: true,
    });
    for (const { fn } of targets) fn.grantInvoke(this.stateMachine);

    const policy = this.stateMachine.role.node.tryFindChild('DefaultPolicy');
    if (policy) {
      Validations.of(policy).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'Step Functions log delivery (logs:*LogDelivery*, DescribeLogGroups) and X-Ray trace calls support no resource-level permissions.',
      });
      // grantInvoke covers each function and its versions/aliases (`<function arn>:*`), nothing else.
      acknowledgeWildcardResources(
        this,
        policy,
        () => targets.map(({ fn }) => `${fn.functionArn}:*`),
        'Invoke of one pipeline function, any version or alias of it (lambda grantInvoke).',
      );
    }
  }

  /** Lets a function start executions: STATE_MACHINE_ARN in its environment and states:StartExecution. */
  public allowStart(fn: lambda.Function): void {
    fn.addEnvironment('STATE_MACHINE_ARN', this.stateMachine.stateMachineArn);
    this.stateMachine.grantStartExecution(fn);
  }
}
