import type { App, Environment } from 'aws-cdk-lib';
import { functions, type FunctionDefinition } from '../functions';
import { routes, type RouteDefinition } from '../routes';
import { ApiStack } from './api-stack';
import { AuthStack } from './auth-stack';
import { DataStack } from './data-stack';
import { OpsStack } from './ops-stack';
import type { PlatformSettings } from './settings';
import { WafStack } from './waf-stack';
import { WebStack } from './web-stack';

export interface Platform {
  readonly data: DataStack;
  readonly auth: AuthStack;
  readonly api: ApiStack;
  readonly web: WebStack;
  /** Alarms, alarm topic and dashboard for every function, the HTTP API and the state machines. */
  readonly ops: OpsStack;
  /** Only with `-c waf=true`: the CloudFront web ACL, in us-east-1. */
  readonly waf?: WafStack;
}

/**
 * The whole platform, stacks by lifecycle: Data (retained state) → Auth (identity + its triggers) →
 * Api (functions + HTTP API, redeployed often) → Ops (alarms + dashboard on Auth and Api) and
 * Web (CDN + static app).
 */
export function buildPlatform(
  app: App,
  settings: PlatformSettings,
  env?: Environment,
  tables: {
    functions?: readonly FunctionDefinition[];
    routes?: readonly RouteDefinition[];
    /** The web build the Web stack deploys (default web/dist; the infra tests pass a small fixture). */
    webDist?: string;
  } = {},
): Platform {
  const prefix = `FiveD-${settings.stage}`;
  const catalogue: readonly FunctionDefinition[] = tables.functions ?? functions;
  const data = new DataStack(app, `${prefix}-Data`, {
    env,
    settings,
    description: '5D table and buckets',
    // Presigned uploads come from the web app's origin: the custom domain, else a CloudFront domain
    // (the distribution's own name is only known in the later Web stack).
    corsOrigins: [settings.domainName ? `https://${settings.domainName}` : 'https://*.cloudfront.net'],
  });
  const shared = {
    table: data.table,
    audioBucket: data.audioBucket,
    analysisBucket: data.analysisBucket,
    stripeSecret: data.stripeSecret,
  };
  const auth = new AuthStack(app, `${prefix}-Auth`, {
    env,
    settings,
    description: '5D user pool and its triggers',
    triggerFunctions: catalogue.filter((fn) => fn.cognitoTrigger),
    ...shared,
  });
  const api = new ApiStack(app, `${prefix}-Api`, {
    env,
    settings,
    description: '5D HTTP API and Lambda functions',
    functions: catalogue.filter((fn) => !fn.cognitoTrigger),
    routes: tables.routes ?? routes,
    userPool: auth.userPool,
    userPoolClient: auth.webClient,
    ...shared,
    openaiSecret: data.openaiSecret,
    providersSecret: data.providersSecret,
    originSecret: data.originSecret,
  });
  // Observability apart from the Api stack (CloudFormation's 500-resource limit, see OpsStack). Its
  // references to the watched functions make it depend on (deploy after) the Api and Auth stacks.
  const watched = [...auth.functions, ...api.functions];
  const ops = new OpsStack(app, `${prefix}-Ops`, {
    env,
    settings,
    description: '5D alarms, alarm topic and operations dashboard',
    prefix,
    httpStage: api.httpApi.stage,
    functions: new Map(watched.map(([name, fn]) => [name, fn.function] as const)),
    stateMachines: new Map([...api.stateMachines].map(([name, machine]) => [name, machine.stateMachine])),
    // Any function given a dead-letter queue gets a queue-depth alarm without further wiring, and so does
    // every stream consumer's on-failure queue.
    deadLetterQueues: new Map([
      ...watched.flatMap(([name, fn]) =>
        fn.function.deadLetterQueue ? [[name, fn.function.deadLetterQueue] as const] : [],
      ),
      ...[...api.streamConsumers].map(
        ([name, consumer]) => [`${name}-stream`, consumer.deadLetterQueue] as const,
      ),
    ]),
    // Stream consumers falling behind (search showing stale results).
    streamConsumers: new Map(
      [...api.streamConsumers.keys()].map((name) => [name, api.functions.get(name)!.function] as const),
    ),
  });
  ops.addStackDependency(api, 'alarms and dashboard watch the Api stack');
  // A CloudFront web ACL must be created in us-east-1; the Web stack reads its ARN across regions,
  // which needs a concrete account and region (CDK_DEFAULT_ACCOUNT / CDK_DEFAULT_REGION at deploy).
  let waf: WafStack | undefined;
  if (settings.waf) {
    if (!env?.account || !env.region)
      throw new Error(
        '-c waf=true needs the deploy account and region (run with AWS credentials configured).',
      );
    waf = new WafStack(app, `${prefix}-Waf`, {
      env: { account: env.account, region: 'us-east-1' },
      crossRegionReferences: true,
      description: '5D CloudFront WAF web ACL (us-east-1)',
    });
  }
  const web = new WebStack(app, `${prefix}-Web`, {
    env,
    settings,
    description: '5D web app on CloudFront',
    ...(tables.webDist ? { distPath: tables.webDist } : {}),
    httpApi: api.httpApi.api,
    audioBucket: data.audioBucket,
    originSecret: data.originSecret,
    userPool: auth.userPool,
    userPoolClient: auth.webClient,
    ...(waf ? { webAclArn: waf.webAcl.attrArn, crossRegionReferences: true } : {}),
  });
  return { data, auth, api, ops, web, ...(waf ? { waf } : {}) };
}

export { settingsFromContext } from './context';
