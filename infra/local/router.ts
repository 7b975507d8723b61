import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { ErrorCode, type ApiErrorCode } from '../../shared/errors';
import { formatApiError } from '../../shared/i18n/api-errors/format';
import apiErrorsPtBR from '../../shared/i18n/api-errors/pt-BR';
import { publicMediaKey } from '../../shared/marketplace/public-media';
import type { WebConfig } from '../../shared/schemas/web-config';
import { routeKey, routes, type RouteDefinition } from '../routes';
import { lambdaContext, loadHandler } from './handlers';
import { readBody } from './net';

/**
 * The local stand-in for CloudFront + the HTTP API: a plain Node `http` request handler (mountable in
 * front of Vite) that serves every route of `infra/routes.ts` under `/api/*` by invoking the real
 * handler with an API Gateway v2 (payload 2.0) event, and serves `/config.json`.
 *
 * Auth, as the HTTP API's Cognito JWT authorizer does it: on `auth: 'user'` routes the
 * `Authorization: Bearer <ID token>` must verify against the pool's JWKS (RS256, issuer, audience =
 * app client id, not expired, token_use id); otherwise 401 and the handler is never invoked. Claims
 * reach the handler as API Gateway renders them: strings, arrays as `[a b]` text.
 * `public` routes get no claims, exactly like API Gateway; handlers that want an optional signed-in
 * caller verify the token themselves (lambdas/_lib/auth.ts `optionalCaller`).
 */
export interface RouterOptions {
  issuer: string;
  jwksUri: string;
  audience: string;
  webConfig: WebConfig;
  /**
   * `cloudfront-viewer-country` as CloudFront sets it: from the viewer's address, never from the request
   * (a client-sent value is replaced, so geo detection cannot be spoofed through the twin either).
   */
  viewerCountry?: string;
  /**
   * The origin secret CloudFront adds as `x-origin-verify` (lambdas/_lib/origin-guard.ts); `npm start`
   * sets it together with ORIGIN_VERIFY_SECRET, so the twin runs the same check as AWS.
   */
  originVerify?: string;
  quiet?: boolean;
  /** Public covers and previews at their CloudFront paths (infra/local/public-media.ts). */
  publicMedia?: RequestHandler;
}

export type RequestHandler = (req: IncomingMessage, res: ServerResponse, next?: () => void) => void;

export interface LocalRouter {
  handle: RequestHandler;
  /** True for the paths this router answers (`/api/*`, `/config.json`, public media). */
  owns(url: string): boolean;
}

type Claims = Record<string, string>;
type Matched = { route: RouteDefinition; pathParameters: Record<string, string> };

const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

interface CompiledRoute {
  route: RouteDefinition;
  pattern: RegExp;
  names: string[];
}

function compile(route: RouteDefinition): CompiledRoute {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const param = /^\{([A-Za-z0-9_]+)(\+?)\}$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(param[1]!);
      return param[2] ? '(.+)' : '([^/]+)';
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), names };
}

/** Text content types reach the handler as text; everything else base64-encoded, as in API Gateway. */
export function isTextContent(contentType: string | undefined): boolean {
  if (!contentType) return true;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type.endsWith('+json') ||
    type === 'application/xml' ||
    type.endsWith('+xml') ||
    type === 'application/javascript' ||
    type === 'application/graphql'
  );
}

/** Claims as the HTTP API JWT authorizer passes them: every value as text, arrays as `[a b]`. */
export function renderClaims(payload: JWTPayload): Claims {
  const claims: Claims = {};
  for (const [name, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) claims[name] = `[${value.map(String).join(' ')}]`;
    else if (typeof value === 'object') claims[name] = JSON.stringify(value);
    else claims[name] = String(value);
  }
  return claims;
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  extra: Record<string, string> = {},
): void {
  const data = Buffer.from(JSON.stringify(body));
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': String(data.length),
    ...extra,
  });
  res.end(data);
}

/** The router's own refusals (API Gateway's, in the cloud) in the API's error shape. */
function sendError(res: ServerResponse, status: number, code: ApiErrorCode, extra?: Record<string, string>) {
  sendJson(res, status, { error: { code, message: formatApiError(apiErrorsPtBR, code) ?? code } }, extra);
}

export function createRouter(options: RouterOptions): LocalRouter {
  const compiled = routes.map(compile);
  const jwks = createRemoteJWKSet(new URL(options.jwksUri));

  async function verify(authorization: string | undefined): Promise<Claims | { error: string }> {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    if (!match) return { error: 'Missing bearer token' };
    try {
      const { payload } = await jwtVerify(match[1]!, jwks, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ['RS256'],
      });
      if (payload.token_use !== 'id') return { error: 'Not an ID token' };
      return renderClaims(payload);
    } catch (error) {
      return { error: (error as Error).message };
    }
  }

  function match(method: string, path: string): Matched | 'method' | 'malformed' | undefined {
    let pathMatched = false;
    for (const entry of compiled) {
      const found = entry.pattern.exec(path);
      if (!found) continue;
      pathMatched = true;
      if (entry.route.method !== method) continue;
      const pathParameters: Record<string, string> = {};
      try {
        entry.names.forEach((name, index) => {
          pathParameters[name] = decodeURIComponent(found[index + 1]!);
        });
      } catch {
        // A malformed escape (`%zz`, a cut UTF-8 sequence): API Gateway answers 400, not a 5xx.
        return 'malformed';
      }
      return { route: entry.route, pathParameters };
    }
    return pathMatched ? 'method' : undefined;
  }

  async function invoke(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const found = match(method, url.pathname);
    if (!found) {
      sendError(res, 404, ErrorCode.NotFound);
      return;
    }
    if (found === 'malformed') {
      sendError(res, 400, ErrorCode.BadRequest);
      return;
    }
    if (found === 'method') {
      const allowed = compiled.filter((c) => c.pattern.test(url.pathname)).map((c) => c.route.method);
      sendError(res, 405, 'METHOD_NOT_ALLOWED', { allow: allowed.join(', ') });
      return;
    }
    const { route, pathParameters } = found;

    let claims: Claims | undefined;
    const authorization = req.headers.authorization;
    if (route.auth === 'user') {
      const verified = await verify(authorization);
      if ('error' in verified) {
        sendError(res, 401, ErrorCode.Unauthorized, {
          'www-authenticate': `Bearer error="invalid_token", error_description="${String(verified.error).replace(/"/g, "'")}"`,
        });
        return;
      }
      claims = verified as Claims;
    }

    const body = await readBody(req);
    if (body.length > MAX_PAYLOAD_BYTES) {
      sendError(res, 413, 'REQUEST_TOO_LARGE');
      return;
    }
    const event = buildEvent(
      req,
      url,
      route,
      pathParameters,
      body,
      claims,
      options.viewerCountry,
      options.originVerify,
    );
    const requestId = event.requestContext.requestId;
    let result: unknown;
    try {
      const handler = await loadHandler(route.functionName);
      result = await handler(event, lambdaContext(route.functionName, requestId));
    } catch (error) {
      if (!options.quiet) console.error(`[router] ${route.functionName} failed:`, error);
      sendError(res, 500, ErrorCode.Internal, { 'apigw-requestid': requestId });
      return;
    }
    writeResult(res, result, requestId);
  }

  function ownsApi(path: string): boolean {
    return path === '/config.json' || path === '/api' || path.startsWith('/api/');
  }

  function owns(url: string): boolean {
    const path = url.split('?')[0] ?? '';
    return ownsApi(path) || (options.publicMedia !== undefined && publicMediaKey(path) !== undefined);
  }

  return {
    owns,
    handle(req, res, next) {
      const url = new URL(req.url ?? '/', 'http://local');
      if (url.pathname === '/config.json') {
        if (req.method !== 'GET' && req.method !== 'HEAD') {
          sendError(res, 405, 'METHOD_NOT_ALLOWED', { allow: 'GET, HEAD' });
          return;
        }
        sendJson(res, 200, options.webConfig);
        return;
      }
      if (options.publicMedia && !ownsApi(url.pathname) && publicMediaKey(url.pathname) !== undefined) {
        options.publicMedia(req, res);
        return;
      }
      if (!owns(url.pathname)) {
        if (next) next();
        else sendError(res, 404, ErrorCode.NotFound);
        return;
      }
      invoke(req, res, url).catch((error: unknown) => {
        if (!options.quiet) console.error('[router]', error);
        if (!res.headersSent) sendError(res, 500, ErrorCode.Internal);
        else res.destroy();
      });
    },
  };
}

export function buildEvent(
  req: IncomingMessage,
  url: URL,
  route: RouteDefinition,
  pathParameters: Record<string, string>,
  body: Buffer,
  claims: Claims | undefined,
  viewerCountry = 'BR',
  originVerify?: string,
) {
  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    if (lower === 'cookie') {
      cookies = (Array.isArray(value) ? value.join('; ') : value)
        .split(';')
        .map((c) => c.trim())
        .filter(Boolean);
      continue;
    }
    headers[lower] = Array.isArray(value) ? value.join(',') : value;
  }
  // What CloudFront adds on its way to the API: its own viewer country and the origin header, both
  // replacing anything the client sent under those names.
  headers['cloudfront-viewer-country'] = viewerCountry;
  if (originVerify) headers['x-origin-verify'] = originVerify;
  const rawQueryString = url.search.startsWith('?') ? url.search.slice(1) : '';
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams)
    query[name] = name in query ? `${query[name]},${value}` : value;
  const now = new Date();
  const requestId = randomUUID();
  const text = isTextContent(headers['content-type']);
  const sourceIp = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  const key = routeKey(route);
  return {
    version: '2.0' as const,
    routeKey: key,
    rawPath: url.pathname,
    rawQueryString,
    ...(cookies ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(Object.keys(pathParameters).length ? { pathParameters } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      ...(claims
        ? { authorizer: { principalId: '', integrationLatency: 0, jwt: { claims, scopes: null } } }
        : {}),
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0]!,
      http: {
        method: (req.method ?? 'GET').toUpperCase(),
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: key,
      stage: '$default',
      time: apiGatewayTime(now),
      timeEpoch: now.getTime(),
    },
    ...(body.length ? { body: text ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: body.length > 0 && !text,
  };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `25/Nov/2026:22:00:00 +0000`, the format of `requestContext.time`. */
function apiGatewayTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${pad(date.getUTCDate())}/${MONTHS[date.getUTCMonth()]}/${date.getUTCFullYear()}:` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`
  );
}

interface StructuredResult {
  statusCode?: number;
  headers?: Record<string, string | number | boolean>;
  multiValueHeaders?: Record<string, (string | number | boolean)[]>;
  cookies?: string[];
  body?: string;
  isBase64Encoded?: boolean;
}

/** Writes a Lambda result the way API Gateway's payload 2.0 integration does. */
function writeResult(res: ServerResponse, result: unknown, requestId: string): void {
  const structured =
    result !== null && typeof result === 'object' && 'statusCode' in result
      ? (result as StructuredResult)
      : undefined;
  if (!structured) {
    // A result without statusCode is taken as a JSON body with 200.
    const data = Buffer.from(typeof result === 'string' ? result : JSON.stringify(result ?? null));
    res.writeHead(200, {
      'content-type': 'application/json',
      'apigw-requestid': requestId,
      'content-length': data.length,
    });
    res.end(data);
    return;
  }
  const headers: Record<string, string | string[]> = { 'apigw-requestid': requestId };
  for (const [name, value] of Object.entries(structured.headers ?? {}))
    headers[name.toLowerCase()] = String(value);
  for (const [name, values] of Object.entries(structured.multiValueHeaders ?? {})) {
    headers[name.toLowerCase()] = values.map(String).join(',');
  }
  if (structured.cookies?.length) headers['set-cookie'] = structured.cookies;
  const data = structured.body
    ? Buffer.from(structured.body, structured.isBase64Encoded ? 'base64' : 'utf8')
    : Buffer.alloc(0);
  headers['content-length'] = String(data.length);
  res.writeHead(structured.statusCode ?? 200, headers);
  res.end(data);
}
