import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../infra/constructs/app-function';
import { COSTLY_ROUTE_THROTTLE } from '../../infra/constructs/http-api';
import { THRESHOLDS } from '../../infra/constructs/observability';
import { functions as catalogue, type FunctionDefinition } from '../../infra/functions';
import { routes } from '../../infra/routes';
import { buildPlatform, settingsFromContext, type Platform } from '../../infra/stacks/platform';
import { API_RATE_LIMIT_PER_5_MIN } from '../../infra/stacks/waf-stack';
import { METRIC, METRICS_NAMESPACE } from '../../shared/observability';
import { fixtureWebDist, synthPlatform } from './synth';

/**
 * Issue 7 in CDK: alarms + dashboard (infra/constructs/observability.ts, in the Ops stack), per-route
 * throttling, reserved concurrency from the catalogue, and the opt-in CloudFront WAF (`-c waf=true`,
 * us-east-1 stack).
 */
type Resource = { Properties: Record<string, unknown> };
const functions: readonly FunctionDefinition[] = catalogue;

let api: Template;
let ops: Template;
let platform: Platform;
beforeAll(() => {
  platform = synthPlatform().platform;
  api = Template.fromStack(platform.api);
  ops = Template.fromStack(platform.ops);
});

const alarms = () => Object.values(ops.findResources('AWS::CloudWatch::Alarm')) as Resource[];
const alarmNamed = (suffix: string) =>
  alarms().find((alarm) => String(alarm.Properties.AlarmName).endsWith(`-${suffix}`));

describe('alarms', () => {
  it('HTTP API 5xx rate: a math expression over 5xx and Count of the $default stage', () => {
    const alarm = alarmNamed('Api5xxRate');
    expect(alarm).toBeDefined();
    expect(alarm!.Properties).toMatchObject({
      Threshold: THRESHOLDS.api5xxRatePercent,
      EvaluationPeriods: 3,
      DatapointsToAlarm: 2,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
    });
    const metrics = alarm!.Properties.Metrics as { Id: string; Expression?: string; MetricStat?: unknown }[];
    expect(metrics.find((m) => m.Expression)?.Expression).toBe('100 * errors / MAX([requests, 1])');
    const names = metrics
      .filter((m) => m.MetricStat)
      .map((m) => (m.MetricStat as { Metric: { MetricName: string; Namespace: string } }).Metric);
    expect(names).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Namespace: 'AWS/ApiGateway', MetricName: '5xx' }),
        expect.objectContaining({ Namespace: 'AWS/ApiGateway', MetricName: 'Count' }),
      ]),
    );
  });

  it('Lambda errors and throttles for every catalogue function, the Cognito triggers included', () => {
    for (const fn of functions) {
      const errors = alarmNamed(`Errors-${fn.name}`);
      const throttles = alarmNamed(`Throttles-${fn.name}`);
      expect(errors?.Properties, fn.name).toMatchObject({
        MetricName: 'Errors',
        Namespace: 'AWS/Lambda',
        Threshold: THRESHOLDS.lambdaErrors,
      });
      expect(throttles?.Properties, fn.name).toMatchObject({
        MetricName: 'Throttles',
        Namespace: 'AWS/Lambda',
        Threshold: THRESHOLDS.lambdaThrottles,
      });
    }
  });

  it('state machine failures (failed + timed out + aborted) for each state machine', () => {
    expect(platform.api.stateMachines.size).toBeGreaterThan(0);
    for (const name of platform.api.stateMachines.keys()) {
      const alarm = alarmNamed(`StateMachineFailures-${name}`);
      expect(alarm, name).toBeDefined();
      const metrics = alarm!.Properties.Metrics as { Expression?: string; MetricStat?: unknown }[];
      expect(metrics.find((m) => m.Expression)?.Expression).toBe('failed + timedOut + aborted');
      const names = metrics
        .filter((m) => m.MetricStat)
        .map((m) => (m.MetricStat as { Metric: { MetricName: string } }).Metric.MetricName)
        .sort();
      expect(names).toEqual(['ExecutionsAborted', 'ExecutionsFailed', 'ExecutionsTimedOut']);
    }
  });

  it('webhook signature failures: the EMF metric the stripe-webhook handler emits', () => {
    const alarm = alarmNamed('WebhookSignatureFailures');
    expect(alarm?.Properties.Threshold).toBe(THRESHOLDS.webhookSignatureFailures);
    const [metric] = alarm!.Properties.Metrics as { MetricStat: { Metric: unknown; Stat: string } }[];
    expect(metric!.MetricStat).toMatchObject({
      Metric: {
        Namespace: METRICS_NAMESPACE,
        MetricName: METRIC.WebhookSignatureFailed,
        Dimensions: [{ Name: 'service', Value: '5d-platform' }],
      },
      Stat: 'Sum',
    });
  });

  it('refused Stripe events (matching no recorded checkout): one is enough to alarm', () => {
    const alarm = alarmNamed('WebhookRefused');
    expect(alarm?.Properties.Threshold).toBe(1);
    expect(alarm?.Properties.ComparisonOperator).toBe('GreaterThanOrEqualToThreshold');
    expect(alarm?.Properties.AlarmActions).toHaveLength(1);
    const [metric] = alarm!.Properties.Metrics as { MetricStat: { Metric: unknown; Stat: string } }[];
    expect(metric!.MetricStat).toMatchObject({
      Metric: { Namespace: METRICS_NAMESPACE, MetricName: METRIC.WebhookRefused },
      Stat: 'Sum',
    });
  });

  it('a depth alarm on every dead-letter queue: a function given one, and each stream consumer', () => {
    const withQueue = [...platform.auth.functions, ...platform.api.functions].filter(
      ([, fn]) => fn.function.deadLetterQueue,
    );
    // The catalogue indexer's failed stream batches (issue 16) land in its event source mapping's queue.
    const consumers = [...platform.api.streamConsumers.keys()];
    expect(consumers).toContain('catalogue-indexer');
    const prefix = platform.ops.stackName.replace(/-Ops$/, '');
    const dlqAlarms = alarms().filter((alarm) => String(alarm.Properties.AlarmName).includes('-DlqDepth-'));
    expect(dlqAlarms.map((alarm) => alarm.Properties.AlarmName).sort()).toEqual(
      [
        ...withQueue.map(([name]) => `${prefix}-DlqDepth-${name}`),
        ...consumers.map((name) => `${prefix}-DlqDepth-${name}-stream`),
      ].sort(),
    );
    for (const alarm of dlqAlarms) {
      expect(alarm.Properties).toMatchObject({
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Threshold: THRESHOLDS.dlqDepth,
      });
    }
    ops.resourceCountIs('AWS::SQS::Queue', 0);
  });

  it('every alarm notifies (and clears on) the encrypted, TLS-only alarm topic', () => {
    ops.resourceCountIs('AWS::SNS::Topic', 1);
    ops.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    ops.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      }),
    });
    const topicId = Object.keys(ops.findResources('AWS::SNS::Topic'))[0]!;
    for (const alarm of alarms()) {
      expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topicId }]);
      expect(alarm.Properties.OKActions).toEqual([{ Ref: topicId }]);
    }
  });

  it('encrypts the topic with a customer-managed key whose policy lets CloudWatch alarms publish', () => {
    const topic = Object.values(ops.findResources('AWS::SNS::Topic'))[0] as Resource;
    const keyRef = topic.Properties.KmsMasterKeyId as { 'Fn::GetAtt'?: [string, string] };
    // Not the AWS-managed alias/aws/sns, whose policy CloudWatch cannot use: then no alarm is delivered.
    expect(JSON.stringify(keyRef)).not.toContain('alias/aws/sns');
    const keyId = keyRef['Fn::GetAtt']?.[0] ?? '';
    const key = ops.findResources('AWS::KMS::Key')[keyId] as Resource | undefined;
    expect(key, 'the topic key is a KMS key of the Ops stack').toBeDefined();
    expect(key!.Properties.EnableKeyRotation).toBe(true);
    const statements = (key!.Properties.KeyPolicy as { Statement: Record<string, unknown>[] }).Statement;
    const cloudWatch = statements.find(
      (statement) =>
        JSON.stringify(statement.Principal) === JSON.stringify({ Service: 'cloudwatch.amazonaws.com' }),
    );
    expect(cloudWatch).toMatchObject({ Effect: 'Allow', Resource: '*' });
    expect(cloudWatch!.Action).toEqual(expect.arrayContaining(['kms:Decrypt', 'kms:GenerateDataKey*']));
  });
});

describe('dashboard', () => {
  it('shows the API, the business metrics, Lambda errors/throttles, executions and alarm states', () => {
    const dashboards = Object.values(ops.findResources('AWS::CloudWatch::Dashboard')) as Resource[];
    expect(dashboards).toHaveLength(1);
    const body = JSON.stringify(dashboards[0]!.Properties.DashboardBody);
    for (const name of Object.values(METRIC)) expect(body, name).toContain(name);
    for (const title of [
      'HTTP API requests and errors',
      'HTTP API latency (p50 / p99)',
      'Lambda errors (top functions)',
      'Lambda throttles',
      'State machine executions',
      'Alarms',
    ])
      expect(body).toContain(title);
  });
});

describe('throttling and concurrency', () => {
  it('the default stage keeps its throttle and the costly routes get tighter route settings', () => {
    const stages = Object.values(api.findResources('AWS::ApiGatewayV2::Stage')) as Resource[];
    expect(stages).toHaveLength(1);
    const props = stages[0]!.Properties as {
      DefaultRouteSettings: { ThrottlingRateLimit: number; ThrottlingBurstLimit: number };
      RouteSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }>;
    };
    expect(props.DefaultRouteSettings).toMatchObject({ ThrottlingRateLimit: 200, ThrottlingBurstLimit: 400 });
    const keys = new Set(routes.map((r) => `${r.method} ${r.path}`));
    const expected = Object.entries(COSTLY_ROUTE_THROTTLE).filter(([key]) => keys.has(key));
    expect(expected.length).toBeGreaterThanOrEqual(4);
    for (const [key, limits] of expected) {
      expect(props.RouteSettings[key], key).toEqual({
        ThrottlingRateLimit: limits.rateLimit,
        ThrottlingBurstLimit: limits.burstLimit,
      });
    }
  });

  it('reserves no concurrency by default (a new account cannot spare it; tests/infra/deploy-readiness.test.ts covers the opt-in)', () => {
    expect(functions.filter((f) => f.reservedConcurrency !== undefined).length).toBeGreaterThanOrEqual(4);
    for (const fn of Object.values(api.findResources('AWS::Lambda::Function')))
      expect(fn.Properties).not.toHaveProperty('ReservedConcurrentExecutions');
  });
});

describe('WAF (-c waf=true)', () => {
  function synthWithWaf(): { app: App; platform: Platform } {
    const cdkJson = JSON.parse(readFileSync(path.join(repoRoot, 'cdk.json'), 'utf8')) as {
      context: Record<string, unknown>;
    };
    const app = new App({ context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [], waf: 'true' } });
    const built = buildPlatform(
      app,
      settingsFromContext(app),
      { account: '123456789012', region: 'sa-east-1' },
      { webDist: fixtureWebDist },
    );
    app.synth();
    return { app, platform: built };
  }

  it('is off by default: no web ACL, CFR2 acknowledged with its reason', () => {
    expect(platform.waf).toBeUndefined();
  });

  it('creates a CLOUDFRONT web ACL in us-east-1 with the managed rules and a rate rule, attached to the distribution', () => {
    const { app, platform: withWaf } = synthWithWaf();
    expect(withWaf.waf?.region).toBe('us-east-1');
    const waf = Template.fromStack(withWaf.waf!);
    waf.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      Rules: Match.arrayWith([
        Match.objectLike({
          Statement: {
            ManagedRuleGroupStatement: { VendorName: 'AWS', Name: 'AWSManagedRulesAmazonIpReputationList' },
          },
        }),
        Match.objectLike({
          Statement: {
            ManagedRuleGroupStatement: { VendorName: 'AWS', Name: 'AWSManagedRulesKnownBadInputsRuleSet' },
          },
        }),
        Match.objectLike({
          Statement: {
            ManagedRuleGroupStatement: {
              VendorName: 'AWS',
              Name: 'AWSManagedRulesCommonRuleSet',
              RuleActionOverrides: [{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }],
            },
          },
        }),
        Match.objectLike({
          Name: 'ApiRateLimitPerAddress',
          Action: { Block: { CustomResponse: { ResponseCode: 429 } } },
          Statement: {
            RateBasedStatement: Match.objectLike({ Limit: API_RATE_LIMIT_PER_5_MIN, AggregateKeyType: 'IP' }),
          },
        }),
      ]),
    });
    const web = Template.fromStack(withWaf.web);
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ WebACLId: Match.anyValue() }),
    });
    // cdk-nag stays clean on the WAF variant too (as tests/infra/nag.test.ts checks the default one).
    const report = new AwsSolutionsChecks(app).validateScope(app);
    const findings = report.violations.flatMap((v) =>
      v.violatingResources.map((r) => `${v.severity} ${v.ruleName} at ${r.constructPath}`),
    );
    expect(findings).toEqual([]);
  });
});
