import { Role } from '../../shared/schemas/profile';
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
  const role = Role.safeParse(claims?.['custom:role']);
  return {
    sub,
    email: String(claims?.email ?? ''),
    name: String(claims?.name ?? ''),
    role: role.success ? role.data : 'client',
    groups: parseGroups(claims?.['cognito:groups']),
  };
}

/** The caller when signed in, otherwise undefined (for open routes that meter anonymous use). */
export function optionalCaller(event: ApiEvent): Caller | undefined {
  return event.requestContext.authorizer?.jwt?.claims?.sub ? requireCaller(event) : undefined;
}

export function requireCreator(event: ApiEvent): Caller {
  const caller = requireCaller(event);
  if (caller.role !== 'creator' && !caller.groups.includes('creator')) {
    throw new Forbidden('Apenas criadores podem fazer isso.');
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
