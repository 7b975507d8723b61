import * as path from 'node:path';
import { Duration, Stack, Validations, type RemovalPolicy } from 'aws-cdk-lib';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { repoRoot } from './app-function';

/** Header CloudFront adds to every API request (lambdas/_lib/origin-guard.ts checks it). */
export const ORIGIN_HEADER = 'x-origin-verify';
export const ORIGIN_SECRET_ROTATION_DAYS = 30;

export interface OriginSecretRotationProps {
  readonly secret: secretsmanager.ISecret;
  readonly distribution: cloudfront.IDistribution;
  readonly logRetention: logs.RetentionDays;
  readonly removalPolicy: RemovalPolicy;
}

/**
 * Rotates the CloudFront origin secret every 30 days (or on `aws secretsmanager rotate-secret`): a
 * Lambda (lambdas/origin-secret-rotation/handler.ts) writes a new value, makes it current while the API
 * still accepts the previous one, then updates the distribution's origin header.
 */
export class OriginSecretRotation extends Construct {
  public readonly function: NodejsFunction;

  constructor(scope: Construct, id: string, props: OriginSecretRotationProps) {
    super(scope, id);
    const logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention,
      removalPolicy: props.removalPolicy,
    });
    this.function = new NodejsFunction(this, 'Function', {
      description: '5D: rotates the CloudFront origin secret and updates the distribution header',
      entry: path.join(repoRoot, 'lambdas/origin-secret-rotation/handler.ts'),
      handler: 'handler',
      projectRoot: repoRoot,
      depsLockFilePath: path.join(repoRoot, 'package-lock.json'),
      runtime: lambda.Runtime.NODEJS_24_X,
      architecture: lambda.Architecture.ARM_64,
      // finishSecret waits 35 s before switching CloudFront (the guard's forced-refresh window).
      timeout: Duration.minutes(2),
      memorySize: 256,
      tracing: lambda.Tracing.ACTIVE,
      logGroup,
      environment: { DISTRIBUTION_ID: props.distribution.distributionId },
      bundling: { format: OutputFormat.ESM, minify: true, target: 'node24', mainFields: ['module', 'main'] },
    });
    const stack = Stack.of(this);
    this.function.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['cloudfront:GetDistributionConfig', 'cloudfront:UpdateDistribution'],
        resources: [
          stack.formatArn({
            service: 'cloudfront',
            region: '',
            resource: 'distribution',
            resourceName: props.distribution.distributionId,
          }),
        ],
      }),
    );
    new secretsmanager.RotationSchedule(this, 'Schedule', {
      secret: props.secret,
      rotationLambda: this.function,
      automaticallyAfter: Duration.days(ORIGIN_SECRET_ROTATION_DAYS),
      // The first deploy must not race the distribution it just created.
      rotateImmediatelyOnUpdate: false,
    });

    Validations.of(this.function).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: 'AWS managed basic execution role: only lets the function write its own CloudWatch logs.',
    });
    const policy = this.function.role?.node.tryFindChild('DefaultPolicy');
    if (policy) {
      Validations.of(policy).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'X-Ray PutTraceSegments/PutTelemetryRecords support no resource-level permissions.',
      });
    }
  }
}
