import { Stack, Validations, type StackProps } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { AppTable } from '../constructs/app-table';
import { grantPublicMediaRead } from '../constructs/public-media';
import { AccessLogsBucket, SecureBucket } from '../constructs/secure-bucket';
import { removalPolicyOf, type PlatformSettings } from './settings';

export interface DataStackProps extends StackProps {
  readonly settings: PlatformSettings;
  /**
   * Origins allowed to upload/download straight to the buckets with presigned URLs (CORS only lets
   * the browser read the answers; the presigned signature is what protects the objects).
   */
  readonly corsOrigins: readonly string[];
}

/** Long-lived state: the table and the two buckets. Deployed rarely, retained in production. */
export class DataStack extends Stack {
  public readonly table: dynamodb.TableV2;
  public readonly audioBucket: s3.Bucket;
  public readonly analysisBucket: s3.Bucket;
  public readonly stripeSecret: secretsmanager.Secret;
  public readonly openaiSecret: secretsmanager.Secret;
  public readonly providersSecret: secretsmanager.Secret;
  /** The value CloudFront adds to API requests (JSON { current, previous }); rotated by the Web stack. */
  public readonly originSecret: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const removalPolicy = removalPolicyOf(props.settings);
    const corsOrigins = props.corsOrigins;

    this.table = new AppTable(this, 'AppTable', { retain: props.settings.retainData }).table;
    const accessLogs = new AccessLogsBucket(this, 'AccessLogs', { removalPolicy }).bucket;
    this.audioBucket = new SecureBucket(this, 'AudioFiles', {
      accessLogsBucket: accessLogs,
      corsOrigins,
      removalPolicy,
    }).bucket;
    // Covers and catalogue previews are public through CloudFront (origin access control, issue 16).
    grantPublicMediaRead(this.audioBucket);
    // Analysis attachments are deleted by a one-time schedule a minute after analysis; expiring
    // everything after a day is the safety net if that schedule ever fails.
    this.analysisBucket = new SecureBucket(this, 'AiAnalysis', {
      accessLogsBucket: accessLogs,
      corsOrigins,
      expireAfterDays: 1,
      removalPolicy,
    }).bucket;

    // Ops put the real values after the first deploy (README): until then payments answer 503
    // PAYMENTS_UNAVAILABLE, since the handlers require both fields.
    this.stripeSecret = new secretsmanager.Secret(this, 'StripeSecret', {
      description: '5D Stripe API key and webhook signing secret: JSON { secretKey, webhookSecret }',
      secretObjectValue: {},
      removalPolicy,
    });
    Validations.of(this.stripeSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Stripe keys are rolled in the Stripe dashboard, then stored here; no rotation Lambda can do it.',
    });
    // Ops put { "apiKey": "sk-..." } here (README); until then the AI functions answer offline.
    this.openaiSecret = new secretsmanager.Secret(this, 'OpenAiSecret', {
      description: '5D OpenAI API key: JSON { apiKey }',
      secretObjectValue: {},
      removalPolicy,
    });
    Validations.of(this.openaiSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'OpenAI keys are rolled in the OpenAI dashboard, then stored here; no rotation Lambda can do it.',
    });
    // Ops put the music/stems provider keys (and URLs, overriding -c musicProviderUrl/stemsProviderUrl)
    // here; the pipeline functions re-read it every few minutes (lambdas/_lib/provider-settings.ts).
    this.providersSecret = new secretsmanager.Secret(this, 'ProvidersSecret', {
      description:
        '5D music and stems providers: JSON { musicProviderKey, stemsProviderKey, musicProviderUrl, stemsProviderUrl }',
      secretObjectValue: {},
      removalPolicy,
    });
    Validations.of(this.providersSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'Provider keys are issued by each provider, then stored here; no rotation Lambda can do it.',
    });
    // Generated here, sent by CloudFront as x-origin-verify and checked by every API function
    // (lambdas/_lib/origin-guard.ts). Its rotation schedule lives in the Web stack, beside the
    // distribution it updates (infra/constructs/origin-secret.ts).
    this.originSecret = new secretsmanager.Secret(this, 'OriginSecret', {
      description: '5D CloudFront origin header value: JSON { current, previous }, rotated every 30 days',
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ previous: '' }),
        generateStringKey: 'current',
        excludePunctuation: true,
        passwordLength: 48,
      },
      removalPolicy,
    });
    Validations.of(this.originSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotated every 30 days by the RotationSchedule of the Web stack (it must update the distribution there).',
    });
  }
}
