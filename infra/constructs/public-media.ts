import { Duration, Stack } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import {
  PUBLIC_MEDIA_CACHE_CONTROL,
  PUBLIC_MEDIA_KEY_PATTERNS,
  PUBLIC_MEDIA_PATH_PATTERNS,
} from '../../shared/marketplace/public-media';

/**
 * Public covers and previews (issue 16, shared/marketplace/public-media.ts) served by CloudFront from the
 * audio bucket through origin access control, at their own paths (`/covers/…`,
 * `/renditions/…/preview-128.mp3`): immutable keys kept a year at the edge and in browsers, byte ranges
 * (S3 and CloudFront serve `Range` as is). Nothing else of the bucket is reachable: the bucket grants
 * CloudFront only those key patterns (grantPublicMediaRead, in the Data stack that owns the bucket), and
 * only these behaviours point at it. Masters, MP3 leases and stems stay presigned.
 */
export class PublicMedia extends Construct {
  public readonly behaviors: Record<string, cloudfront.BehaviorOptions>;

  constructor(scope: Construct, id: string, props: { audioBucket: s3.IBucket }) {
    super(scope, id);
    // The bucket lives in the Data stack: referenced by name, its policy is written there (no cycle).
    const bucket = s3.Bucket.fromBucketAttributes(this, 'AudioBucket', {
      bucketName: props.audioBucket.bucketName,
      bucketArn: props.audioBucket.bucketArn,
    });
    const origin = origins.S3BucketOrigin.withOriginAccessControl(bucket, {
      originAccessLevels: [cloudfront.AccessLevel.READ],
    });
    const cachePolicy = new cloudfront.CachePolicy(this, 'Media', {
      comment: '5D public covers and previews: immutable keys',
      defaultTtl: Duration.days(365),
      minTtl: Duration.days(1),
      maxTtl: Duration.days(365),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const headers = new cloudfront.ResponseHeadersPolicy(this, 'MediaHeaders', {
      comment: '5D public media: long cache, no active content',
      customHeadersBehavior: {
        customHeaders: [{ header: 'Cache-Control', value: PUBLIC_MEDIA_CACHE_CONTROL, override: true }],
      },
      securityHeadersBehavior: {
        // An SVG cover opened on its own runs nothing and loads nothing.
        contentSecurityPolicy: {
          contentSecurityPolicy:
            "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
          override: true,
        },
        contentTypeOptions: { override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(365),
          includeSubdomains: true,
          override: true,
        },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.SAME_ORIGIN, override: true },
      },
    });
    const behavior: cloudfront.BehaviorOptions = {
      origin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy,
      responseHeadersPolicy: headers,
      compress: true,
    };
    this.behaviors = Object.fromEntries(PUBLIC_MEDIA_PATH_PATTERNS.map((pattern) => [pattern, behavior]));
  }
}

/**
 * The audio bucket's grant to CloudFront (origin access control): GetObject on the public key patterns
 * only, for this account's distributions (the distribution is created later, in the Web stack).
 */
export function grantPublicMediaRead(bucket: s3.Bucket): void {
  const stack = Stack.of(bucket);
  bucket.addToResourcePolicy(
    new iam.PolicyStatement({
      sid: 'PublicMediaThroughCloudFront',
      principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
      actions: ['s3:GetObject'],
      resources: PUBLIC_MEDIA_KEY_PATTERNS.map((pattern) => bucket.arnForObjects(pattern)),
      conditions: {
        ArnLike: { 'AWS:SourceArn': `arn:${stack.partition}:cloudfront::${stack.account}:distribution/*` },
      },
    }),
  );
}
