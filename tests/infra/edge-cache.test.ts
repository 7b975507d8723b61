import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { EDGE_CACHE, EDGE_CACHE_MAX_SECONDS, PUBLIC_READ_PATHS } from '../../shared/edge-cache';
import {
  PUBLIC_MEDIA_CACHE_CONTROL,
  PUBLIC_MEDIA_PATH_PATTERNS,
} from '../../shared/marketplace/public-media';
import { synthPlatform } from './synth';

/**
 * Issue 16 at the edge: the public reads are cached by CloudFront keyed only on what changes the answer
 * (query string, language), nothing that identifies the viewer reaches the cache key or the origin, the
 * public covers and previews come from the audio bucket through origin access control at long-lived
 * immutable paths, and the catalogue index is kept from the table's stream by a mapped consumer.
 */

type Resource = { Properties: Record<string, unknown> };
interface Behavior {
  PathPattern: string;
  CachePolicyId: unknown;
  OriginRequestPolicyId?: unknown;
  TargetOriginId: string;
  AllowedMethods: string[];
  FunctionAssociations?: { EventType: string; FunctionARN: unknown }[];
}

let web: Template;
let api: Template;
let data: Template;
let ops: Template;
let behaviors: Behavior[];
let policies: Record<string, Resource>;

/** The logical id a `{ Ref: id }` or `{ 'Fn::GetAtt': [id, …] }` points at. */
function refOf(value: unknown): string {
  const v = value as { Ref?: string; 'Fn::GetAtt'?: [string, string] };
  return v.Ref ?? v['Fn::GetAtt']?.[0] ?? JSON.stringify(value);
}

function cachePolicyOf(pattern: string) {
  const behavior = behaviors.find((entry) => entry.PathPattern === pattern);
  expect(behavior, `a behaviour for ${pattern}`).toBeDefined();
  const policy = policies[refOf(behavior!.CachePolicyId)];
  expect(policy, `${pattern} uses a cache policy of this stack`).toBeDefined();
  return {
    behavior: behavior!,
    config: (policy!.Properties.CachePolicyConfig ?? {}) as {
      DefaultTTL: number;
      MaxTTL: number;
      MinTTL: number;
      ParametersInCacheKeyAndForwardedToOrigin: {
        QueryStringsConfig: { QueryStringBehavior: string };
        CookiesConfig: { CookieBehavior: string };
        HeadersConfig: { HeaderBehavior: string; Headers?: string[] };
      };
    },
  };
}

beforeAll(() => {
  const { platform } = synthPlatform({ stage: 'dev' });
  web = Template.fromStack(platform.web);
  api = Template.fromStack(platform.api);
  data = Template.fromStack(platform.data);
  ops = Template.fromStack(platform.ops);
  const [distribution] = Object.values(
    web.findResources('AWS::CloudFront::Distribution') as Record<string, Resource>,
  );
  behaviors = (distribution!.Properties.DistributionConfig as { CacheBehaviors: Behavior[] }).CacheBehaviors;
  policies = web.findResources('AWS::CloudFront::CachePolicy') as Record<string, Resource>;
});

describe('public API reads at the edge', () => {
  const paths = [...PUBLIC_READ_PATHS.withAuthorization, ...PUBLIC_READ_PATHS.anonymous];

  it('have their own behaviours ahead of the uncached /api/*', () => {
    const order = behaviors.map((behavior) => behavior.PathPattern);
    for (const path of paths) expect(order.indexOf(path), path).toBeGreaterThanOrEqual(0);
    const catchAll = order.indexOf('/api/*');
    expect(catchAll).toBeGreaterThan(Math.max(...paths.map((path) => order.indexOf(path))));
  });

  it('are keyed on the query string and the language only: no cookies, no other viewer header', () => {
    for (const path of PUBLIC_READ_PATHS.anonymous) {
      const { config } = cachePolicyOf(path);
      const key = config.ParametersInCacheKeyAndForwardedToOrigin;
      expect(key.QueryStringsConfig.QueryStringBehavior, path).toBe('all');
      expect(key.CookiesConfig.CookieBehavior, path).toBe('none');
      expect(key.HeadersConfig, path).toEqual({ HeaderBehavior: 'whitelist', Headers: ['Accept-Language'] });
    }
    // Creators POST to /api/projects: its key also holds Authorization, so a signed-in request never
    // shares an entry with the visitors' (who send none).
    const { config } = cachePolicyOf('/api/projects');
    expect(config.ParametersInCacheKeyAndForwardedToOrigin.HeadersConfig.Headers?.sort()).toEqual([
      'Accept-Language',
      'Authorization',
    ]);
  });

  it('keep an answer only as long as the answer says, never past the longest public TTL', () => {
    for (const path of paths) {
      const { config } = cachePolicyOf(path);
      expect(config.DefaultTTL, path).toBe(0);
      expect(config.MinTTL, path).toBe(0);
      expect(config.MaxTTL, path).toBe(EDGE_CACHE_MAX_SECONDS);
    }
    for (const policy of Object.values(EDGE_CACHE)) {
      expect(policy.sMaxAge).toBeLessThanOrEqual(EDGE_CACHE_MAX_SECONDS);
      expect(policy.staleWhileRevalidate).toBeGreaterThan(0);
    }
  });

  it('forward no viewer header or cookie to the API, and normalise the language at the edge', () => {
    const originPolicies = web.findResources('AWS::CloudFront::OriginRequestPolicy') as Record<
      string,
      Resource
    >;
    const functions = web.findResources('AWS::CloudFront::Function') as Record<string, Resource>;
    for (const path of PUBLIC_READ_PATHS.anonymous) {
      const { behavior } = cachePolicyOf(path);
      const origin = originPolicies[refOf(behavior.OriginRequestPolicyId)];
      expect(origin?.Properties.OriginRequestPolicyConfig, path).toMatchObject({
        HeadersConfig: { HeaderBehavior: 'none' },
        CookiesConfig: { CookieBehavior: 'none' },
        QueryStringsConfig: { QueryStringBehavior: 'all' },
      });
      const viewerRequest = behavior.FunctionAssociations?.find((f) => f.EventType === 'viewer-request');
      const code = String(functions[refOf(viewerRequest?.FunctionARN)]?.Properties.FunctionCode);
      expect(code, path).toContain("request.headers['accept-language'] = { value: chosen }");
    }
  });

  it('leave every other /api path uncached', () => {
    const { behavior } = { behavior: behaviors.find((entry) => entry.PathPattern === '/api/*')! };
    expect(behavior.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // managed CachingDisabled
  });
});

describe('public covers and previews', () => {
  it('come from the audio bucket through origin access control, cached a year, GET and HEAD only', () => {
    for (const pattern of PUBLIC_MEDIA_PATH_PATTERNS) {
      const { behavior, config } = cachePolicyOf(pattern);
      expect(behavior.AllowedMethods.sort()).toEqual(['GET', 'HEAD']);
      expect(config.MaxTTL).toBe(365 * 24 * 3600);
      expect(config.ParametersInCacheKeyAndForwardedToOrigin.QueryStringsConfig.QueryStringBehavior).toBe(
        'none',
      );
    }
    web.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        CustomHeadersConfig: {
          Items: [{ Header: 'Cache-Control', Value: PUBLIC_MEDIA_CACHE_CONTROL, Override: true }],
        },
      }),
    });
  });

  it('are the only objects of the audio bucket CloudFront may read', () => {
    const bucketPolicies = JSON.stringify(data.findResources('AWS::S3::BucketPolicy'));
    expect(bucketPolicies).toContain('PublicMediaThroughCloudFront');
    const statement = Object.values(data.findResources('AWS::S3::BucketPolicy') as Record<string, Resource>)
      .flatMap(
        (policy) =>
          (policy.Properties.PolicyDocument as { Statement: { Sid?: string; Resource: unknown }[] })
            .Statement,
      )
      .find((entry) => entry.Sid === 'PublicMediaThroughCloudFront')!;
    const resources = JSON.stringify(statement.Resource);
    expect(resources).toContain('/covers/*');
    expect(resources).toContain('/renditions/*/preview-128.mp3');
    expect(resources).not.toMatch(/"\/\*"/);
  });
});

describe('catalogue index kept from the table stream', () => {
  it('maps the stream to the indexer with a filter, batch splitting and a dead-letter queue', () => {
    api.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: Match.anyValue(),
      StartingPosition: 'TRIM_HORIZON',
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      FilterCriteria: {
        Filters: [{ Pattern: Match.stringLikeRegexp('PROJECT#') }],
      },
      DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
    });
  });

  it('alarms when the indexer falls behind the stream', () => {
    ops.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'IteratorAge',
      Threshold: 300_000,
    });
  });
});
