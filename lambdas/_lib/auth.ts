import type { Role } from '../../shared/schemas/profile';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { Forbidden, Unauthorized } from './errors';
import type { ApiEvent } from './http';

export interface Caller {
  sub: string;
  email: string;
  name: string;
  role: Role;
  groups: string[];
}

/**
 * The caller as the HTTP API JWT authorizer verified them (ID token claims). A handler on a
 * `user` route can rely on it; on a public route it answers 401 when nobody is signed in.
 */
export function requireCaller(event: ApiEvent): Caller {
  const claims = event.requestContext.authorizer?.jwt?.claims;
  const sub = claims?.sub;
  if (typeof sub !== 'string' || sub === '') throw new Unauthorized();
  const groups = parseGroups(claims?.['cognito:groups']);
  return {
    sub,
    email: String(claims?.email ?? ''),
    name: String(claims?.name ?? ''),
    // Groups are set by the post-confirmation trigger (admin-only); `custom:role` stays user-writable in
    // Cognito, so it never grants creator rights by itself.
    role: groups.includes('creator') ? 'creator' : 'client',
    groups,
  };
}

/**
 * The caller on an open route (one without the HTTP API authorizer), when the request carries a valid
 * ID token; otherwise undefined (anonymous use, metered separately). API Gateway passes no claims on
 * such routes, so the token is verified here exactly as the authorizer would: signature against the
 * pool's JWKS, issuer, audience (the web client) and `token_use: id`. An invalid token → 401, so a
 * signed-in user with an expired session is told so rather than silently treated as anonymous.
 */
export async function optionalCaller(event: ApiEvent): Promise<Caller | undefined> {
  if (event.requestContext.authorizer?.jwt?.claims?.sub) return requireCaller(event);
  const header = event.headers?.authorization ?? event.headers?.Authorization;
  if (!header) return undefined;
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (!token) throw new Unauthorized();
  const claims = await verifyIdToken(token);
  return requireCaller({
    ...event,
    requestContext: {
      ...event.requestContext,
      authorizer: { principalId: '', integrationLatency: 0, jwt: { claims, scopes: [] } },
    },
  });
}

let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

async function verifyIdToken(token: string): Promise<Record<string, string | number | boolean | string[]>> {
  const issuer = process.env.COGNITO_ISSUER;
  const audience = process.env.USER_POOL_CLIENT_ID;
  if (!issuer || !audience) throw new Unauthorized();
  jwks ??= createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`));
  try {
    const { payload } = await jwtVerify(token, jwks, { issuer, audience });
    if (payload.token_use !== 'id') throw new Unauthorized();
    const claims: Record<string, string | number | boolean | string[]> = {};
    for (const [name, value] of Object.entries(payload)) {
      // Same text form API Gateway uses for array claims such as cognito:groups.
      claims[name] = Array.isArray(value)
        ? `[${value.map(String).join(' ')}]`
        : (value as string | number | boolean);
    }
    return claims;
  } catch {
    throw new Unauthorized({ context: 'expired' });
  }
}

export function requireCreator(event: ApiEvent): Caller {
  const caller = requireCaller(event);
  if (caller.role !== 'creator') {
    throw new Forbidden('CREATOR_ONLY');
  }
  return caller;
}

/** API Gateway hands array claims over as `[a b]` text; the local router does the same. */
function parseGroups(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string' || value === '') return [];
  return value
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .filter(Boolean);
}
