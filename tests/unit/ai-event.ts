import type { Context } from 'aws-lambda';
import type { ApiEvent, ApiResult } from '../../lambdas/_lib/http';
import { apiGatewayEvent, lambdaContext, type Answer } from '../support/api-events';

/** API Gateway v2 events for the AI handlers (unit and integration tests). */
export function apiEvent(path: string, body: unknown, sub?: string): ApiEvent {
  return apiGatewayEvent({
    method: 'POST',
    routePath: path,
    rawPath: path,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    claims: sub ? { sub } : undefined,
  });
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
