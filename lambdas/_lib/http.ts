import middy, { type MiddlewareObj } from '@middy/core';
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import type { ZodType } from 'zod';
import { ErrorCode } from '../../shared/errors';
import { AppError, BadRequest, ValidationFailed } from './errors';
import { logger } from './logger';

/**
 * Events reach our handlers from the HTTP API. Public routes carry no authorizer, so its presence is
 * optional here and checked by `requireUser`.
 */
export type ApiEvent = Omit<APIGatewayProxyEventV2WithJWTAuthorizer, 'requestContext'> & {
  requestContext: Omit<APIGatewayProxyEventV2WithJWTAuthorizer['requestContext'], 'authorizer'> & {
    authorizer?: APIGatewayProxyEventV2WithJWTAuthorizer['requestContext']['authorizer'];
  };
};
export type ApiResult = APIGatewayProxyStructuredResultV2;
export type ApiHandler = (event: ApiEvent, context: Context) => Promise<ApiResult>;

const MAX_BODY_BYTES = 256 * 1024;

export function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): ApiResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(body),
  };
}

export function errorResult(status: number, code: string, message: string, issues?: unknown): ApiResult {
  return json(status, { error: { code, message, ...(issues ? { issues } : {}) } });
}

/** The raw request body as text, decoded when API Gateway base64-encoded it. */
export function rawBody(event: Pick<ApiEvent, 'body' | 'isBase64Encoded'>): string {
  if (event.body == null) return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

/** Parses and validates the JSON body; every failure is a 400 with the zod issue, never a 500. */
export function parseBody<T>(event: ApiEvent, schema: ZodType<T>): T {
  const text = rawBody(event);
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw new BadRequest('Corpo da requisição muito grande.');
  let value: unknown;
  try {
    value = text === '' ? {} : JSON.parse(text);
  } catch {
    throw new BadRequest('O corpo da requisição não é JSON válido.');
  }
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationFailed(result.error);
  return result.data;
}

/** Validates query string parameters (all strings) against a schema. */
export function parseQuery<T>(event: ApiEvent, schema: ZodType<T>): T {
  const result = schema.safeParse(event.queryStringParameters ?? {});
  if (!result.success) throw new ValidationFailed(result.error);
  return result.data;
}

/** Path parameter that the route table guarantees, validated anyway. */
export function pathParam(event: ApiEvent, name: string): string {
  const value = event.pathParameters?.[name];
  if (!value || value.length > 200) throw new BadRequest(`Parâmetro ausente: ${name}`);
  return value;
}

/**
 * The one mapping from thrown errors to HTTP: AppError → its status and code, anything else → 500
 * with a generic message (details only in the log). Use it first so it runs last on errors.
 */
export function httpErrors(): MiddlewareObj<ApiEvent, ApiResult> {
  return {
    onError: (request) => {
      const error = request.error;
      if (error instanceof AppError) {
        if (error.status >= 500) logger.error('request failed', { error });
        request.response = errorResult(error.status, error.code, error.message, error.issues);
        return;
      }
      logger.error('unhandled error', { error: error as Error });
      request.response = errorResult(
        500,
        ErrorCode.Internal,
        'Problema temporário no servidor. Tente novamente.',
      );
    },
  };
}

/** Adds the request's correlation id to every log line of this invocation. */
export function correlation(): MiddlewareObj<ApiEvent, ApiResult> {
  return {
    before: (request) => {
      logger.appendKeys({
        requestId: request.event.requestContext?.requestId,
        route: request.event.routeKey,
      });
    },
    after: () => logger.resetKeys(),
    onError: () => logger.resetKeys(),
  };
}

/** The middy stack every HTTP handler starts from. */
export function httpHandler(fn: (event: ApiEvent, context: Context) => Promise<ApiResult>): ApiHandler {
  return middy<ApiEvent, ApiResult>()
    .use(httpErrors())
    .use(correlation())
    .handler(fn) as unknown as ApiHandler;
}
