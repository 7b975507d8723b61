import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { setTimeout as sleep } from 'node:timers/promises';
import { ulid } from 'ulid';
import { db } from '../aws/dynamodb';
import { config } from '../config';
import { keys } from '../db/keys';
import { logger } from '../logger';
import { stripeClient } from '../payments/stripe-client';

/**
 * A checkout hold (issue 8): one open licence checkout per thing that must not be sold or reserved twice.
 * - `PROJECT#<id>`/`HOLD#EXCLUSIVE`: the buyer whose Exclusive checkout is open, so a second buyer gets a
 *   409 instead of paying and being refunded;
 * - `USER#<sub>`/`HOLD#COUPON#<projectId>#<tier>#<CODE>`: a buyer's open checkout with a coupon, so opening
 *   it again reuses the session (and its reserved use) instead of taking another use of a limited code.
 * Taking a hold is a conditional Put (free, expired, or replacing the holder's own finished session); it
 * lives as long as its Checkout Session (`expires_at`), and `checkout.session.expired` deletes it earlier.
 */
export interface HoldKey {
  PK: string;
  SK: string;
}

export const exclusiveHoldKey = (projectId: string): HoldKey => ({
  PK: keys.project(projectId),
  SK: keys.checkoutHold('EXCLUSIVE'),
});

export const couponHoldKey = (buyer: string, projectId: string, tier: string, code: string): HoldKey => ({
  PK: keys.user(buyer),
  SK: keys.checkoutHold(`COUPON#${projectId}#${tier}#${code}`),
});

interface HoldItem {
  holder: string;
  /** Who took it this time: the session is attached only by the request that took the hold. */
  token: string;
  /** What was asked (tier, coupon, offer): the same request opened again gets the same session. */
  request: string;
  session_id: string | null;
  expires_at: string;
}

/**
 * Until the session exists the hold is short: a Lambda that dies between the hold and Stripe's answer
 * blocks the beat for a minute, not for the whole checkout.
 */
const PENDING_HOLD_SECONDS = 60;
/** How long a second request of the same holder waits for the first one's session (two quick clicks). */
const PENDING_WAIT_MS = 5_000;

export type HeldCheckout =
  | { kind: 'opened' | 'reused'; session: { id: string; url: string } }
  /** Another buyer holds it. */
  | { kind: 'held' }
  /** The holder's session is paid (its webhook is on its way). */
  | { kind: 'paid' }
  /** The holder's own first request is still creating the session. */
  | { kind: 'busy' };

export interface HoldRequest {
  key: HoldKey;
  holder: string;
  request: string;
  /** Whether a paid session of the holder may be replaced by a new one (a lease may be bought again). */
  replacePaid: boolean;
}

async function readHold(key: HoldKey): Promise<HoldItem | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: config.TABLE_NAME, Key: key, ConsistentRead: true }),
  );
  return Item as HoldItem | undefined;
}

/** Puts the hold when it is free or expired, or when it still carries `replaceToken`; false = lost the race. */
async function takeHold(
  request: HoldRequest,
  token: string,
  replaceToken: string | undefined,
  now: number,
): Promise<boolean> {
  const expires = Math.floor(now / 1000) + PENDING_HOLD_SECONDS;
  try {
    await db.send(
      new PutCommand({
        TableName: config.TABLE_NAME,
        Item: {
          ...request.key,
          type: 'checkout_hold',
          holder: request.holder,
          token,
          request: request.request,
          session_id: null,
          expires_at: new Date(expires * 1000).toISOString(),
          expiresAt: expires + 3_600,
        },
        ConditionExpression: replaceToken
          ? 'attribute_exists(PK) AND #token = :old'
          : 'attribute_not_exists(PK) OR expires_at <= :now',
        ExpressionAttributeNames: replaceToken ? { '#token': 'token' } : undefined,
        ExpressionAttributeValues: replaceToken
          ? { ':old': replaceToken }
          : { ':now': new Date(now).toISOString() },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** The session now exists: the hold lasts as long as it, if this request still holds it. */
async function attachSession(
  key: HoldKey,
  token: string,
  sessionId: string,
  expiresAt: number,
): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: config.TABLE_NAME,
        Key: key,
        UpdateExpression: 'SET session_id = :sid, expires_at = :exp, expiresAt = :ttl',
        ConditionExpression: '#token = :token',
        ExpressionAttributeNames: { '#token': 'token' },
        ExpressionAttributeValues: {
          ':sid': sessionId,
          ':exp': new Date(expiresAt * 1000).toISOString(),
          ':ttl': expiresAt + 3_600,
          ':token': token,
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

async function dropHold(key: HoldKey, field: 'token' | 'session_id', value: string): Promise<void> {
  try {
    await db.send(
      new DeleteCommand({
        TableName: config.TABLE_NAME,
        Key: key,
        ConditionExpression: '#f = :v',
        ExpressionAttributeNames: { '#f': field },
        ExpressionAttributeValues: { ':v': value },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/** checkout.session.expired: the abandoned session's hold is free again (no-op when someone else holds it). */
export function releaseHold(key: HoldKey, sessionId: string): Promise<void> {
  return dropHold(key, 'session_id', sessionId);
}

async function expireSession(sessionId: string): Promise<void> {
  try {
    await (await stripeClient()).checkout.sessions.expire(sessionId);
  } catch (error) {
    // Already paid or expired: nothing of it to give back here (its own webhook does the rest).
    logger.warn('replaced checkout not expired', { sessionId, error: error as Error });
  }
}

/**
 * Opens a checkout under a hold: reuses the holder's open session for the same request, refuses while
 * another holder's session is open, else takes the hold and `start`s a session that expires with it.
 * `start` gets the session's expiry (epoch seconds) and does its own reservations; when it throws, the hold
 * is given back.
 */
export async function openHeldCheckout(
  request: HoldRequest,
  start: (expiresAt: number) => Promise<{ id: string; url: string }>,
  expirySeconds: number,
): Promise<HeldCheckout> {
  const waitUntil = Date.now() + PENDING_WAIT_MS;
  for (let attempt = 0; ; attempt++) {
    // Losing the conditional Put again and again means the hold keeps changing hands: let the buyer retry.
    if (attempt > 20) return { kind: 'busy' };
    const now = Date.now();
    const hold = await readHold(request.key);
    let replace: { token: string; openSession?: string } | undefined;
    if (hold && Date.parse(hold.expires_at) > now) {
      if (hold.holder !== request.holder) return { kind: 'held' };
      if (!hold.session_id) {
        if (Date.now() > waitUntil) return { kind: 'busy' };
        await sleep(200);
        continue;
      }
      const session = await (await stripeClient()).checkout.sessions.retrieve(hold.session_id);
      if (session.status === 'open' && session.url && hold.request === request.request)
        return { kind: 'reused', session: { id: session.id, url: session.url } };
      if (session.status === 'complete' && !request.replacePaid) return { kind: 'paid' };
      // A finished session, or an open one for another tier/coupon/offer: replaced by a new session.
      replace = { token: hold.token, ...(session.status === 'open' ? { openSession: session.id } : {}) };
    }
    const token = ulid();
    if (!(await takeHold(request, token, replace?.token, now))) continue; // someone was quicker: look again
    const expiresAt = Math.floor(Date.now() / 1000) + expirySeconds;
    let session: { id: string; url: string };
    try {
      session = await start(expiresAt);
    } catch (error) {
      await dropHold(request.key, 'token', token);
      throw error;
    }
    if (!(await attachSession(request.key, token, session.id, expiresAt))) {
      // The pending hold ran out and another request took it: this session must not be paid.
      await expireSession(session.id);
      return { kind: 'held' };
    }
    if (replace?.openSession) await expireSession(replace.openSession);
    return { kind: 'opened', session };
  }
}
