import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { functions, type FunctionDefinition } from '../../infra/functions';
import { routes } from '../../infra/routes';
import { tableDefinition } from '../../infra/table-definition';
import { WebConfig } from '../../shared/schemas/web-config';
import { synthPlatform } from './synth';

const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555';

let data: Template;
let auth: Template;
let api: Template;
let web: Template;
let outdir: string;

beforeAll(() => {
  // Production, explicitly (the default stage is dev): retention and deletion protection are asserted.
  const { app, platform } = synthPlatform({ stage: 'prod', domainName: 'app.example.com', certificateArn });
  outdir = app.outdir;
  data = Template.fromStack(platform.data);
  auth = Template.fromStack(platform.auth);
  api = Template.fromStack(platform.api);
  web = Template.fromStack(platform.web);
});

type Resource = { Properties: Record<string, unknown> };

describe('Data stack', () => {
  it('builds the one table from infra/table-definition.ts with PITR and TTL', () => {
    data.resourceCountIs('AWS::DynamoDB::GlobalTable', 1);
    data.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      TimeToLiveSpecification: { AttributeName: tableDefinition.ttlAttribute, Enabled: true },
      GlobalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((index) =>
        Match.objectLike({
          IndexName: index.indexName,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
        }),
      ),
      Replicas: [
        Match.objectLike({
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          DeletionProtectionEnabled: true,
        }),
      ],
    });
  });

  it('keeps every bucket private, encrypted, TLS-only and free of abandoned multipart uploads', () => {
    const buckets = data.findResources('AWS::S3::Bucket') as Record<string, Resource>;
    expect(Object.keys(buckets)).toHaveLength(3); // audio-files, ai-analysis, access logs
    for (const bucket of Object.values(buckets)) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(JSON.stringify(bucket.Properties.BucketEncryption)).toContain('AES256');
      expect(JSON.stringify(bucket.Properties.LifecycleConfiguration)).toContain(
        '"AbortIncompleteMultipartUpload":{"DaysAfterInitiation":1}',
      );
    }
    const policies = Object.values(data.findResources('AWS::S3::BucketPolicy') as Record<string, Resource>);
    expect(policies).toHaveLength(3);
    for (const policy of policies) {
      expect(JSON.stringify(policy.Properties.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
    }
  });

  it('lets browsers PUT parts to the data buckets and read their ETag, with access logs', () => {
    const withCors = data.findResources('AWS::S3::Bucket', {
      Properties: {
        CorsConfiguration: {
          CorsRules: [
            Match.objectLike({
              AllowedMethods: Match.arrayWith(['PUT', 'GET', 'HEAD']),
              ExposedHeaders: ['ETag'],
            }),
          ],
        },
        LoggingConfiguration: Match.objectLike({ DestinationBucketName: Match.anyValue() }),
      },
    });
    expect(Object.keys(withCors)).toHaveLength(2);
  });

  it('expires ai-analysis attachments after a day as the safety net', () => {
    const expiring = data.findResources('AWS::S3::Bucket', {
      Properties: {
        CorsConfiguration: Match.anyValue(),
        LifecycleConfiguration: { Rules: Match.arrayWith([Match.objectLike({ ExpirationInDays: 1 })]) },
      },
    });
    expect(Object.keys(expiring)).toHaveLength(1);
  });
});

describe('Auth stack', () => {
  it('signs in by e-mail with name required and a mutable custom role', () => {
    auth.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      Schema: Match.arrayWith([
        Match.objectLike({ Name: 'name', Required: true }),
        Match.objectLike({ Name: 'role', AttributeDataType: 'String', Mutable: true }),
      ]),
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: 8,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
        }),
      },
      LambdaConfig: { PostConfirmation: Match.anyValue() },
    });
  });

  it('attaches the post-confirmation function as the trigger, with group rights on this pool only', () => {
    const fns = auth.findResources('AWS::Lambda::Function') as Record<string, Resource>;
    const [triggerId] = Object.keys(fns);
    expect(Object.keys(fns)).toHaveLength(1);
    auth.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: { PostConfirmation: { 'Fn::GetAtt': [triggerId, 'Arn'] } },
    });
    auth.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: Match.arrayWith(['cognito-idp:AdminAddUserToGroup']),
            Resource: { 'Fn::GetAtt': [Match.stringLikeRegexp('UserPool'), 'Arn'] },
          }),
        ]),
      },
    });
  });

  it('has one group per role plus the staff group studio, and an SRP web client without secret', () => {
    const groups = Object.values(
      auth.findResources('AWS::Cognito::UserPoolGroup') as Record<string, Resource>,
    );
    expect(groups.map((g) => g.Properties.GroupName).sort()).toEqual(['client', 'creator', 'studio']);
    auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayWith(['ALLOW_USER_SRP_AUTH']),
    });
  });
});

describe('Api stack', () => {
  it('builds one Node 24 arm64 Lambda per catalogue entry', () => {
    const lambdas = [
      ...Object.values(api.findResources('AWS::Lambda::Function') as Record<string, Resource>),
      ...Object.values(auth.findResources('AWS::Lambda::Function') as Record<string, Resource>),
    ];
    expect(lambdas).toHaveLength(functions.length);
    const descriptions = lambdas.map((fn) => fn.Properties.Description).sort();
    expect(descriptions).toEqual(functions.map((fn) => fn.description).sort());
    for (const fn of lambdas) {
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        TracingConfig: { Mode: 'Active' },
        Handler: 'index.handler',
      });
      expect(fn.Properties.Environment).toMatchObject({ Variables: { STAGE: 'cloud' } });
      // Source maps are opt-in (-c sourceMaps=true): parsing them on start slows every cold start.
      expect((fn.Properties.Environment as { Variables: object }).Variables).not.toHaveProperty(
        'NODE_OPTIONS',
      );
    }
  });

  it("gives Stripe functions the secret ARN, read access to it and the app URL's SSM parameter", () => {
    const stripeFunctions = functions.filter((fn: FunctionDefinition) => fn.stripeSecret);
    const lambdas = Object.values(api.findResources('AWS::Lambda::Function') as Record<string, Resource>);
    const withSecret = lambdas.filter((fn) =>
      JSON.stringify(fn.Properties.Environment).includes('STRIPE_SECRET_ARN'),
    );
    expect(withSecret.map((fn) => fn.Properties.Description).sort()).toEqual(
      stripeFunctions.map((fn) => fn.description).sort(),
    );
    for (const fn of withSecret) {
      expect(fn.Properties.Environment).toMatchObject({
        Variables: { PUBLIC_APP_URL_PARAMETER: '/five-d/prod/public-app-url' },
      });
      expect(JSON.stringify(fn.Properties.Environment)).not.toContain('PUBLIC_APP_URL"');
    }
    // The Web stack writes the custom domain there.
    web.hasResourceProperties('AWS::SSM::Parameter', {
      Name: '/five-d/prod/public-app-url',
      Value: 'https://app.example.com',
    });
    const secretReaders = api.findResources('AWS::IAM::Policy', {
      Properties: {
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Action: ['secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret'],
              Resource: { 'Fn::ImportValue': Match.stringLikeRegexp('StripeSecret') },
            }),
          ]),
        },
      },
    });
    expect(Object.keys(secretReaders)).toHaveLength(stripeFunctions.length);
  });

  it('serves every route of infra/routes.ts, protected ones behind the Cognito JWT authorizer', () => {
    const authorizers = api.findResources('AWS::ApiGatewayV2::Authorizer');
    const [authorizerId] = Object.keys(authorizers);
    api.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      JwtConfiguration: { Audience: [Match.anyValue()], Issuer: Match.anyValue() },
    });
    const created = Object.values(api.findResources('AWS::ApiGatewayV2::Route') as Record<string, Resource>);
    expect(created).toHaveLength(routes.length);
    for (const route of routes) {
      const match = created.find((r) => r.Properties.RouteKey === `${route.method} ${route.path}`);
      expect(match, `${route.method} ${route.path}`).toBeDefined();
      if (route.auth === 'user') {
        expect(match?.Properties).toMatchObject({
          AuthorizationType: 'JWT',
          AuthorizerId: { Ref: authorizerId },
        });
      } else {
        expect(match?.Properties.AuthorizationType ?? 'NONE').toBe('NONE');
      }
    }
  });

  it('logs and throttles the default stage', () => {
    api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
      DefaultRouteSettings: Match.objectLike({ ThrottlingRateLimit: 200, ThrottlingBurstLimit: 400 }),
    });
  });

  it('grants table access on the table and its named indexes only', () => {
    const policies = JSON.stringify(api.findResources('AWS::IAM::Policy'));
    expect(policies).not.toContain('/index/*');
    expect(policies).not.toContain('dynamodb:Scan');
    expect(policies).toContain(`/index/${tableDefinition.globalSecondaryIndexes[0]?.indexName}`);
  });
});

describe('Web stack', () => {
  it('serves the private bucket through origin access control, TLS 1.2 and the SPA rewrite', () => {
    // One for the site bucket, one for the public covers and previews of the audio bucket.
    web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 2);
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        ViewerCertificate: Match.objectLike({ MinimumProtocolVersion: 'TLSv1.2_2021' }),
        Logging: Match.objectLike({ Bucket: Match.anyValue() }),
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          FunctionAssociations: Match.arrayWith([Match.objectLike({ EventType: 'viewer-request' })]),
          ResponseHeadersPolicyId: Match.anyValue(),
        }),
      }),
    });
    web.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: Match.stringLikeRegexp('/index.html'),
    });
  });

  it('forwards /api/* uncached to the HTTP API with viewer headers but not Host', () => {
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: Match.arrayWith([
          Match.objectLike({
            PathPattern: '/api/*',
            AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
            CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // managed CachingDisabled
            OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // managed AllViewerExceptHostHeader
          }),
        ]),
      }),
    });
  });

  it('sends security headers: HSTS, CSP allowing Cognito, frame and content-type options', () => {
    const [policy] = Object.values(
      web.findResources('AWS::CloudFront::ResponseHeadersPolicy') as Record<string, Resource>,
    );
    const text = JSON.stringify(policy?.Properties);
    expect(text).toContain('StrictTransportSecurity');
    expect(text).toContain('https://cognito-idp.');
    expect(text).toContain('"FrameOption":"DENY"');
    expect(text).toContain('ContentTypeOptions');
    expect(text).toContain('strict-origin-when-cross-origin');
  });

  it('writes /config.json at deploy with the pool ids and the SRP flow', () => {
    const deployments = Object.values(
      web.findResources('Custom::CDKBucketDeployment') as Record<string, Resource>,
    );
    const shell = deployments.find((d) => JSON.stringify(d.Properties.Include ?? []).includes('config.json'));
    expect(shell?.Properties.Prune).toBe(false);
    const keys = shell?.Properties.SourceObjectKeys as string[];
    const markers = shell?.Properties.SourceMarkers as Record<string, unknown>[];
    const configIndex = markers.findIndex((m) => Object.keys(m).length > 0);
    const configAsset = path.join(outdir, `asset.${keys[configIndex]?.replace(/\.zip$/, '')}`, 'config.json');
    const config = WebConfig.parse(JSON.parse(readFileSync(configAsset, 'utf8')));
    expect(config).toMatchObject({ apiBase: '/api', authFlowType: 'USER_SRP_AUTH', stage: 'cloud' });
    // The ids are deploy-time values: markers resolved by the deployment from the Auth stack's exports.
    const resolved = JSON.stringify(markers[configIndex]);
    expect(resolved).toContain('UserPool');
    expect(resolved).toContain('WebClient');
    expect(config.userPoolId).toMatch(/<<marker:/);
  });
});
