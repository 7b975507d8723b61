import { RemovalPolicy } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';

/** What differs between deployments of the platform (read from CDK context in infra/app.ts). */
export interface PlatformSettings {
  /** Deployment name, e.g. `prod` or `dev`; prefixes every stack name. */
  readonly stage: string;
  /** `prod` keeps data (RETAIN + deletion protection) and keeps logs longer. */
  readonly retainData: boolean;
  /** Optional custom domain for the web app (certificate must be an ACM ARN in us-east-1). */
  readonly domainName?: string;
  readonly certificateArn?: string;
  /** https origin of the web app (Stripe return URLs); defaults to https://<domainName>. */
  readonly publicAppUrl?: string;
  /** E-mail subscribed to the alarm topic (`-c alarmEmail=ops@example.com`). */
  readonly alarmEmail?: string;
  /** `-c waf=true`: a CloudFront WAF web ACL (stack in us-east-1) in front of the distribution. */
  readonly waf?: boolean;
}

export function removalPolicyOf(settings: PlatformSettings): RemovalPolicy {
  return settings.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
}

export function logRetentionOf(settings: PlatformSettings): logs.RetentionDays {
  return settings.retainData ? logs.RetentionDays.THREE_MONTHS : logs.RetentionDays.TWO_WEEKS;
}
