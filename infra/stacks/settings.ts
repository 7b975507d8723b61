import { RemovalPolicy } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';

/**
 * Lambda memory a new AWS account may use: more needs a Service Quotas increase first
 * (docs/operations.md, "Quotas"). Functions that ask for more in infra/functions.ts get this much until
 * ops raise `-c maxFunctionMemoryMb`.
 */
export const NEW_ACCOUNT_MAX_MEMORY_MB = 3008;

/** What differs between deployments of the platform (read from CDK context in infra/app.ts). */
export interface PlatformSettings {
  /** Deployment name, e.g. `dev` (the default) or `prod`; prefixes every stack name. */
  readonly stage: string;
  /** `prod` keeps data (RETAIN + deletion protection) and keeps logs longer. */
  readonly retainData: boolean;
  /** Optional custom domain for the web app (certificate must be an ACM ARN in us-east-1). */
  readonly domainName?: string;
  readonly certificateArn?: string;
  /**
   * https origin of the web app (Stripe return URLs) when ops set it; otherwise the Web stack publishes
   * `https://<domainName>` or the distribution's own domain (infra/stacks/web-stack.ts).
   */
  readonly publicAppUrl?: string;
  /** E-mail subscribed to the alarm topic (`-c alarmEmail=ops@example.com`). */
  readonly alarmEmail?: string;
  /** `-c waf=true`: a CloudFront WAF web ACL (stack in us-east-1) in front of the distribution. */
  readonly waf?: boolean;
  /** Most memory any function gets (`-c maxFunctionMemoryMb=10240` once the quota allows it). */
  readonly maxFunctionMemoryMb?: number;
  /**
   * `-c reservedConcurrency=true`: the catalogue's per-function ceilings are applied. Off by default: a
   * new account's concurrency quota cannot spare them (docs/operations.md, "Quotas").
   */
  readonly reservedConcurrency?: boolean;
  /** `-c sesFromAddress=no-reply@example.com`: Cognito sends its e-mail through SES from this address. */
  readonly sesFromAddress?: string;
  /** SES region of that identity when not the stack's region (`-c sesRegion=us-east-1`). */
  readonly sesRegion?: string;
  /** Music and stems provider endpoints (`-c musicProviderUrl=https://…`); keys in the Providers secret. */
  readonly musicProviderUrl?: string;
  readonly stemsProviderUrl?: string;
}

export function removalPolicyOf(settings: PlatformSettings): RemovalPolicy {
  return settings.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
}

export function logRetentionOf(settings: PlatformSettings): logs.RetentionDays {
  return settings.retainData ? logs.RetentionDays.THREE_MONTHS : logs.RetentionDays.TWO_WEEKS;
}

/** The account limits every AppFunction of the platform honours. */
export function functionLimitsOf(settings: PlatformSettings): {
  maxMemoryMb: number;
  reservedConcurrency: boolean;
} {
  return {
    maxMemoryMb: settings.maxFunctionMemoryMb ?? NEW_ACCOUNT_MAX_MEMORY_MB,
    reservedConcurrency: settings.reservedConcurrency ?? false,
  };
}

/**
 * The SSM parameter holding the web app's https origin: written by the Web stack, read by the payment
 * functions of the Api stack (which deploys first, so the name is agreed on rather than referenced).
 */
export function publicAppUrlParameterName(stage: string): string {
  return `/five-d/${stage}/public-app-url`;
}
