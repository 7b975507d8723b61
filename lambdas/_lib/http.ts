import middy, { type MiddlewareObj } from '@middy/core';
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import type { ZodType } from 'zod';
import { cacheControl, type EdgeCachePolicy } from '../../shared/edge-cache';
import { ErrorCode, type ApiErrorCode, type ApiErrorParams } from '../../shared/errors';
import { formatApiError } from '../../shared/i18n/api-errors/format';
import apiErrorsPtBR from '../../shared/i18n/api-errors/pt-BR';
import { languageFromAcceptLanguage, type Language } from '../../shared/i18n/language';
import { AppError, BadRequest, ValidationFailed } from './errors';
import { logger } from './logger';
import { originGuard } from './origin-guard';

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

/**
 * A public answer the edge may keep (shared/edge-cache.ts): identical for every visitor, so it must hold
 * no per-user field and no presigned URL. Errors are never public: they stay `no-store`.
 */
export function publicJson(
  body: unknown,
  policy: EdgeCachePolicy,
  headers: Record<string, string> = {},
): ApiResult {
  return json(200, body, { 'cache-control': cacheControl(policy), ...headers });
}

/**
 * Text for a quoted header value (a Server-Timing `desc`): printable ASCII only, anything else and `"`, `\`
 * and `%` percent-encoded. A header cannot carry other characters (Node refuses them, API Gateway mangles
 * them), and a search plan names the visitor's words, which may be in any script.
 */
export function headerText(text: string): string {
  // A lone surrogate has no UTF-8: it is written as the replacement character's bytes.
  const encode = (c: string) => (/^[\ud800-\udfff]$/u.test(c) ? '%EF%BF%BD' : encodeURIComponent(c));
  return text.replace(/[^\x20-\x7e]|["\\%]/gu, encode);
}

/**
 * `{error:{code,message,params?,issues?}}`: the message is the code's pt-BR text with its params (the web
 * shows its own catalogue's text for the code, in the reader's language). `extra` adds fields a caller
 * branches on (INPUT_POLICY's `reason`).
 */
export function errorResult(
  status: number,
  code: ApiErrorCode,
  params: ApiErrorParams = {},
  issues?: unknown,
  extra: Record<string, unknown> = {},
): ApiResult {
  const message = formatApiError(apiErrorsPtBR, code, params) ?? code;
  const withParams = Object.keys(params).length > 0 ? { params } : {};
  return json(status, { error: { code, message, ...withParams, ...(issues ? { issues } : {}), ...extra } });
}

/** The raw request body as text, decoded when API Gateway base64-encoded it. */
export function rawBody(event: Pick<ApiEvent, 'body' | 'isBase64Encoded'>): string {
  if (event.body == null) return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

/** Parses and validates the JSON body; every failure is a 400 with the zod issue, never a 500. */
export function parseBody<T>(event: ApiEvent, schema: ZodType<T>): T {
  const text = rawBody(event);
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw new BadRequest('REQUEST_TOO_LARGE');
  let value: unknown;
  try {
    value = text === '' ? {} : JSON.parse(text);
  } catch {
    throw new BadRequest('INVALID_JSON');
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

/** Longer path parameters are refused: no id, key or name of ours comes near it. */
const MAX_PATH_PARAM_LENGTH = 200;

/** Path parameter that the route table guarantees, validated anyway. */
/** The reader's language: the web sends the app's own in `Accept-Language` (CloudFront forwards it). */
export function readerLanguage(event: Pick<ApiEvent, 'headers'>): Language {
  return languageFromAcceptLanguage(event.headers?.['accept-language']);
}

export function pathParam(event: ApiEvent, name: string): string {
  const value = event.pathParameters?.[name];
  if (!value) throw new BadRequest('MISSING_PARAMETER', { name });
  if (value.length > MAX_PATH_PARAM_LENGTH)
    throw new BadRequest('INVALID_PARAMETER', { name, max: MAX_PATH_PARAM_LENGTH });
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
        const result = errorResult(error.status, error.code, error.params, error.issues);
        // A rate limit says when to come back (lambdas/_lib/rate-limit.ts).
        const retryAfter = (error as AppError & { retryAfter?: number }).retryAfter;
        if (typeof retryAfter === 'number')
          result.headers = { ...result.headers, 'retry-after': String(retryAfter) };
        request.response = withCorrelationId(request.event, result);
        return;
      }
      if (isTransientAwsError(error)) {
        // A dependency (DynamoDB, S3, Step Functions...) was unreachable or throttled after the SDK's own
        // retries: nothing was decided, so the caller may retry. 503 + Retry-After, never a bare 500.
        logger.warn('dependency unavailable', { error: error as Error });
        const result = errorResult(503, ErrorCode.Unavailable);
        request.response = withCorrelationId(request.event, {
          ...result,
          headers: { ...result.headers, 'retry-after': '2' },
        });
        return;
      }
      logger.error('unhandled error', { error: error as Error });
      request.response = withCorrelationId(request.event, errorResult(500, ErrorCode.Internal));
    },
  };
}

const TRANSIENT_NAMES = new Set([
  'TimeoutError',
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'InternalServerError',
  'SlowDown',
]);
const TRANSIENT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
]);

/** An AWS SDK failure that says "try again later" (network down, throttled, 5xx from the service). */
export function isTransientAwsError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as {
    name?: string;
    code?: string;
    $metadata?: { httpStatusCode?: number };
    $retryable?: unknown;
    cause?: unknown;
  };
  if (e.name && TRANSIENT_NAMES.has(e.name)) return true;
  if (e.code && TRANSIENT_CODES.has(e.code)) return true;
  const status = e.$metadata?.httpStatusCode;
  if (status !== undefined && (status >= 500 || status === 429)) return true;
  return e.cause !== undefined && e.cause !== error && isTransientAwsError(e.cause);
}

/** A caller-supplied correlation id is kept only when it is short and plain (it goes into every log line). */
const CORRELATION_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Adds the request's correlation id to every log line of this invocation: the caller's
 * `x-correlation-id` when it is a plain token, else API Gateway's request id; both are logged, and the
 * id is echoed in the `x-correlation-id` response header so a support ticket can quote it.
 */
export function correlationId(event: ApiEvent): string | undefined {
  const supplied = event.headers?.['x-correlation-id'];
  return supplied && CORRELATION_ID.test(supplied) ? supplied : event.requestContext?.requestId;
}

function withCorrelationId(event: ApiEvent, result: ApiResult): ApiResult {
  const id = correlationId(event);
  return id ? { ...result, headers: { ...result.headers, 'x-correlation-id': id } } : result;
}

export function correlation(): MiddlewareObj<ApiEvent, ApiResult> {
  return {
    before: (request) => {
      logger.appendKeys({
        correlationId: correlationId(request.event),
        requestId: request.event.requestContext?.requestId,
        route: request.event.routeKey,
      });
    },
    after: (request) => {
      if (request.response) request.response = withCorrelationId(request.event, request.response);
      logger.resetKeys();
    },
    onError: () => logger.resetKeys(),
  };
}

/**
 * The middy stack every HTTP handler starts from; the origin guard runs before anything else reads the
 * request (lambdas/_lib/origin-guard.ts).
 */
export function httpHandler(fn: (event: ApiEvent, context: Context) => Promise<ApiResult>): ApiHandler {
  return middy<ApiEvent, ApiResult>()
    .use(httpErrors())
    .use(correlation())
    .use(originGuard())
    .handler(fn) as unknown as ApiHandler;
}
