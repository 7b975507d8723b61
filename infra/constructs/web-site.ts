import * as fs from 'node:fs';
import * as path from 'node:path';
import { Duration, Fn, Stack, Validations, type RemovalPolicy } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { WebConfig } from '../../shared/schemas/web-config';
import { bootScriptCspSources } from '../../web/prerender/boot-script';
import { PRERENDERED_PAGES, SPA_SHELL } from '../../web/prerender/pages';
import { PUBLIC_READ_PATHS } from '../../shared/edge-cache';
import { EdgeCache } from './edge-cache';
import { PublicMedia } from './public-media';
import { NotFoundStatus, ORIGINAL_URI_HEADER } from './not-found-status';
import { ORIGIN_HEADER } from './origin-secret';
import { AccessLogsBucket } from './secure-bucket';

export interface WebSiteProps {
  /** The Vite build (`npm run build:web` writes web/dist); synth stops when it is missing. */
  readonly distPath: string;
  /** Written beside the app as /config.json at deploy time. */
  readonly config: WebConfig;
  readonly httpApi: apigwv2.IHttpApi;
  /** Public covers and previews are served from it (infra/constructs/public-media.ts). */
  readonly audioBucket: s3.IBucket;
  readonly removalPolicy: RemovalPolicy;
  readonly domainName?: string;
  readonly certificateArn?: string;
  /** ARN of a CLOUDFRONT-scoped WAF web ACL (infra/stacks/waf-stack.ts, `-c waf=true`). */
  readonly webAclArn?: string;
  /**
   * Value of the `x-origin-verify` header CloudFront adds to every API request (a dynamic reference to
   * the origin secret): the API refuses requests without it (lambdas/_lib/origin-guard.ts).
   */
  readonly originHeaderValue: string;
}

/**
 * Rewrites app routes (paths whose last segment has no file extension) to their HTML file: the pages the
 * build prerenders have their own (web/prerender/pages.ts: `/` → /index.html, `/marketplace` →
 * /marketplace/index.html), every other route gets the start screen /spa.html; a missing asset still
 * returns a real 404. The asked path is kept in a header for the viewer-response 404 decision
 * (not-found-status.ts). Only on the default behaviour: /api/* answers come straight from the API, 404s
 * included.
 */
const spaRewriteCode = `var pages = ${JSON.stringify(PRERENDERED_PAGES)};
function handler(event) {
  var request = event.request;
  var last = request.uri.split('/').pop();
  request.headers['${ORIGINAL_URI_HEADER}'] = { value: request.uri };
  if (last.indexOf('.') === -1) request.uri = pages[request.uri.replace(/\\/+$/, '') || '/'] || '${SPA_SHELL}';
  return request;
}`;

/** The web app: private bucket behind CloudFront (OAC), SPA routing, security headers, /api/* to the API. */
export class WebSite extends Construct {
  public readonly bucket: s3.Bucket;
  public readonly distribution: cloudfront.Distribution;

  constructor(scope: Construct, id: string, props: WebSiteProps) {
    super(scope, id);
    const region = Stack.of(this).region;

    const logs = new AccessLogsBucket(this, 'Logs', {
      removalPolicy: props.removalPolicy,
      allowAclWrites: true,
    });
    this.bucket = new s3.Bucket(this, 'SiteBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: logs.bucket,
      serverAccessLogsPrefix: 's3-site/',
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }],
      removalPolicy: props.removalPolicy,
    });

    const securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: '5D security headers',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(region), override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(365),
          includeSubdomains: true,
          preload: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
        xssProtection: { protection: true, modeBlock: true, override: true },
      },
    });

    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      code: cloudfront.FunctionCode.fromInline(spaRewriteCode),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'SPA routes to their prerendered page or /spa.html',
    });

    // https://<id>.execute-api.<region>.amazonaws.com → the bare host name CloudFront needs.
    const apiDomain = Fn.select(2, Fn.split('/', props.httpApi.apiEndpoint));
    const apiOrigin = new origins.HttpOrigin(apiDomain, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      customHeaders: { [ORIGIN_HEADER]: props.originHeaderValue },
    });

    // Public reads cached at the edge (issue 16); covers and previews from the audio bucket.
    const edgeCache = new EdgeCache(this, 'EdgeCache');
    const publicRead = (cachePolicy: cloudfront.ICachePolicy): cloudfront.BehaviorOptions => ({
      origin: apiOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachedMethods: cloudfront.CachedMethods.CACHE_GET_HEAD,
      cachePolicy,
      originRequestPolicy: edgeCache.originRequest,
      responseHeadersPolicy: securityHeaders,
      functionAssociations: [
        { function: edgeCache.language, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
      ],
    });
    const publicReads: Record<string, cloudfront.BehaviorOptions> = {
      ...Object.fromEntries(
        PUBLIC_READ_PATHS.withAuthorization.map((path) => [
          path,
          publicRead(edgeCache.publicReadsWithAuthorization),
        ]),
      ),
      ...Object.fromEntries(
        PUBLIC_READ_PATHS.anonymous.map((path) => [path, publicRead(edgeCache.publicReads)]),
      ),
    };
    const media = new PublicMedia(this, 'PublicMedia', { audioBucket: props.audioBucket });

    const certificate = props.certificateArn
      ? acm.Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn)
      : undefined;

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: '5D web app and API',
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      certificate,
      domainNames: props.domainName && certificate ? [props.domainName] : undefined,
      minimumProtocolVersion: certificate ? cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      enableLogging: true,
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
      logBucket: logs.bucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        compress: true,
        functionAssociations: [
          { function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          {
            function: new NotFoundStatus(this, 'NotFoundStatus').function,
            eventType: cloudfront.FunctionEventType.VIEWER_RESPONSE,
          },
        ],
      },
      // Order matters: CloudFront takes the first pattern that matches, so the specific ones come first.
      additionalBehaviors: {
        ...media.behaviors,
        ...publicReads,
        '/api/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // All viewer headers except Host (API Gateway routes on its own host name), plus CloudFront's
          // viewer headers, CloudFront-Viewer-Country among them (GET /api/geo reads it). They can be
          // trusted because the API only answers requests carrying the origin header added here.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
        },
      },
    });

    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason: 'A worldwide marketplace: no geo restriction by design.',
    });
    if (!props.webAclArn) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR2',
        reason:
          'WAF is opt-in (`-c waf=true`, a us-east-1 stack): without it the API is throttled per stage and route, and the handlers rate-limit per user and address.',
      });
    }
    if (!certificate) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'No custom domain configured: the CloudFront default certificate cannot pin TLS 1.2 (set context domainName + certificateArn to get TLSv1.2_2021).',
      });
    }

    this.deployContent(props);
  }

  private deployContent(props: WebSiteProps): void {
    // A Web stack without the app would deploy an empty site without a word: refuse instead (infra/app.ts
    // builds web/dist when it is missing; the infra tests pass a small fixture build).
    if (!fs.existsSync(path.join(props.distPath, 'index.html')))
      throw new Error(`${props.distPath} has no index.html: run npm run build:web first.`);
    // Hashed Vite assets: cache forever. The HTML pages (index.html, spa.html and the prerendered pages
    // in their folders) and config.json go in the shell deployment, after the assets they load.
    const assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
      destinationBucket: this.bucket,
      sources: [s3deploy.Source.asset(props.distPath)],
      exclude: ['*.html', 'config.json'],
      cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
      memoryLimit: 512,
    });
    const shell = new s3deploy.BucketDeployment(this, 'DeployShell', {
      destinationBucket: this.bucket,
      sources: [s3deploy.Source.asset(props.distPath), s3deploy.Source.jsonData('config.json', props.config)],
      exclude: ['*'],
      include: ['*.html', 'config.json'],
      prune: false,
      cacheControl: [s3deploy.CacheControl.noCache()],
      memoryLimit: 512,
    });
    shell.node.addDependency(assets);
  }
}

function contentSecurityPolicy(region: string): string {
  const s3Hosts = `https://*.s3.${region}.amazonaws.com https://*.s3.amazonaws.com`;
  return [
    "default-src 'self'",
    // sql.js compiles its bundled wasm; the two inline start scripts of the HTML pages by their hash.
    `script-src 'self' 'wasm-unsafe-eval' ${bootScriptCspSources().join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `media-src 'self' blob: ${s3Hosts}`,
    // Amplify Auth talks to Cognito directly; uploads and downloads use presigned S3 URLs.
    `connect-src 'self' https://cognito-idp.${region}.amazonaws.com ${s3Hosts}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
