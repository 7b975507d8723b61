import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import type { ApiEvent, ApiResult } from '../../lambdas/_lib/http';

/** API Gateway v2 events for the AI handlers (unit and integration tests). */
export function apiEvent(path: string, body: unknown, sub?: string): ApiEvent {
  const now = Date.now();
  return {
    version: '2.0',
    routeKey: `POST ${path}`,
    rawPath: path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      requestId: randomUUID(),
      routeKey: `POST ${path}`,
      stage: '$default',
      time: new Date(now).toISOString(),
      timeEpoch: now,
      http: { method: 'POST', path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      ...(sub
        ? {
            authorizer: {
              principalId: '',
              integrationLatency: 0,
              jwt: { claims: { sub, email: `${sub}@example.com` }, scopes: [] },
            },
          }
        : {}),
    },
  } as unknown as ApiEvent;
}

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

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/** Imports lambdas/<name>/handler.ts and invokes it with a POST event. */
export async function invoke<T = Record<string, unknown>>(
  name: string,
  body: unknown,
  sub?: string,
): Promise<Answer<T>> {
  const module = (await import(`../../lambdas/${name}/handler.ts`)) as {
    handler: (event: ApiEvent, context: Context) => Promise<ApiResult>;
  };
  const result = await module.handler(apiEvent(`/api/functions/${name}`, body, sub), lambdaContext(name));
  return { status: result.statusCode ?? 200, body: JSON.parse(String(result.body ?? 'null')) as T };
}
