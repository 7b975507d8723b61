import { randomUUID } from 'node:crypto';
import { routes } from '../../infra/routes';
import { db } from '../../lambdas/_lib/aws/dynamodb';
import { handler as community } from '../../lambdas/community/handler';
import { handler as competitions } from '../../lambdas/competitions/handler';
import { handler as creatorProfile } from '../../lambdas/creator-profile/handler';
import { handler as meSettings } from '../../lambdas/me-settings/handler';
import type { ApiHandler } from '../../lambdas/_lib/http';
import { answerOf, apiGatewayEvent, lambdaContext, matchRoute, type Answer } from '../support/api-events';

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
): Promise<Answer<T>> {
  const [rawPath, search = ''] = path.split('?');
  // The first matching route wins, as in the local router and API Gateway (static before {param}).
  const found = matchRoute(routes, method, rawPath!);
  if (!found || !siteRoutes.includes(found.route)) throw new Error(`No site route for ${method} ${path}`);
  const name = found.route.functionName;
  const event = apiGatewayEvent({
    method,
    routePath: found.route.path,
    rawPath: rawPath!,
    rawQueryString: search,
    query: Object.fromEntries(new URLSearchParams(search)),
    pathParameters:
      found.params &&
      Object.fromEntries(Object.entries(found.params).map(([k, v]) => [k, decodeURIComponent(v)])),
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    claims: options.claims,
  });
  return answerOf<T>(await handlers[name]!(event, lambdaContext(name)));
}
