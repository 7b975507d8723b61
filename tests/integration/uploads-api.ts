import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { routes } from '../../infra/routes';
import type { ApiEvent, ApiHandler } from '../../lambdas/_lib/http';
import type { UploadApi } from '../../web/src/lib/multipart-uploader';

/**
 * Drives the uploads Lambda the way API Gateway (HTTP API, JWT authorizer) does: a v2 event with the
 * route key, path parameters and the caller's claims. Shared by the upload tests and the bench.
 */

export interface Claims {
  sub: string;
  email?: string;
  'custom:role'?: 'client' | 'creator';
  /** Creators are recognised by this group (set by the post-confirmation trigger), as API Gateway sends it. */
  'cognito:groups'?: string;
}

export interface ApiAnswer {
  statusCode: number;
  body: unknown;
}

type Handler = ApiHandler;

export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    const error = (body as { error?: { code?: string; message?: string } } | undefined)?.error;
    super(`${status} ${error?.code ?? ''}: ${error?.message ?? ''}`);
  }
}

const uploadRoutes = routes
  .filter((route) => route.functionName === 'uploads')
  .map((route) => ({
    route,
    pattern: new RegExp(`^${route.path.replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`),
  }));

function context(): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: 'uploads',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:uploads',
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: '/aws/lambda/uploads',
    logStreamName: 'test',
    getRemainingTimeInMillis: () => 30_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

export function apiEvent(method: string, rawPath: string, claims: Claims, body?: unknown): ApiEvent {
  const match = uploadRoutes
    .map(({ route, pattern }) => ({ route, found: route.method === method ? pattern.exec(rawPath) : null }))
    .find(({ found }) => found);
  if (!match) throw new Error(`No uploads route for ${method} ${rawPath}`);
  const now = Date.now();
  return {
    version: '2.0',
    routeKey: `${method} ${match.route.path}`,
    rawPath,
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    pathParameters: match.found?.groups ? { ...match.found.groups } : undefined,
    body: body === undefined ? undefined : JSON.stringify(body),
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      requestId: randomUUID(),
      routeKey: `${method} ${match.route.path}`,
      stage: '$default',
      time: new Date(now).toISOString(),
      timeEpoch: now,
      http: { method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      authorizer: {
        principalId: '',
        integrationLatency: 0,
        jwt: {
          claims: { email: `${claims.sub}@example.com`, 'custom:role': 'client', ...claims },
          scopes: [],
        },
      },
    },
  };
}

export async function callUploads(
  handler: Handler,
  method: string,
  rawPath: string,
  claims: Claims,
  body?: unknown,
): Promise<ApiAnswer> {
  const result = await handler(apiEvent(method, rawPath, claims, body), context());
  return {
    statusCode: result.statusCode ?? 200,
    body: result.body ? (JSON.parse(result.body) as unknown) : undefined,
  };
}

/** The uploader's `api` over direct handler calls, as one signed-in user. */
export function handlerApi(handler: Handler, claims: Claims): UploadApi {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const answer = await callUploads(handler, method, path, claims, body);
    if (answer.statusCode >= 400) throw new ApiCallError(answer.statusCode, answer.body);
    return answer.body as T;
  };
  return {
    post: (path, body) => call('POST', path, body),
    get: (path) => call('GET', path),
    delete: (path) => call('DELETE', path),
  };
}

/** An in-memory stand-in for localStorage: survives a "reload" (a new uploader call). */
export function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> & {
  data: Map<string, string>;
} {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}
