import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../clients';
import { config } from '../config';
import { keys } from './keys';
import type { TransactItem } from './ledger';

export type CheckoutKind = 'subscription' | 'purchase' | 'coins';
export type CheckoutCurrency = 'usd' | 'brl';

/**
 * `USER#<sub>`/`CHECKOUT#<sessionId>`: a Checkout Session we created, written before its URL is handed
 * to the browser. The webhook applies a payment only when it matches this record (payments/trusted.ts),
 * and what it credits or sells comes from here, never from the event. Open sessions expire after two
 * days (TTL); completed ones are kept (refunds find them by payment intent).
 */
export interface CheckoutRecord {
  id: string;
  sub: string;
  kind: CheckoutKind;
  status: 'open' | 'awaiting_payment' | 'completed' | 'expired';
  /** Coins for `coins`, BRL for `purchase`, US$ for `subscription`. */
  amount: number;
  /** What Stripe must charge, in minor units of `currency` (records older than this field: derived). */
  amount_minor?: number;
  currency?: CheckoutCurrency;
  /** The metadata we put on the session: the webhook reads the sale's details from here. */
  metadata?: Record<string, string>;
  description: string;
  created_at: string;
  plan?: string;
  coins?: number;
  project_id?: string;
  payment_intent?: string | null;
  /** Subscriptions: the Stripe subscription the session created (set when it completes). */
  subscription_id?: string | null;
}

const OPEN_TTL_SECONDS = 2 * 86_400;

export async function recordCheckout(record: CheckoutRecord): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: config.TABLE_NAME,
      Item: {
        PK: keys.user(record.sub),
        SK: keys.checkout(record.id),
        type: 'checkout',
        ...record,
        expiresAt: Math.floor(Date.parse(record.created_at) / 1000) + OPEN_TTL_SECONDS,
      },
    }),
  );
}

/** Written with the money: the session is completed (and kept: the TTL is removed). */
export function checkoutCompletedUpdate(
  sub: string,
  sessionId: string,
  paymentIntent: string | null,
  now: string,
  subscriptionId?: string | null,
): TransactItem {
  return {
    Update: {
      TableName: config.TABLE_NAME,
      Key: { PK: keys.user(sub), SK: keys.checkout(sessionId) },
      UpdateExpression:
        'SET #status = :completed, completed_at = :now, payment_intent = :pi' +
        (subscriptionId ? ', subscription_id = :sid' : '') +
        ' REMOVE expiresAt',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':completed': 'completed',
        ':now': now,
        ':pi': paymentIntent,
        ...(subscriptionId ? { ':sid': subscriptionId } : {}),
      },
    },
  };
}

/**
 * A delayed method (boleto) completed the session unpaid: the record is kept past its TTL, since
 * `async_payment_succeeded` may arrive days later and must still find it.
 */
export async function markCheckoutAwaitingPayment(
  sub: string,
  sessionId: string,
  now: string,
): Promise<void> {
  await db
    .send(
      new UpdateCommand({
        TableName: config.TABLE_NAME,
        Key: { PK: keys.user(sub), SK: keys.checkout(sessionId) },
        UpdateExpression: 'SET #status = :awaiting, updated_at = :now REMOVE expiresAt',
        ConditionExpression: 'attribute_exists(PK) AND #status = :open',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':awaiting': 'awaiting_payment', ':open': 'open', ':now': now },
      }),
    )
    .catch((error: unknown) => {
      // Already awaiting (a redelivery) or completed meanwhile: nothing to keep.
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    });
}

/**
 * checkout.session.expired: an open session is now expired (only once, and never a completed one), so
 * what its creation reserved is released in the same transaction exactly once.
 */
export function checkoutExpiredUpdate(sub: string, sessionId: string, now: string): TransactItem {
  return {
    Update: {
      TableName: config.TABLE_NAME,
      Key: { PK: keys.user(sub), SK: keys.checkout(sessionId) },
      UpdateExpression: 'SET #status = :expired, expired_at = :now',
      ConditionExpression: 'attribute_exists(PK) AND #status IN (:open, :awaiting)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':expired': 'expired',
        ':open': 'open',
        ':awaiting': 'awaiting_payment',
        ':now': now,
      },
    },
  };
}

export async function getCheckout(
  sub: string,
  sessionId: string,
  consistent = false,
): Promise<CheckoutRecord | undefined> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: config.TABLE_NAME,
      Key: { PK: keys.user(sub), SK: keys.checkout(sessionId) },
      ConsistentRead: consistent,
    }),
  );
  return Item as CheckoutRecord | undefined;
}

/**
 * The user's checkout records that satisfy a filter (one partition; a user has a handful of checkouts
 * a month). Used where an event names no session: a refund (by payment intent), a subscription's
 * invoice or update arriving before its checkout completed (by plan).
 */
export async function findCheckouts(
  sub: string,
  filter: { expression: string; names?: Record<string, string>; values: Record<string, unknown> },
): Promise<CheckoutRecord[]> {
  const found: CheckoutRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: config.TABLE_NAME,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :checkout)',
        FilterExpression: filter.expression,
        ...(filter.names ? { ExpressionAttributeNames: filter.names } : {}),
        ExpressionAttributeValues: {
          ':pk': keys.user(sub),
          ':checkout': keys.checkout(''),
          ...filter.values,
        },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    found.push(...((page.Items ?? []) as CheckoutRecord[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return found;
}
