import { timingSafeEqual } from 'node:crypto';
import type { MiddlewareObj } from '@middy/core';
import { Forbidden } from './errors';
import type { ApiEvent, ApiResult } from './http';
import { readSecretJson, stringField } from './secrets';

/**
 * CloudFront is the only way into the API. The distribution adds `x-origin-verify` to every request it
 * forwards to the HTTP API, with a value held in Secrets Manager (`ORIGIN_SECRET_ARN`, JSON
 * `{ current, previous }`); a request without a matching value (someone calling the execute-api URL
 * directly, skipping the WAF and forging `CloudFront-Viewer-*` headers) is refused with 403 before any
 * handler logic runs. Both values are accepted so that rotation (infra/constructs/origin-secret.ts) never
 * refuses CloudFront while its edges switch over.
 *
 * Configuration only: `ORIGIN_VERIFY_SECRET` gives the value directly (the local twin's router adds the
 * header like CloudFront does); with neither variable the check is off, which CDK never deploys
 * (tests/infra/origin.test.ts asserts every routed function has ORIGIN_SECRET_ARN).
 */
export const ORIGIN_HEADER = 'x-origin-verify';

/** At most one forced re-read per instance in this many milliseconds, whatever callers send. */
const FORCED_REFRESH_INTERVAL_MS = 30_000;
let lastForcedRefresh = 0;

async function acceptedValues(env: NodeJS.ProcessEnv, forceFetch: boolean): Promise<string[] | undefined> {
  if (env.ORIGIN_SECRET_ARN) {
    const secret = await readSecretJson(env.ORIGIN_SECRET_ARN, { forceFetch });
    return [stringField(secret, 'current'), stringField(secret, 'previous')].filter(Boolean);
  }
  if (env.ORIGIN_VERIFY_SECRET) return [env.ORIGIN_VERIFY_SECRET];
  return undefined;
}

function matches(value: string, accepted: readonly string[]): boolean {
  const given = Buffer.from(value);
  return accepted.some((candidate) => {
    const expected = Buffer.from(candidate);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

/** True when the request came through CloudFront (or the check is configured off). */
export async function cameThroughCloudFront(
  event: Pick<ApiEvent, 'headers'>,
  env: NodeJS.ProcessEnv = process.env,
  now = Date.now(),
): Promise<boolean> {
  const accepted = await acceptedValues(env, false);
  if (!accepted) return true;
  const value = event.headers?.[ORIGIN_HEADER] ?? '';
  if (value && matches(value, accepted)) return true;
  // A value we do not know yet may be a rotation this instance has not read: read the secret again, at
  // most every 30 s, so a flood of bad headers costs at most one Secrets Manager call per interval.
  if (!value || !env.ORIGIN_SECRET_ARN || now - lastForcedRefresh < FORCED_REFRESH_INTERVAL_MS) return false;
  lastForcedRefresh = now;
  return matches(value, (await acceptedValues(env, true)) ?? []);
}

/** First middleware of every HTTP handler (lambdas/_lib/http.ts): 403 ORIGIN_FORBIDDEN otherwise. */
export function originGuard(): MiddlewareObj<ApiEvent, ApiResult> {
  return {
    before: async (request) => {
      if (await cameThroughCloudFront(request.event)) return;
      throw new Forbidden('ORIGIN_FORBIDDEN');
    },
  };
}
