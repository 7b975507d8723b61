import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Subscription } from '../../../shared/schemas/payments';
import { db } from '../aws/dynamodb';
import { config } from '../config';
import { keys } from './keys';
import type { TransactItem } from './ledger';

/** `USER#<sub>`/`SUB#<productId>`: one record per subscribed product (the plan's Stripe tier). */
export interface SubscriptionChange {
  sub: string;
  productId: string;
  plan: string;
  status: string;
  stripeSubscriptionId: string;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  /** Stripe `event.created` (seconds): an older event never overwrites a newer one. */
  eventCreated: number;
  now: string;
}

/**
 * Upsert guarded by event time: out-of-order delivery (an `updated` older than what is stored) fails
 * the condition and leaves the record as it is. `created_at` is set once.
 */
export function subscriptionUpsert(change: SubscriptionChange): TransactItem {
  return {
    Update: {
      TableName: config.TABLE_NAME,
      Key: { PK: keys.user(change.sub), SK: keys.subscription(change.productId) },
      UpdateExpression:
        'SET #type = :type, client_id = :client, product_id = :product, #plan = :plan, #status = :status, ' +
        'stripe_subscription_id = :sid, current_period_start = :start, current_period_end = :end, ' +
        'event_created = :ec, updated_at = :now, created_at = if_not_exists(created_at, :now)',
      ConditionExpression: 'attribute_not_exists(event_created) OR event_created <= :ec',
      ExpressionAttributeNames: { '#type': 'type', '#plan': 'plan', '#status': 'status' },
      ExpressionAttributeValues: {
        ':type': 'subscription',
        ':client': change.sub,
        ':product': change.productId,
        ':plan': change.plan,
        ':status': change.status,
        ':sid': change.stripeSubscriptionId,
        ':start': change.currentPeriodStart,
        ':end': change.currentPeriodEnd,
        ':ec': change.eventCreated,
        ':now': change.now,
      },
    },
  };
}

export function subscriptionFromItem(item: Record<string, unknown>): Subscription {
  return {
    client_id: String(item.client_id ?? ''),
    product_id: String(item.product_id ?? ''),
    plan: String(item.plan ?? ''),
    status: String(item.status ?? ''),
    current_period_start: typeof item.current_period_start === 'string' ? item.current_period_start : null,
    current_period_end: typeof item.current_period_end === 'string' ? item.current_period_end : null,
    created_at: String(item.created_at ?? ''),
    stripe_subscription_id:
      typeof item.stripe_subscription_id === 'string' ? item.stripe_subscription_id : undefined,
  };
}

/** The caller's subscriptions, newest first (My Collection → Assinaturas). */
export async function listSubscriptions(sub: string): Promise<Subscription[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: config.TABLE_NAME,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sub)',
      ExpressionAttributeValues: { ':pk': keys.user(sub), ':sub': keys.subscription('') },
    }),
  );
  return Items.map(subscriptionFromItem).sort((a, b) => b.created_at.localeCompare(a.created_at));
}
