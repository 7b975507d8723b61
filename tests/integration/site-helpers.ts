import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { routes } from '../../infra/routes';
import { db } from '../../lambdas/_lib/clients';
import { handler as community } from '../../lambdas/community/handler';
import { handler as competitions } from '../../lambdas/competitions/handler';
import { handler as creatorProfile } from '../../lambdas/creator-profile/handler';
import { handler as meSettings } from '../../lambdas/me-settings/handler';
import type { ApiEvent, ApiHandler } from '../../lambdas/_lib/http';

/** Calls the site Lambdas (issue 9) as API Gateway does; records DynamoDB commands and rejects a Scan. */
const handlers: Record<string, ApiHandler> = {
  competitions,
  community,
  'creator-profile': creatorProfile,
  'me-settings': meSettings,
};
const siteRoutes = routes.filter((route) => route.functionName in handlers);

export const sentCommands: string[] = [];
type Send = (...args: unknown[]) => Promise<unknown>;
const original = db.send.bind(db) as unknown as Send;
(db as unknown as { send: Send }).send = (async (...args: unknown[]) => {
  const name = (args[0] as object).constructor.name;
  sentCommands.push(name);
  if (name === 'ScanCommand') throw new Error('Scan is not allowed in request paths');
  return original(...args);
}) as Send;

export interface Claims {
  sub: string;
  name?: string;
  email?: string;
  'cognito:groups'?: string;
}

export const user = (name = 'Pessoa Teste'): Claims => ({ sub: `user-${randomUUID()}`, name });

export async function call<T = Record<string, unknown>>(
  method: string,
  path: string,
  options: { claims?: Claims; body?: unknown; rawBody?: string } = {},
): Promise<{ status: number; body: T }> {
  const [rawPath, search = ''] = path.split('?');
  // The first matching route wins, as in the local router and API Gateway (static before {param}).
  const found = routes
    .map((route) => ({
      route,
      match:
        route.method === method
          ? new RegExp(`^${route.path.replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`).exec(rawPath!)
          : null,
    }))
    .find(({ match }) => match);
  if (!found || !siteRoutes.includes(found.route)) throw new Error(`No site route for ${method} ${path}`);
  const query = Object.fromEntries(new URLSearchParams(search));
  const key = `${method} ${found.route.path}`;
  const now = Date.now();
  const event = {
    version: '2.0',
    routeKey: key,
    rawPath: rawPath!,
    rawQueryString: search,
    headers: { 'content-type': 'application/json' },
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(found.match?.groups
      ? {
          pathParameters: Object.fromEntries(
            Object.entries(found.match.groups).map(([k, v]) => [k, decodeURIComponent(v)]),
          ),
        }
      : {}),
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      requestId: randomUUID(),
      routeKey: key,
      stage: '$default',
      time: new Date(now).toISOString(),
      timeEpoch: now,
      http: { method, path: rawPath!, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      ...(options.claims
        ? {
            authorizer: {
              principalId: '',
              integrationLatency: 0,
              jwt: { claims: { email: `${options.claims.sub}@example.com`, ...options.claims }, scopes: [] },
            },
          }
        : {}),
    },
  } as unknown as ApiEvent;
  const name = found.route.functionName;
  const context = {
    functionName: name,
    awsRequestId: randomUUID(),
    getRemainingTimeInMillis: () => 30_000,
  } as unknown as Context;
  const result = await handlers[name]!(event, context);
  return { status: result.statusCode ?? 200, body: (result.body ? JSON.parse(result.body) : undefined) as T };
}
