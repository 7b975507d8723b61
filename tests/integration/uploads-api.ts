import { routes } from '../../infra/routes';
import type { ApiEvent, ApiHandler } from '../../lambdas/_lib/http';
import type { UploadApi } from '../../web/src/lib/multipart-uploader';
import { apiGatewayEvent, lambdaContext, matchRoute } from '../support/api-events';

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

const uploadRoutes = routes.filter((route) => route.functionName === 'uploads');

export function apiEvent(method: string, rawPath: string, claims: Claims, body?: unknown): ApiEvent {
  const match = matchRoute(uploadRoutes, method, rawPath);
  if (!match) throw new Error(`No uploads route for ${method} ${rawPath}`);
  const withRole: Claims = { 'custom:role': 'client', ...claims };
  return apiGatewayEvent({
    method,
    routePath: match.route.path,
    rawPath,
    pathParameters: match.params,
    body: body === undefined ? undefined : JSON.stringify(body),
    claims: withRole,
  });
}

export async function callUploads(
  handler: Handler,
  method: string,
  rawPath: string,
  claims: Claims,
  body?: unknown,
): Promise<ApiAnswer> {
  const result = await handler(apiEvent(method, rawPath, claims, body), lambdaContext('uploads'));
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
