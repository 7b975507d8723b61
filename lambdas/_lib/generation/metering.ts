import { createHash } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { ledgerLabel } from '../../../shared/i18n/ledger/label';
import { PLANS, resolvePlan, type PlanId } from '../../../shared/plans';
import { db } from '../aws/dynamodb';
import { config } from '../config';
import { AppError, InsufficientFunds, TooManyRequests } from '../errors';
import { getJob, type GenerationJob, type Reservation } from '../db/generations';
import { keys } from '../db/keys';
import { refundSpend, spendCoins } from '../db/ledger';
import { listSubscriptions } from '../db/subscriptions';
import type { TransactItem } from '../db/ledger';
import { logger } from '../logger';

/**
 * Who pays for a generation, decided once per job and given back at most once:
 *  - a signed-in user with an active plan uses one of the plan's monthly generations (a counter per
 *    user and month, incremented only while under the plan's limit, in the same transaction that
 *    records the reservation on the job);
 *  - when the plan is used up, or there is no plan, it costs GENERATION_PRICE_COINS coins, spent with
 *    the job id as idempotency key;
 *  - an anonymous client gets ANON_DAILY_GENERATIONS a day, counted per hashed address in an item that
 *    expires.
 * `reserve` is idempotent per job: suno-create-music calls it so the user gets 402/429 at once, and the
 * state machine's Reserve task calls it again, which then only reads what is already recorded.
 */

const Settings = z.object({
  GENERATION_PRICE_COINS: z.coerce.number().int().positive().default(2),
  ANON_DAILY_GENERATIONS: z.coerce.number().int().min(0).default(3),
  ANON_HASH_SALT: z.string().default('5d-anonymous-quota'),
});
export const meteringSettings = () => Settings.parse(process.env);

/** 'YYYY-MM' and 'YYYY-MM-DD' in UTC. */
export const monthOf = (now: Date) => now.toISOString().slice(0, 7);
export const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/** Anonymous clients are counted by a salted hash of their address; the address itself is never stored. */
export function anonymousClientId(sourceIp: string, salt = meteringSettings().ANON_HASH_SALT): string {
  return createHash('sha256').update(`${salt}|${sourceIp}`).digest('hex').slice(0, 32);
}

/**
 * The visitor's address. Behind CloudFront the HTTP API's sourceIp is a CloudFront edge, so the viewer
 * comes from `CloudFront-Viewer-Address` ("ip:port", IPv6 without brackets) that the distribution
 * forwards; without it (local runs, direct calls) the connection's own address.
 */
export function viewerAddress(
  headers: Record<string, string | undefined> | undefined,
  sourceIp: string,
): string {
  const viewer = headers?.['cloudfront-viewer-address']?.trim();
  if (viewer) {
    const cut = viewer.lastIndexOf(':');
    const address = cut > 0 ? viewer.slice(0, cut) : viewer;
    if (/^[0-9a-f.:]{2,45}$/i.test(address)) return address.toLowerCase();
  }
  return sourceIp;
}

const ACTIVE = new Set(['active', 'trialing', 'past_due']);

/** The caller's best active plan (most monthly generations; unlimited wins). */
export async function activePlan(sub: string, now = new Date()): Promise<PlanId | undefined> {
  const subscriptions = await listSubscriptions(sub);
  let best: PlanId | undefined;
  for (const subscription of subscriptions) {
    if (!ACTIVE.has(subscription.status)) continue;
    if (subscription.current_period_end && Date.parse(subscription.current_period_end) < now.getTime())
      continue;
    const plan = resolvePlan(subscription.plan);
    if (!plan) continue;
    const limit = PLANS[plan].monthlyGenerations ?? Infinity;
    if (!best || limit > (PLANS[best].monthlyGenerations ?? Infinity)) best = plan;
  }
  return best;
}

const jobKey = (id: string) => ({ PK: keys.generation(id), SK: keys.meta() });

function recordReservation(jobId: string, reservation: Reservation): TransactItem {
  return {
    Update: {
      TableName: config.TABLE_NAME,
      Key: jobKey(jobId),
      UpdateExpression: 'SET reservation = :reservation',
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(reservation)',
      ExpressionAttributeValues: { ':reservation': reservation },
    },
  };
}

function counterIncrement(pk: string, sk: string, limit: number | null, expiresAt: number): TransactItem {
  return {
    Update: {
      TableName: config.TABLE_NAME,
      Key: { PK: pk, SK: sk },
      UpdateExpression: 'ADD used :one SET expiresAt = :expires, #type = :type',
      ...(limit === null ? {} : { ConditionExpression: 'attribute_not_exists(used) OR used < :limit' }),
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: {
        ':one': 1,
        ':expires': expiresAt,
        ':type': 'generation-usage',
        ...(limit === null ? {} : { ':limit': limit }),
      },
    },
  };
}

type Outcome = 'reserved' | 'already' | 'exhausted';

async function reserveCounted(
  jobId: string,
  reservation: Reservation,
  counter: TransactItem,
): Promise<Outcome> {
  try {
    await db.send(
      new TransactWriteCommand({ TransactItems: [recordReservation(jobId, reservation), counter] }),
    );
    return 'reserved';
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const codes = (error.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
    if (codes[0] === 'ConditionalCheckFailed') return 'already';
    if (codes[1] === 'ConditionalCheckFailed') return 'exhausted';
    throw error;
  }
}

async function recordOnly(jobId: string, reservation: Reservation): Promise<void> {
  await db
    .send(new TransactWriteCommand({ TransactItems: [recordReservation(jobId, reservation)] }))
    .catch((error: unknown) => {
      // Recorded already by a concurrent call of the same job: the spend key makes that harmless.
      if (!(error instanceof TransactionCanceledException)) throw error;
    });
}

const yearFrom = (now: Date) => Math.floor(now.getTime() / 1000) + 400 * 24 * 3600;
const twoDaysFrom = (now: Date) => Math.floor(now.getTime() / 1000) + 2 * 24 * 3600;

/** Reserves what the job uses (see the module comment); returns what was recorded. */
export async function reserveGeneration(jobId: string, now = new Date()): Promise<Reservation> {
  const job = await getJob(jobId);
  if (!job) throw new AppError(404, 'TASK_NOT_FOUND');
  if (job.reservation) return job.reservation;
  if (job.kind === 'split') {
    await recordOnly(jobId, { kind: 'free' });
    return (await getJob(jobId))?.reservation ?? { kind: 'free' };
  }
  const settings = meteringSettings();

  if (job.owner) {
    const sub = job.owner;
    const plan = await activePlan(sub, now);
    if (plan) {
      const period = monthOf(now);
      const reservation: Reservation = { kind: 'plan', sub, plan, period };
      const outcome = await reserveCounted(
        jobId,
        reservation,
        counterIncrement(
          keys.user(sub),
          keys.generationUsage(period),
          PLANS[plan].monthlyGenerations,
          yearFrom(now),
        ),
      );
      if (outcome !== 'exhausted') return (await getJob(jobId))?.reservation ?? reservation;
    }
    const amount = settings.GENERATION_PRICE_COINS;
    const reservation: Reservation = { kind: 'coins', sub, amount, spendKey: jobId };
    try {
      await spendCoins({ sub, amount, label: ledgerLabel('generation'), idempotencyKey: jobId });
    } catch (error) {
      if (error instanceof InsufficientFunds) {
        throw new InsufficientFunds({ context: plan ? 'plan' : 'coins', amount });
      }
      throw error;
    }
    await recordOnly(jobId, reservation);
    return (await getJob(jobId))?.reservation ?? reservation;
  }

  // A job with neither owner nor client cannot be metered: a bug, answered as one.
  if (!job.client) throw new AppError(500, 'SERVER_ERROR');
  const day = dayOf(now);
  const reservation: Reservation = { kind: 'anonymous', client: job.client, day };
  const outcome = await reserveCounted(
    jobId,
    reservation,
    counterIncrement(
      keys.anonymousClient(job.client),
      keys.generationUsage(day),
      settings.ANON_DAILY_GENERATIONS,
      twoDaysFrom(now),
    ),
  );
  if (outcome === 'exhausted') {
    throw new TooManyRequests({ context: 'anonymous', limit: settings.ANON_DAILY_GENERATIONS });
  }
  return (await getJob(jobId))?.reservation ?? reservation;
}

export interface ReleaseOutcome {
  refunded: boolean;
  kind: Reservation['kind'] | 'none';
}

/**
 * Gives back what a failed job used, exactly once: the job's `refundedAt`, set under the condition that
 * it is absent, is written in the same transaction as the counter decrement; coins go back through
 * refundSpend, itself exactly-once per spend key.
 */
export async function releaseGeneration(job: GenerationJob, now = new Date()): Promise<ReleaseOutcome> {
  const reservation = job.reservation;
  if (!reservation || reservation.kind === 'free')
    return { refunded: false, kind: reservation?.kind ?? 'none' };
  const markRefunded: TransactItem = {
    Update: {
      TableName: config.TABLE_NAME,
      Key: jobKey(job.id),
      UpdateExpression: 'SET refundedAt = :now',
      ConditionExpression: 'attribute_exists(reservation) AND attribute_not_exists(refundedAt)',
      ExpressionAttributeValues: { ':now': now.toISOString() },
    },
  };
  if (reservation.kind === 'coins') {
    const outcome = await refundSpend({
      sub: reservation.sub,
      idempotencyKey: reservation.spendKey,
      label: ledgerLabel('generation_refund'),
    });
    await db.send(new TransactWriteCommand({ TransactItems: [markRefunded] })).catch((error: unknown) => {
      if (!(error instanceof TransactionCanceledException)) throw error;
    });
    logger.info('generation refunded', { jobId: job.id, kind: 'coins', outcome: outcome.status });
    return { refunded: true, kind: 'coins' };
  }
  const counter =
    reservation.kind === 'plan'
      ? { PK: keys.user(reservation.sub), SK: keys.generationUsage(reservation.period) }
      : { PK: keys.anonymousClient(reservation.client), SK: keys.generationUsage(reservation.day) };
  const giveBack: TransactItem = {
    Update: {
      TableName: config.TABLE_NAME,
      Key: counter,
      UpdateExpression: 'ADD used :minusOne',
      ConditionExpression: 'used > :zero',
      ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
    },
  };
  try {
    await db.send(new TransactWriteCommand({ TransactItems: [markRefunded, giveBack] }));
    logger.info('generation refunded', { jobId: job.id, kind: reservation.kind });
    return { refunded: true, kind: reservation.kind };
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const codes = (error.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
    // Already given back by an earlier attempt: still a refunded job.
    if (codes[0] === 'ConditionalCheckFailed') return { refunded: true, kind: reservation.kind };
    throw error;
  }
}

/** Generations counted for a user in a month (tests and a future usage screen). */
export async function monthlyUsage(sub: string, period: string): Promise<number> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: config.TABLE_NAME,
      Key: { PK: keys.user(sub), SK: keys.generationUsage(period) },
      ConsistentRead: true,
    }),
  );
  return Number(Item?.used ?? 0);
}
