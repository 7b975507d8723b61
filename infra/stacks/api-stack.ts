import { Stack, type StackProps } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { AppFunction } from '../constructs/app-function';
import { AttachmentDeletionScheduler } from '../constructs/attachment-deletion-scheduler';
import { OneTimeScheduler } from '../constructs/one-time-scheduler';
import { COSTLY_ROUTE_THROTTLE, PlatformHttpApi } from '../constructs/http-api';
import { PipelineStateMachine } from '../constructs/state-machine';
import { StreamConsumer } from '../constructs/stream-consumer';
import { streamConsumers } from '../stream-consumers';
import { stateMachines } from '../state-machines/catalogue';
import type { FunctionDefinition } from '../functions';
import type { RouteDefinition } from '../routes';
import {
  functionLimitsOf,
  logRetentionOf,
  publicAppUrlParameterName,
  removalPolicyOf,
  type PlatformSettings,
} from './settings';

export interface ApiStackProps extends StackProps {
  readonly settings: PlatformSettings;
  /** Every catalogue entry that is not a Cognito trigger. */
  readonly functions: readonly FunctionDefinition[];
  readonly routes: readonly RouteDefinition[];
  readonly table: dynamodb.ITableV2;
  readonly audioBucket: s3.IBucket;
  readonly analysisBucket: s3.IBucket;
  readonly stripeSecret: secretsmanager.ISecret;
  /** OpenAI key (JSON { apiKey }) for `openaiSecret` functions; without it they cannot be built. */
  readonly openaiSecret?: secretsmanager.ISecret;
  /** Provider keys and URLs for `musicProvider` / `stemsProvider` functions. */
  readonly providersSecret?: secretsmanager.ISecret;
  /** The value CloudFront adds to every API request: each routed function checks it first. */
  readonly originSecret?: secretsmanager.ISecret;
  readonly userPool: cognito.IUserPool;
  readonly userPoolClient: cognito.IUserPoolClient;
}

/**
 * Code that changes daily: one Lambda per catalogue entry and the HTTP API routing to them. Both are
 * derived from infra/functions.ts and infra/routes.ts; nothing here is specific to one function.
 *
 * Resource budget (CloudFormation allows 500 per stack): each catalogue function costs 4 resources here
 * (function, role, default policy, log group), +1 policy if `userPoolAdmin`, +1 integration and
 * +1 invoke permission if routed, +1 per route. Its alarms and the dashboard live in the Ops stack
 * (infra/stacks/ops-stack.ts); tests/infra/ops-stack.test.ts keeps the count well under the limit and
 * docs/infrastructure.md has the numbers.
 */
export class ApiStack extends Stack {
  public readonly httpApi: PlatformHttpApi;
  public readonly functions: ReadonlyMap<string, AppFunction>;
  public readonly stateMachines: ReadonlyMap<string, PipelineStateMachine>;
  public readonly attachmentDeletion?: AttachmentDeletionScheduler;
  /** Functions fed by the table's change stream, with their mapping and dead-letter queue. */
  public readonly streamConsumers: ReadonlyMap<string, StreamConsumer>;
  public readonly hireSettlement?: OneTimeScheduler;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const logRetention = logRetentionOf(props.settings);
    const removalPolicy = removalPolicyOf(props.settings);

    const functions = new Map<string, AppFunction>();
    for (const definition of props.functions) {
      functions.set(
        definition.name,
        new AppFunction(this, `Fn-${definition.name}`, {
          definition,
          resources: {
            table: props.table,
            audioBucket: props.audioBucket,
            analysisBucket: props.analysisBucket,
            userPoolArn: props.userPool.userPoolArn,
            userPoolId: props.userPool.userPoolId,
            userPoolClientId: props.userPoolClient.userPoolClientId,
            stripeSecret: props.stripeSecret,
            openaiSecret: props.openaiSecret,
            providersSecret: props.providersSecret,
            publicAppUrlParameter: publicAppUrlParameterName(props.settings.stage),
            musicProviderUrl: props.settings.musicProviderUrl,
            stemsProviderUrl: props.settings.stemsProviderUrl,
          },
          logRetention,
          removalPolicy,
          limits: functionLimitsOf(props.settings),
        }),
      );
    }
    this.functions = functions;

    // CloudFront is the only way in: every function behind a route refuses requests without the origin
    // header (lambdas/_lib/origin-guard.ts), so the execute-api URL and forged viewer headers lead nowhere.
    if (props.originSecret) {
      for (const name of new Set(props.routes.map((route) => route.functionName))) {
        const fn = functions.get(name)?.function;
        if (!fn) continue;
        fn.addEnvironment('ORIGIN_SECRET_ARN', props.originSecret.secretArn);
        props.originSecret.grantRead(fn);
      }
    }

    // Attachment deletion: a role Scheduler assumes to invoke the target, and the functions that schedule.
    const target = props.functions.find((definition) => definition.schedulerTarget);
    const schedulers = props.functions.filter((definition) => definition.schedulesAttachmentDeletion);
    if (schedulers.length > 0) {
      if (!target)
        throw new Error('schedulesAttachmentDeletion needs a schedulerTarget function in the catalogue');
      const deletion = new AttachmentDeletionScheduler(this, 'AttachmentDeletion', {
        target: functions.get(target.name)!.function,
      });
      for (const definition of schedulers)
        deletion.allowScheduling(definition.name, functions.get(definition.name)!.function);
      this.attachmentDeletion = deletion;
    }

    // Consumers of the table's change stream (the catalogue indexer): mapping, filter, dead-letter queue.
    const consumers = new Map<string, StreamConsumer>();
    for (const definition of props.functions) {
      if (!definition.streamConsumer) continue;
      const consumer = streamConsumers.find((entry) => entry.functionName === definition.name);
      if (!consumer)
        throw new Error(`${definition.name} is a streamConsumer missing from infra/stream-consumers.ts`);
      consumers.set(
        definition.name,
        new StreamConsumer(this, `Stream-${definition.name}`, {
          definition: consumer,
          function: functions.get(definition.name)!.function,
          table: props.table,
          removalPolicy,
        }),
      );
    }
    this.streamConsumers = consumers;

    // Paid hiring (issue 17): schedules that settle a held hire (deadline refund, review release).
    const hireTarget = props.functions.find((definition) => definition.hireSettlementTarget);
    const hireSchedulers = props.functions.filter((definition) => definition.schedulesHireSettlement);
    if (hireSchedulers.length > 0) {
      if (!hireTarget)
        throw new Error('schedulesHireSettlement needs a hireSettlementTarget function in the catalogue');
      const settlement = new OneTimeScheduler(this, 'HireSettlement', {
        target: functions.get(hireTarget.name)!.function,
        namePrefix: 'hire-',
        purpose: 'invoke hire-escrow',
        roleVariable: 'HIRE_SCHEDULER_ROLE_ARN',
        targetVariable: 'HIRE_ESCROW_FUNCTION_ARN',
      });
      for (const definition of hireSchedulers)
        settlement.allowScheduling(definition.name, functions.get(definition.name)!.function);
      this.hireSettlement = settlement;
    }

    // State machines whose tasks are catalogue functions here; `stateMachine` functions may start them.
    const machines = new Map<string, PipelineStateMachine>();
    for (const definition of stateMachines) {
      if (!Object.values(definition.tasks).every((name) => functions.has(name))) continue;
      machines.set(
        definition.name,
        new PipelineStateMachine(this, `Sfn-${definition.name}`, {
          definition,
          functionFor: (name) => functions.get(name)!.function,
          logRetention,
          removalPolicy,
        }),
      );
    }
    for (const definition of props.functions) {
      if (!definition.stateMachine) continue;
      const machine = machines.get(definition.stateMachine);
      if (!machine)
        throw new Error(
          `${definition.name} starts ${definition.stateMachine}, whose task functions are not built here`,
        );
      machine.allowStart(functions.get(definition.name)!.function);
    }
    this.stateMachines = machines;

    this.httpApi = new PlatformHttpApi(this, 'Api', {
      routes: props.routes,
      functionFor: (name): lambda.IFunction => {
        const fn = functions.get(name);
        if (!fn)
          throw new Error(
            `infra/routes.ts routes to '${name}', which infra/functions.ts does not build here`,
          );
        return fn.function;
      },
      userPool: props.userPool,
      userPoolClient: props.userPoolClient,
      logRetention,
      removalPolicy,
      throttle: { rateLimit: 200, burstLimit: 400 },
      routeThrottle: COSTLY_ROUTE_THROTTLE,
    });
  }
}
