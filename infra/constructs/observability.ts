import { CfnOutput, Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cwActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { METRIC, METRICS_NAMESPACE, METRICS_SERVICE, type MetricName } from '../../shared/observability';

export interface ObservabilityProps {
  /** Shown in alarm and dashboard names. */
  readonly prefix: string;
  readonly httpStage: apigwv2.IHttpStage;
  /** Every Lambda of the stack, by catalogue name. */
  readonly functions: ReadonlyMap<string, lambda.IFunction>;
  readonly stateMachines: ReadonlyMap<string, sfn.IStateMachine>;
  /** Dead-letter queues to watch (none exist today: Lambda async invokes are Scheduler/Step Functions driven). */
  readonly deadLetterQueues?: ReadonlyMap<string, sqs.IQueue>;
  /** Functions fed by the table's change stream (iterator age alarm). */
  readonly streamConsumers?: ReadonlyMap<string, lambda.IFunction>;
  /** Optional e-mail subscribed to the alarm topic. */
  readonly alarmEmail?: string;
  /** Of the topic's KMS key (kept in prod with the rest of the data). */
  readonly removalPolicy?: RemovalPolicy;
}

/** Alarm thresholds, in one place (tests/infra/observability.test.ts asserts them). */
export const THRESHOLDS = {
  /** Percentage of HTTP API requests answered 5xx, over 5 minutes, 2 of 3 periods. */
  api5xxRatePercent: 5,
  /** Lambda errors per function in 5 minutes. */
  lambdaErrors: 5,
  /** Lambda throttles per function in 5 minutes. */
  lambdaThrottles: 1,
  /** Failed, timed out or aborted executions per state machine in 5 minutes. */
  stateMachineFailures: 1,
  /** Stripe webhook deliveries with a bad signature in 5 minutes (a misconfigured secret or an attack). */
  webhookSignatureFailures: 5,
  /** Signed Stripe events refused because they match no checkout we recorded (or are malformed). */
  webhookRefused: 1,
  /** Messages waiting in a dead-letter queue. */
  dlqDepth: 1,
  /** Age of the oldest stream record a consumer has not processed (search lagging behind writes). */
  streamIteratorAgeSeconds: 300,
} as const;

const FIVE_MINUTES = Duration.minutes(5);

/**
 * Alarms and a dashboard for the platform (issue 7): HTTP API 5xx rate, Lambda errors and throttles,
 * state machine failures, DLQ depth, and the business metrics the handlers emit as EMF
 * (lambdas/_lib/metrics.ts, names in shared/observability.ts): generations, checkouts, webhook outcomes, uploads. Every alarm notifies one
 * encrypted SNS topic (subscribe on-call to it; `alarmEmail` does it at deploy).
 *
 * Built in the Ops stack (infra/stacks/ops-stack.ts), not next to the resources it watches: it takes
 * them by reference, so CDK exports their names from the Api/Auth stacks and Ops deploys after them.
 */
export class Observability extends Construct {
  public readonly topic: sns.Topic;
  public readonly topicKey: kms.Key;
  public readonly dashboard: cloudwatch.Dashboard;
  public readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: ObservabilityProps) {
    super(scope, id);
    // A customer-managed key: CloudWatch can publish to a topic encrypted with it only because its key
    // policy lets cloudwatch.amazonaws.com use it (the AWS-managed aws/sns key cannot grant that, so
    // alarms on such a topic are never delivered).
    this.topicKey = new kms.Key(this, 'AlarmTopicKey', {
      description: `${props.prefix} alarm topic encryption (CloudWatch alarms may publish)`,
      enableKeyRotation: true,
      removalPolicy: props.removalPolicy ?? RemovalPolicy.DESTROY,
    });
    this.topicKey.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudWatchAlarmsPublish',
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        // In a key policy `*` is this key.
        resources: ['*'],
      }),
    );
    this.topic = new sns.Topic(this, 'AlarmTopic', {
      displayName: `${props.prefix} alarms`,
      enforceSSL: true,
      masterKey: this.topicKey,
    });
    if (props.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
    const action = new cwActions.SnsAction(this.topic);
    const alarm = (
      alarmId: string,
      metric: cloudwatch.IMetric,
      threshold: number,
      description: string,
      evaluationPeriods = 1,
    ) => {
      const created = new cloudwatch.Alarm(this, alarmId, {
        alarmName: `${props.prefix}-${alarmId}`,
        alarmDescription: description,
        metric,
        threshold,
        evaluationPeriods,
        datapointsToAlarm: evaluationPeriods > 1 ? 2 : 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      created.addAlarmAction(action);
      created.addOkAction(action);
      this.alarms.push(created);
      return created;
    };

    // HTTP API: 5xx as a share of all requests.
    const requests = props.httpStage.metricCount({ period: FIVE_MINUTES, statistic: 'Sum' });
    const serverErrors = props.httpStage.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' });
    const clientErrors = props.httpStage.metricClientError({ period: FIVE_MINUTES, statistic: 'Sum' });
    const errorRate = new cloudwatch.MathExpression({
      expression: '100 * errors / MAX([requests, 1])',
      usingMetrics: { errors: serverErrors, requests },
      label: 'HTTP API 5xx %',
      period: FIVE_MINUTES,
    });
    alarm(
      'Api5xxRate',
      errorRate,
      THRESHOLDS.api5xxRatePercent,
      `More than ${THRESHOLDS.api5xxRatePercent}% of HTTP API requests answered 5xx (2 of 3 five-minute periods).`,
      3,
    );

    // Lambda errors and throttles, per function.
    for (const [name, fn] of props.functions) {
      alarm(
        `Errors-${name}`,
        fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }),
        THRESHOLDS.lambdaErrors,
        `${name}: ${THRESHOLDS.lambdaErrors}+ invocation errors in 5 minutes.`,
      );
      alarm(
        `Throttles-${name}`,
        fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }),
        THRESHOLDS.lambdaThrottles,
        `${name}: invocations throttled (reserved concurrency or account limit reached).`,
      );
    }

    // State machines: failed, timed out or aborted executions.
    for (const [name, machine] of props.stateMachines) {
      const failures = new cloudwatch.MathExpression({
        expression: 'failed + timedOut + aborted',
        usingMetrics: {
          failed: machine.metricFailed({ period: FIVE_MINUTES, statistic: 'Sum' }),
          timedOut: machine.metricTimedOut({ period: FIVE_MINUTES, statistic: 'Sum' }),
          aborted: machine.metricAborted({ period: FIVE_MINUTES, statistic: 'Sum' }),
        },
        label: `${name} failures`,
        period: FIVE_MINUTES,
      });
      alarm(
        `StateMachineFailures-${name}`,
        failures,
        THRESHOLDS.stateMachineFailures,
        `${name}: executions failed, timed out or were aborted (each one was refunded by the pipeline).`,
      );
    }

    // Dead-letter queues, if any.
    for (const [name, queue] of props.deadLetterQueues ?? new Map<string, sqs.IQueue>()) {
      alarm(
        `DlqDepth-${name}`,
        queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum' }),
        THRESHOLDS.dlqDepth,
        `${name}: messages are waiting in the dead-letter queue.`,
      );
    }

    // Stream consumers falling behind: the catalogue shows beats minutes late.
    for (const [name, fn] of props.streamConsumers ?? new Map<string, lambda.IFunction>()) {
      alarm(
        `StreamIteratorAge-${name}`,
        fn.metric('IteratorAge', { period: FIVE_MINUTES, statistic: 'Maximum' }),
        THRESHOLDS.streamIteratorAgeSeconds * 1000,
        `${name}: stream records wait more than ${THRESHOLDS.streamIteratorAgeSeconds / 60} minutes to be processed.`,
        3,
      );
    }

    // Business metrics (EMF from the handlers).
    const business = (name: MetricName, label = name) =>
      new cloudwatch.Metric({
        namespace: METRICS_NAMESPACE,
        metricName: name,
        dimensionsMap: { service: METRICS_SERVICE },
        statistic: 'Sum',
        period: FIVE_MINUTES,
        label,
      });
    alarm(
      'WebhookSignatureFailures',
      business(METRIC.WebhookSignatureFailed),
      THRESHOLDS.webhookSignatureFailures,
      'Stripe webhook deliveries with an invalid signature: a rotated/mismatched secret or forged calls.',
    );

    alarm(
      'WebhookRefused',
      business(METRIC.WebhookRefused),
      THRESHOLDS.webhookRefused,
      'Signed Stripe events that match no checkout or subscription the app recorded (or are malformed): ' +
        'a leaked webhook secret, a replay from another environment, or a bug. Look up the event ids ' +
        "in the stripe-webhook logs ('stripe event refused').",
    );

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `${props.prefix}-operations`,
      defaultInterval: Duration.hours(6),
    });
    const fnList = [...props.functions.values()];
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'HTTP API requests and errors',
        left: [requests, clientErrors, serverErrors],
        right: [errorRate],
        width: 12,
      }),
      new cloudwatch.GraphWidget({
        title: 'HTTP API latency (p50 / p99)',
        left: [
          props.httpStage.metricLatency({ period: FIVE_MINUTES, statistic: 'p50' }),
          props.httpStage.metricLatency({ period: FIVE_MINUTES, statistic: 'p99' }),
        ],
        width: 12,
      }),
    );
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Generations',
        left: [
          business(METRIC.GenerationsStarted),
          business(METRIC.GenerationsFailed),
          business(METRIC.StemsProviderFallbacks),
        ],
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'Payments: checkouts and webhook outcomes',
        left: [
          business(METRIC.CheckoutsCreated),
          business(METRIC.WebhookApplied),
          business(METRIC.WebhookDuplicate),
          business(METRIC.WebhookSignatureFailed),
          business(METRIC.WebhookRefused),
        ],
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'Uploads completed',
        left: [business(METRIC.UploadsCompleted)],
        width: 8,
      }),
    );
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Lambda errors (top functions)',
        left: fnList.map((fn) => fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' })),
        legendPosition: cloudwatch.LegendPosition.RIGHT,
        width: 12,
      }),
      new cloudwatch.GraphWidget({
        title: 'Lambda throttles',
        left: fnList.map((fn) => fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' })),
        legendPosition: cloudwatch.LegendPosition.RIGHT,
        width: 12,
      }),
    );
    if (props.stateMachines.size > 0) {
      this.dashboard.addWidgets(
        new cloudwatch.GraphWidget({
          title: 'State machine executions',
          left: [...props.stateMachines.values()].flatMap((machine) => [
            machine.metricSucceeded({ period: FIVE_MINUTES, statistic: 'Sum' }),
            machine.metricFailed({ period: FIVE_MINUTES, statistic: 'Sum' }),
            machine.metricTimedOut({ period: FIVE_MINUTES, statistic: 'Sum' }),
          ]),
          width: 24,
        }),
      );
    }
    this.dashboard.addWidgets(
      new cloudwatch.AlarmStatusWidget({
        title: 'Alarms',
        alarms: this.alarms,
        width: 24,
        height: Math.min(12, 2 + Math.ceil(this.alarms.length / 4)),
      }),
    );

    new CfnOutput(this, 'AlarmTopicArn', { value: this.topic.topicArn });
    new CfnOutput(this, 'DashboardName', { value: this.dashboard.dashboardName });
  }
}
