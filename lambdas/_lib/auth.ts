import type { Role } from '../../shared/schemas/profile';
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

/** The caller when signed in, otherwise undefined (for open routes that meter anonymous use). */
export function optionalCaller(event: ApiEvent): Caller | undefined {
  return event.requestContext.authorizer?.jwt?.claims?.sub ? requireCaller(event) : undefined;
}

export function requireCreator(event: ApiEvent): Caller {
  const caller = requireCaller(event);
  if (caller.role !== 'creator') {
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
