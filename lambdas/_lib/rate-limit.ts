import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { optionalCaller } from './auth';
import { db } from './clients';
import { config } from './config';
import { keys } from './db/keys';
import { TooManyRequests } from './errors';
import { anonymousClientId, viewerAddress } from './generation/metering';
import type { ApiEvent } from './http';
import { logger } from './logger';

/**
 * Short-window burst limits (issue 7), per signed-in user AND per client address, as fixed-window
 * counters in the table: one conditional `ADD count :one` per key and window (refused once the window
 * is full), with `expiresAt` so TTL removes old windows. Keys: `USER#<sub>` or `ANON#<salted hash of
 * the viewer address>` (the address itself is never stored) / `RATE#<action>#<window>`.
 *
 * These sit in front of the longer quotas (anonymous daily generations, plan/coins metering): they stop
 * bursts, scripted loops and one address cycling through accounts. API Gateway stage/route throttling
 * and WAF's rate-based rule (infra) are the coarser outer layers.
 */
export type RateAction = 'generation' | 'chat' | 'voice' | 'upload';

export interface RateRule {
  /** Requests per window for one signed-in user. */
  perUser: number;
  /** Requests per window for one client address (all users and anonymous visitors behind it). */
  perAddress: number;
  windowSeconds: number;
}

export const DEFAULT_RULES: Record<RateAction, RateRule> = {
  generation: { perUser: 10, perAddress: 30, windowSeconds: 60 },
  chat: { perUser: 20, perAddress: 60, windowSeconds: 60 },
  voice: { perUser: 10, perAddress: 30, windowSeconds: 60 },
  upload: { perUser: 30, perAddress: 120, windowSeconds: 60 },
};

/**
 * The rule for an action; `RATE_LIMIT_<ACTION>` = `<perUser>/<perAddress>/<windowSeconds>` overrides it
 * (read per call, so an operator can tighten a function's limits with an env change alone).
 */
export function ruleFor(action: RateAction, env: NodeJS.ProcessEnv = process.env): RateRule {
  const override = env[`RATE_LIMIT_${action.toUpperCase()}`];
  const match = override ? /^(\d+)\/(\d+)\/(\d+)$/.exec(override.trim()) : null;
  if (!match) return DEFAULT_RULES[action];
  return {
    perUser: Number(match[1]),
    perAddress: Number(match[2]),
    windowSeconds: Math.max(1, Number(match[3])),
  };
}

/** Counts one request against `PK` in the current window; false when the window was already full. */
export async function consumeWindow(
  pk: string,
  action: string,
  max: number,
  windowSeconds: number,
  now = new Date(),
): Promise<boolean> {
  const window = Math.floor(now.getTime() / 1000 / windowSeconds);
  try {
    await db.send(
      new UpdateCommand({
        TableName: config.TABLE_NAME,
        Key: { PK: pk, SK: keys.rateWindow(action, window) },
        UpdateExpression: 'ADD #count :one SET expiresAt = :expires',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':max': max, ':expires': (window + 1) * windowSeconds + 60 },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * Enforces the action's limits for this request: the caller's own window (when signed in) and the
 * address's window. Throws 429 RATE_LIMIT with the spec's message (and `Retry-After` via the error).
 */
export async function enforceRateLimit(
  event: ApiEvent,
  action: RateAction,
  /** The caller when the handler already resolved it; else resolved here from the verified token, if any. */
  callerSub?: string,
  now = new Date(),
): Promise<void> {
  const rule = ruleFor(action);
  // Open routes verify an optional bearer token themselves (optionalCaller); a bad one is a 401.
  const sub = callerSub ?? (await optionalCaller(event))?.sub;
  const address = viewerAddress(event.headers, event.requestContext.http?.sourceIp ?? 'unknown');
  const checks = [
    consumeWindow(
      keys.anonymousClient(anonymousClientId(address)),
      action,
      rule.perAddress,
      rule.windowSeconds,
      now,
    ),
  ];
  if (sub) checks.push(consumeWindow(keys.user(sub), action, rule.perUser, rule.windowSeconds, now));
  const allowed = await Promise.all(checks);
  if (allowed.every(Boolean)) return;
  logger.warn('rate limited', { action, perUser: sub !== undefined && !allowed[1], perAddress: !allowed[0] });
  throw new RateLimited(retryAfterSeconds(rule.windowSeconds, now));
}

export class RateLimited extends TooManyRequests {
  constructor(readonly retryAfter: number) {
    super();
  }
}

function retryAfterSeconds(windowSeconds: number, now: Date): number {
  const seconds = now.getTime() / 1000;
  return Math.max(1, Math.ceil((Math.floor(seconds / windowSeconds) + 1) * windowSeconds - seconds));
}
