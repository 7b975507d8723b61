import { App, Stack, type CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { beforeAll, describe, expect, it } from 'vitest';
import { functions as catalogue, type FunctionDefinition } from '../../infra/functions';
import { routes as routeTable } from '../../infra/routes';
import { OpsStack } from '../../infra/stacks/ops-stack';
import type { Platform } from '../../infra/stacks/platform';
import { synthPlatform } from './synth';

/**
 * The Api stack's resource budget and the Ops stack that keeps it: CloudFormation refuses a stack of more
 * than 500 resources (and more than 200 outputs), and every catalogue function adds several resources to
 * the Api stack. Alarms, the alarm topic and the dashboard therefore live in FiveD-<stage>-Ops, which
 * must still cover every function of infra/functions.ts, new ones included, and deploy after Api.
 */
type Resource = { Type: string; Properties: Record<string, unknown> };
type Output = { Value: unknown; Export?: { Name: string } };
type Json = { Resources: Record<string, Resource>; Outputs?: Record<string, Output> };

/** CloudFormation's hard limits per stack. */
const CFN_MAX_RESOURCES = 500;
const CFN_MAX_OUTPUTS = 200;
/** Where we want the Api stack to stay, leaving room for ~a dozen more functions per 100 resources. */
const API_RESOURCE_BUDGET = 400;
const API_OUTPUT_BUDGET = 150;

const functions: readonly FunctionDefinition[] = catalogue;
let platform: Platform;
let templates: Record<'data' | 'auth' | 'api' | 'ops' | 'web', Json>;

beforeAll(() => {
  platform = synthPlatform({ stage: 'prod' }).platform;
  templates = {
    data: Template.fromStack(platform.data).toJSON() as Json,
    auth: Template.fromStack(platform.auth).toJSON() as Json,
    api: Template.fromStack(platform.api).toJSON() as Json,
    ops: Template.fromStack(platform.ops).toJSON() as Json,
    web: Template.fromStack(platform.web).toJSON() as Json,
  };
});

const alarmsOf = (json: Json) =>
  Object.values(json.Resources).filter((r) => r.Type === 'AWS::CloudWatch::Alarm');

/** The catalogue function a FunctionName dimension in the Ops stack points at, through the producer's export. */
function functionBehind(value: unknown, byLogicalId: Map<string, string>): string | undefined {
  const exportName = (value as { 'Fn::ImportValue'?: string })['Fn::ImportValue'];
  if (!exportName) return undefined;
  for (const json of [templates.api, templates.auth]) {
    const output = Object.values(json.Outputs ?? {}).find((o) => o.Export?.Name === exportName);
    const ref = (output?.Value as { Ref?: string } | undefined)?.Ref;
    if (ref) return byLogicalId.get(`${json === templates.api ? 'api' : 'auth'}:${ref}`);
  }
  return undefined;
}

describe('Api stack resource budget', () => {
  it(`stays under ${API_RESOURCE_BUDGET} resources (CloudFormation refuses more than ${CFN_MAX_RESOURCES})`, () => {
    const count = Object.keys(templates.api.Resources).length;
    console.log(
      `resources: ${Object.entries(templates)
        .map(([name, json]) => `${name} ${Object.keys(json.Resources).length}`)
        .join(', ')}`,
    );
    expect(
      count,
      `FiveD-<stage>-Api has ${count} resources. CloudFormation rejects a stack of more than ` +
        `${CFN_MAX_RESOURCES}, and each catalogue function adds 4-7 (function, role, policy, log group, ` +
        'integration, permission, routes). Move something that is not function or routing code out ' +
        '(see docs/infrastructure.md) before adding functions; do not raise this budget towards 500.',
    ).toBeLessThan(API_RESOURCE_BUDGET);
  });

  it(`keeps its outputs (cross-stack exports) under ${API_OUTPUT_BUDGET} (CloudFormation allows ${CFN_MAX_OUTPUTS})`, () => {
    const outputs = Object.values(templates.api.Outputs ?? {});
    console.log(`Api outputs: ${outputs.length}, exports: ${outputs.filter((o) => o.Export).length}`);
    expect(outputs.length).toBeLessThan(API_OUTPUT_BUDGET);
    // One export per function the Ops stack watches, plus the HTTP API id, the state machine ARNs, each
    // stream consumer's dead-letter queue and the endpoint the Web stack reads: exports do not grow faster
    // than the catalogue.
    expect(outputs.length).toBeLessThanOrEqual(
      platform.api.functions.size + platform.api.stateMachines.size + platform.api.streamConsumers.size + 2,
    );
  });

  it('holds no alarm, alarm topic or dashboard: those are the Ops stack', () => {
    for (const name of ['api', 'auth'] as const) {
      const types = Object.values(templates[name].Resources).map((r) => r.Type);
      expect(types.filter((t) => t.startsWith('AWS::CloudWatch::') || t.startsWith('AWS::SNS::'))).toEqual(
        [],
      );
    }
  });

  it('gives each routed function one API-scoped invoke permission, not one per route', () => {
    const permissions = Object.values(templates.api.Resources).filter(
      (r) => r.Type === 'AWS::Lambda::Permission',
    );
    const routed = new Set(routeTable.map((route) => route.functionName));
    expect(permissions).toHaveLength(routed.size);
    const apiId = Stack.of(platform.api).getLogicalId(
      platform.api.httpApi.api.node.defaultChild as CfnElement,
    );
    for (const permission of permissions) {
      expect(permission.Properties.Principal).toBe('apigateway.amazonaws.com');
      // arn:…:execute-api:<region>:<account>:<this api>/*/*/* — this API only.
      const arn = JSON.stringify(permission.Properties.SourceArn);
      expect(arn).toContain(`{"Ref":"${apiId}"}`);
      expect(arn).toContain('/*/*/*');
    }
  });
});

describe('Ops stack', () => {
  it('has an error and a throttle alarm on every function of infra/functions.ts (and an iterator-age alarm on each stream consumer), pointing at that function', () => {
    const byLogicalId = new Map<string, string>();
    const record = (stack: 'api' | 'auth', map: ReadonlyMap<string, { function: lambda.IFunction }>) => {
      for (const [name, fn] of map) {
        const cfn = fn.function.node.defaultChild as CfnElement;
        byLogicalId.set(`${stack}:${Stack.of(cfn).getLogicalId(cfn)}`, name);
      }
    };
    record('api', platform.api.functions);
    record('auth', platform.auth.functions);

    const watched = new Map<string, string[]>();
    for (const alarm of alarmsOf(templates.ops)) {
      if (alarm.Properties.Namespace !== 'AWS/Lambda') continue;
      const dimensions = alarm.Properties.Dimensions as { Name: string; Value: unknown }[];
      expect(dimensions.map((d) => d.Name)).toEqual(['FunctionName']);
      const name = functionBehind(dimensions[0]!.Value, byLogicalId);
      expect(name, JSON.stringify(dimensions)).toBeDefined();
      watched.set(name!, [...(watched.get(name!) ?? []), String(alarm.Properties.MetricName)].sort());
    }
    for (const fn of functions)
      expect(watched.get(fn.name), fn.name).toEqual(
        fn.streamConsumer ? ['Errors', 'IteratorAge', 'Throttles'] : ['Errors', 'Throttles'],
      );
    expect(functions.filter((fn) => fn.streamConsumer).map((fn) => fn.name)).toEqual(['catalogue-indexer']);
    expect([...watched.keys()].sort()).toEqual(functions.map((fn) => fn.name).sort());
  });

  it('alarms on the state machines and the HTTP API of the Api stack too', () => {
    const names = alarmsOf(templates.ops).map((a) => String(a.Properties.AlarmName));
    for (const machine of platform.api.stateMachines.keys())
      expect(names).toContain(`FiveD-prod-StateMachineFailures-${machine}`);
    expect(names).toContain('FiveD-prod-Api5xxRate');
    expect(names).toContain('FiveD-prod-WebhookSignatureFailures');
  });

  it('deploys after the Api and Auth stacks it watches', () => {
    const dependencies = platform.ops.dependencies.map((stack) => stack.stackName).sort();
    expect(dependencies).toEqual(['FiveD-prod-Api', 'FiveD-prod-Auth']);
    expect(platform.api.dependencies).not.toContain(platform.ops);
  });

  it('subscribes the alarmEmail context to the alarm topic, and nobody without it', () => {
    expect(Object.values(templates.ops.Resources).some((r) => r.Type === 'AWS::SNS::Subscription')).toBe(
      false,
    );
    const withEmail = Template.fromStack(synthPlatform({ alarmEmail: 'oncall@example.com' }).platform.ops);
    const topicId = Object.keys(withEmail.findResources('AWS::SNS::Topic'))[0];
    withEmail.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'oncall@example.com',
      TopicArn: { Ref: topicId },
    });
  });

  it('follows the catalogue: a different function list gets exactly its own alarms', () => {
    const chosen = functions.filter((fn) => fn.name === 'geo' || fn.cognitoTrigger);
    const { platform: small } = synthPlatform(
      { stage: 'dev' },
      { functions: chosen, routes: routeTable.filter((route) => route.functionName === 'geo') },
    );
    const names = alarmsOf(Template.fromStack(small.ops).toJSON() as Json)
      .map((a) => String(a.Properties.AlarmName))
      .filter((name) => /-(Errors|Throttles)-/.test(name))
      .sort();
    expect(names).toEqual(
      chosen.flatMap((fn) => [`FiveD-dev-Errors-${fn.name}`, `FiveD-dev-Throttles-${fn.name}`]).sort(),
    );
  });

  it('alarms on a dead-letter queue of another stack, through its exported name', () => {
    const app = new App();
    const producer = new Stack(app, 'Producer');
    const queue = new sqs.Queue(producer, 'Dlq');
    const fn = new lambda.Function(producer, 'Fn', {
      runtime: lambda.Runtime.NODEJS_24_X,
      handler: 'index.handler',
      code: lambda.Code.fromInline('export const handler = async () => {};'),
      deadLetterQueue: queue,
    });
    const api = new apigwv2.HttpApi(producer, 'Api', { createDefaultStage: false });
    const stage = new apigwv2.HttpStage(producer, 'Stage', { httpApi: api, stageName: '$default' });
    const ops = new OpsStack(app, 'Ops', {
      settings: { stage: 'test', retainData: false },
      prefix: 'T',
      httpStage: stage,
      functions: new Map([['job', fn]]),
      stateMachines: new Map(),
      deadLetterQueues: new Map([['job', queue]]),
    });
    const template = Template.fromStack(ops);
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'T-DlqDepth-job',
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::ImportValue': Match.stringLikeRegexp('^Producer:') } }],
    });
    expect(ops.dependencies).toContain(producer);
  });
});
