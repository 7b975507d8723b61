import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import type { RouteDefinition } from '../../infra/routes';
import type { ApiEvent, ApiResult } from '../../lambdas/_lib/http';

/**
 * What API Gateway (HTTP API, JWT authorizer) hands a Lambda, for tests that call handlers directly:
 * the route a request matches, the v2 event with the caller's claims, the Lambda context, and the
 * parsed answer. Shared by the unit and integration helpers.
 */

/** JWT claims as the authorizer passes them (`sub` always, other claims as given; array claims as `[a b]`). */
export interface JwtClaims {
  sub: string;
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/** The first route of `candidates` that matches `method rawPath` (as the local router and API Gateway). */
export function matchRoute<R extends Pick<RouteDefinition, 'method' | 'path'>>(
  candidates: readonly R[],
  method: string,
  rawPath: string,
): { route: R; params?: Record<string, string> } | undefined {
  for (const route of candidates) {
    if (route.method !== method) continue;
    const match = new RegExp(`^${route.path.replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`).exec(rawPath);
    if (match) return { route, ...(match.groups ? { params: { ...match.groups } } : {}) };
  }
  return undefined;
}

export interface EventOptions {
  method: string;
  /** The route's path template (`/api/projects/{id}`); the route key is `method routePath`. */
  routePath: string;
  rawPath: string;
  rawQueryString?: string;
  /** Sent as `queryStringParameters` when it has any key. */
  query?: Record<string, string>;
  pathParameters?: Record<string, string>;
  body?: string;
  /** The signed-in caller; none means no `authorizer` (an open route). `email` defaults to `<sub>@example.com`. */
  claims?: JwtClaims;
  sourceIp?: string;
}

/** An API Gateway v2 event (payload format 2.0) as the HTTP API sends it to a Lambda. */
export function apiGatewayEvent(options: EventOptions): ApiEvent {
  const { method, rawPath, claims, query } = options;
  const routeKey = `${method} ${options.routePath}`;
  const now = Date.now();
  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString: options.rawQueryString ?? '',
    headers: { 'content-type': 'application/json' },
    ...(query && Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(options.pathParameters ? { pathParameters: options.pathParameters } : {}),
    body: options.body,
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: new Date(now).toISOString(),
      timeEpoch: now,
      http: {
        method,
        path: rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: options.sourceIp ?? '127.0.0.1',
        userAgent: 'vitest',
      },
      ...(claims
        ? {
            authorizer: {
              principalId: '',
              integrationLatency: 0,
              jwt: { claims: { email: `${claims.sub}@example.com`, ...claims }, scopes: [] },
            },
          }
        : {}),
    },
  } as unknown as ApiEvent; // the JWT claims type only admits string | number | boolean | string[] values
}

/** A Lambda context for function `name`. */
export function lambdaContext(name: string): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${name}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${name}`,
    logStreamName: 'test',
    getRemainingTimeInMillis: () => 30_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** The handler's result as status + parsed JSON body (undefined when there is no body). */
export function answerOf<T = Record<string, unknown>>(
  result: Pick<ApiResult, 'statusCode' | 'body'>,
): Answer<T> {
  return { status: result.statusCode ?? 200, body: (result.body ? JSON.parse(result.body) : undefined) as T };
}
