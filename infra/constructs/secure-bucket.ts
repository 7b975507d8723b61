import type { RemovalPolicy } from 'aws-cdk-lib';
import { Duration, Validations } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

export interface SecureBucketProps {
  /** Server access logs go here, under a prefix named after this bucket's construct id. */
  readonly accessLogsBucket: s3.IBucket;
  /** Browser origins allowed to PUT/GET/HEAD directly (presigned URLs); none means no CORS rule. */
  readonly corsOrigins?: readonly string[];
  /** Expire every object after this many days (a safety net for data that must not linger). */
  readonly expireAfterDays?: number;
  readonly removalPolicy: RemovalPolicy;
}

/**
 * A private bucket the way every bucket of the platform must be: public access blocked, TLS only,
 * S3-managed encryption, server access logs, incomplete multipart uploads aborted after a day, and a
 * CORS rule that exposes `ETag` (the browser needs each part's ETag to complete a multipart upload).
 */
export class SecureBucket extends Construct {
  public readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: SecureBucketProps) {
    super(scope, id);
    const lifecycleRules: s3.LifecycleRule[] = [
      { id: 'abort-incomplete-multipart', abortIncompleteMultipartUploadAfter: Duration.days(1) },
    ];
    if (props.expireAfterDays !== undefined) {
      lifecycleRules.push({ id: 'expire-objects', expiration: Duration.days(props.expireAfterDays) });
    }
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: `${id}/`,
      lifecycleRules,
      removalPolicy: props.removalPolicy,
      cors:
        props.corsOrigins && props.corsOrigins.length > 0
          ? [
              {
                allowedMethods: [s3.HttpMethods.PUT, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
                allowedOrigins: [...props.corsOrigins],
                allowedHeaders: ['*'],
                exposedHeaders: ['ETag'],
                maxAge: 3000,
              },
            ]
          : undefined,
    });
  }
}

export interface AccessLogsBucketProps {
  readonly removalPolicy: RemovalPolicy;
  /** CloudFront standard logging still writes through ACLs, so its log bucket must allow them. */
  readonly allowAclWrites?: boolean;
  readonly retentionDays?: number;
}

/** Where server access logs and CDN logs land: private, TLS only, encrypted, expiring. */
export class AccessLogsBucket extends Construct {
  public readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: AccessLogsBucketProps) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: props.allowAclWrites
        ? s3.ObjectOwnership.BUCKET_OWNER_PREFERRED
        : s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [
        { id: 'expire-logs', expiration: Duration.days(props.retentionDays ?? 90) },
        { id: 'abort-incomplete-multipart', abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      removalPolicy: props.removalPolicy,
    });
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket itself; logging it into itself would loop.',
    });
  }
}
