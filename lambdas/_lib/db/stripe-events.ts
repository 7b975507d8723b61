import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { db } from '../aws/dynamodb';
import { config } from '../config';
import { keys } from './keys';
import type { TransactItem } from './ledger';
import { transactWrite } from './transact';

/** Stripe keeps events for 30 days; markers outlive every possible redelivery or manual replay. */
const MARKER_TTL_DAYS = 90;

export interface StripeEventRef {
  id: string;
  type: string;
  created: number;
}

/** `STRIPE#<eventId>`/`EVENT`, written once: the write fails when the event was already processed. */
export function stripeEventMarker(event: StripeEventRef, now = new Date()): TransactItem {
  return {
    Put: {
      TableName: config.TABLE_NAME,
      Item: {
        PK: keys.stripeEvent(event.id),
        SK: keys.stripeEventMarker(),
        type: 'stripe_event',
        event_type: event.type,
        event_created: event.created,
        processed_at: now.toISOString(),
        expiresAt: Math.floor(now.getTime() / 1000) + MARKER_TTL_DAYS * 86_400,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** Records an event that changes nothing (stale or not ours), so a redelivery is recognised. Idempotent. */
export async function markEventProcessed(event: StripeEventRef): Promise<'applied' | 'duplicate'> {
  const marker = stripeEventMarker(event);
  try {
    await db.send(new PutCommand(marker.Put!));
    return 'applied';
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return 'duplicate';
    throw error;
  }
}

/** Whether an event was already processed (its marker exists). */
export async function isEventProcessed(eventId: string): Promise<boolean> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: config.TABLE_NAME,
      Key: { PK: keys.stripeEvent(eventId), SK: keys.stripeEventMarker() },
      ConsistentRead: true,
    }),
  );
  return Item !== undefined;
}

export type RecordOutcome = 'applied' | 'duplicate' | 'stale';

/**
 * Writes records without money together with the event marker. When a record's own condition fails
 * (e.g. an older subscription update arriving after a newer one) the event is only marked: `stale`.
 */
export async function applyWithMarker(
  event: StripeEventRef,
  records: TransactItem[],
): Promise<RecordOutcome> {
  try {
    await transactWrite({ TransactItems: [stripeEventMarker(event), ...records] });
    return 'applied';
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const codes = (error.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
    if (codes[0] === 'ConditionalCheckFailed') return 'duplicate';
    if (codes.slice(1).includes('ConditionalCheckFailed')) {
      return (await markEventProcessed(event)) === 'applied' ? 'stale' : 'duplicate';
    }
    throw error;
  }
}
