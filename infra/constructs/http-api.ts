import { Validations } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { RemovalPolicy } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import type { RouteDefinition } from '../routes';

export interface PlatformHttpApiProps {
  readonly routes: readonly RouteDefinition[];
  /** The Lambda serving each function name of the route table. */
  readonly functionFor: (name: string) => lambda.IFunction;
  readonly userPool: cognito.IUserPool;
  readonly userPoolClient: cognito.IUserPoolClient;
  readonly logRetention: logs.RetentionDays;
  readonly removalPolicy: RemovalPolicy;
  readonly throttle: { readonly rateLimit: number; readonly burstLimit: number };
  /** Tighter per-route throttling (route key → limits) for costly routes; keys absent from `routes` are skipped. */
  readonly routeThrottle?: Readonly<
    Record<string, { readonly rateLimit: number; readonly burstLimit: number }>
  >;
}

/**
 * Per-route throttling of the routes that cost money or CPU per call (AI generation, chat,
 * transcription, stem splitting, upload sessions), under the stage default. Per-user and per-address
 * burst limits are enforced by the handlers themselves (lambdas/_lib/rate-limit.ts).
 */
export const COSTLY_ROUTE_THROTTLE = {
  'POST /api/functions/suno-create-music': { rateLimit: 10, burstLimit: 20 },
  'POST /api/functions/neural-stem-splitter': { rateLimit: 5, burstLimit: 10 },
  'POST /api/functions/chatbot': { rateLimit: 20, burstLimit: 40 },
  'POST /api/functions/voice-to-text': { rateLimit: 10, burstLimit: 20 },
  'POST /api/uploads': { rateLimit: 20, burstLimit: 40 },
} as const;

/**
 * The HTTP API: every route of infra/routes.ts, `user` routes behind the Cognito JWT authorizer
 * (audience = the web client), one Lambda integration per function, access logs and throttling on
 * the default stage. CloudFront is its only intended caller (same origin as the web app: no CORS).
 */
export class PlatformHttpApi extends Construct {
  public readonly api: apigwv2.HttpApi;
  public readonly stage: apigwv2.HttpStage;
  public readonly accessLogs: logs.LogGroup;

  constructor(scope: Construct, id: string, props: PlatformHttpApiProps) {
    super(scope, id);
    this.api = new apigwv2.HttpApi(this, 'HttpApi', { createDefaultStage: false });

    this.accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: props.logRetention,
      removalPolicy: props.removalPolicy,
    });
    this.stage = new apigwv2.HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle,
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(this.accessLogs),
        format: apigw.AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            latencyMs: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            sub: '$context.authorizer.claims.sub',
          }),
        ),
      },
    });

    const authorizer = new HttpUserPoolAuthorizer('CognitoJwt', props.userPool, {
      userPoolClients: [props.userPoolClient],
    });
    const integrations = new Map<string, HttpLambdaIntegration>();
    const created = new Map<string, apigwv2.HttpRoute>();
    for (const route of props.routes) {
      let integration = integrations.get(route.functionName);
      if (!integration) {
        // One invoke permission per function for this API (source `<api>/*/*/*`) instead of one per
        // route: the same reach (API Gateway only calls a function through its own integration) at half
        // the Lambda::Permission resources, which count against the Api stack's 500-resource limit.
        integration = new HttpLambdaIntegration(
          `${route.functionName}-integration`,
          props.functionFor(route.functionName),
          { scopePermissionToRoute: false },
        );
        integrations.set(route.functionName, integration);
      }
      const [added] = this.api.addRoutes({
        path: route.path,
        methods: [apigwv2.HttpMethod[route.method]],
        integration,
        authorizer: route.auth === 'user' ? authorizer : new apigwv2.HttpNoneAuthorizer(),
      });
      if (added) created.set(`${route.method} ${route.path}`, added);
      if (route.auth === 'public' && added) {
        Validations.of(added).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `${route.method} ${route.path} is public by design in infra/routes.ts.`,
        });
      }
    }
    if (props.routeThrottle) {
      const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
      for (const [key, limits] of Object.entries(props.routeThrottle)) {
        const route = created.get(key);
        if (!route) continue;
        routeSettings[key] = {
          ThrottlingRateLimit: limits.rateLimit,
          ThrottlingBurstLimit: limits.burstLimit,
        };
        // Route settings name routes by key: the stage must be created after them.
        this.stage.node.addDependency(route);
      }
      (this.stage.node.defaultChild as apigwv2.CfnStage).routeSettings = routeSettings;
    }
  }
}
