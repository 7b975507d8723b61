import * as path from 'node:path';
import { CfnOutput, DefaultStackSynthesizer, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';
import { repoRoot } from '../constructs/app-function';
import { acknowledgeWildcardActions, acknowledgeWildcardResources } from '../constructs/nag';
import { OriginSecretRotation } from '../constructs/origin-secret';
import { WebSite } from '../constructs/web-site';
import {
  logRetentionOf,
  publicAppUrlParameterName,
  removalPolicyOf,
  type PlatformSettings,
} from './settings';

export interface WebStackProps extends StackProps {
  readonly settings: PlatformSettings;
  readonly httpApi: apigwv2.IHttpApi;
  /** The audio bucket (Data stack): public covers and previews are served from it. */
  readonly audioBucket: s3.IBucket;
  readonly userPool: cognito.IUserPool;
  readonly userPoolClient: cognito.IUserPoolClient;
  /** Defaults to web/dist; build it with `npm run build:web` before `cdk deploy`. */
  readonly distPath?: string;
  /** The CloudFront origin secret (Data stack): its `current` value goes in the API origin header. */
  readonly originSecret: secretsmanager.ISecret;
  /** CloudFront WAF web ACL ARN (from the us-east-1 Waf stack, `-c waf=true`). */
  readonly webAclArn?: string;
}

/** The front door: CloudFront serving the web app and forwarding /api/* to the HTTP API. */
export class WebStack extends Stack {
  public readonly site: WebSite;
  public readonly rotation: OriginSecretRotation;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    this.site = new WebSite(this, 'Site', {
      distPath: props.distPath ?? path.join(repoRoot, 'web/dist'),
      config: {
        apiBase: '/api',
        region: this.region,
        userPoolId: props.userPool.userPoolId,
        userPoolClientId: props.userPoolClient.userPoolClientId,
        authFlowType: 'USER_SRP_AUTH',
        stage: 'cloud',
      },
      httpApi: props.httpApi,
      audioBucket: props.audioBucket,
      removalPolicy: removalPolicyOf(props.settings),
      domainName: props.settings.domainName,
      certificateArn: props.settings.certificateArn,
      webAclArn: props.webAclArn,
      // A dynamic reference, resolved by CloudFormation at deploy: the value is never in the template.
      originHeaderValue: props.originSecret.secretValueFromJson('current').unsafeUnwrap(),
    });
    this.acknowledgeBucketDeploymentHandler();
    this.rotation = new OriginSecretRotation(this, 'OriginSecretRotation', {
      secret: props.originSecret,
      distribution: this.site.distribution,
      logRetention: logRetentionOf(props.settings),
      removalPolicy: removalPolicyOf(props.settings),
    });

    // The app's public origin for Stripe's return URLs, read by the payment functions (they deploy
    // first, so they agree on the parameter's name): ops' value, the custom domain, or the distribution.
    const url =
      props.settings.publicAppUrl ??
      (props.settings.domainName
        ? `https://${props.settings.domainName}`
        : `https://${this.site.distribution.distributionDomainName}`);
    new ssm.StringParameter(this, 'PublicAppUrl', {
      parameterName: publicAppUrlParameterName(props.settings.stage),
      description: '5D web app public origin (Stripe return URLs)',
      stringValue: url,
    });

    new CfnOutput(this, 'Url', { value: url });
  }

  /** BucketDeployment's provider is a stack-level singleton Lambda owned by aws-cdk-lib. */
  private acknowledgeBucketDeploymentHandler(): void {
    for (const child of this.node.children) {
      if (!child.node.id.startsWith('Custom::CDKBucketDeployment')) continue;
      Validations.of(child).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason:
          'aws-cdk-lib BucketDeployment provider: AWS managed basic execution role (its own logs only).',
      });
      Validations.of(child).acknowledge({
        id: 'AwsSolutions-L1',
        reason:
          'aws-cdk-lib BucketDeployment provider: its (Python) runtime is chosen and updated by aws-cdk-lib.',
      });
      const policy = child.node.tryFindChild('ServiceRole')?.node.tryFindChild('DefaultPolicy');
      if (!policy) continue;
      const reason =
        'aws-cdk-lib BucketDeployment provider: copies the CDK asset into the site bucket (sync + prune).';
      acknowledgeWildcardActions(
        policy,
        ['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'],
        reason,
      );
      // The CDK bootstrap assets bucket, named as DefaultStackSynthesizer names it.
      const qualifier = String(
        this.node.tryGetContext('@aws-cdk/core:bootstrapQualifier') ??
          DefaultStackSynthesizer.DEFAULT_QUALIFIER,
      );
      const assetsBucket = DefaultStackSynthesizer.DEFAULT_FILE_ASSETS_BUCKET_NAME.replace(
        '${Qualifier}',
        qualifier,
      )
        .replace('${AWS::AccountId}', this.account)
        .replace('${AWS::Region}', this.region);
      acknowledgeWildcardResources(
        this,
        policy,
        () => [this.site.bucket.arnForObjects('*'), `arn:${this.partition}:s3:::${assetsBucket}/*`],
        reason,
      );
    }
  }
}
