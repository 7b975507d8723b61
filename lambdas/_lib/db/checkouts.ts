import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../aws/dynamodb';
import { config } from '../config';
import { keys } from './keys';
import type { TransactItem } from './ledger';

export type CheckoutKind = 'subscription' | 'purchase' | 'coins';

/**
 * `USER#<sub>`/`CHECKOUT#<sessionId>`: a Checkout Session we created, so the payment that completes it
 * can be traced (and refunds find what was bought). Open sessions expire after a day (TTL).
 */
export interface CheckoutRecord {
  id: string;
  sub: string;
  kind: CheckoutKind;
  status: 'open' | 'completed' | 'expired';
  /** Coins for `coins`, BRL for `purchase`, US$ for `subscription`. */
  amount: number;
  description: string;
  created_at: string;
  plan?: string;
  coins?: number;
  project_id?: string;
  payment_intent?: string | null;
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
): TransactItem {
  return {
    Update: {
      TableName: config.TABLE_NAME,
      Key: { PK: keys.user(sub), SK: keys.checkout(sessionId) },
      UpdateExpression:
        'SET #status = :completed, completed_at = :now, payment_intent = :pi REMOVE expiresAt',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':completed': 'completed', ':now': now, ':pi': paymentIntent },
    },
  };
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
      ConditionExpression: 'attribute_exists(PK) AND #status = :open',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':expired': 'expired', ':open': 'open', ':now': now },
    },
  };
}

export async function getCheckout(sub: string, sessionId: string): Promise<CheckoutRecord | undefined> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: config.TABLE_NAME,
      Key: { PK: keys.user(sub), SK: keys.checkout(sessionId) },
    }),
  );
  return Item as CheckoutRecord | undefined;
}
