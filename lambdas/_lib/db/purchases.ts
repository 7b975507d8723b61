import { paginateQuery, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { TierId } from '../../../shared/licensing/tiers';
import {
  LICENCE_REFUND_REASONS,
  type LicenceRefundReason,
  type Purchase,
} from '../../../shared/schemas/payments';
import { db } from '../aws/dynamodb';
import { config } from '../config';
import { keys } from './keys';
import type { TransactItem } from './ledger';

/** `USER#<sub>`/`PURCHASE#<id>`: a paid one-time Checkout (marketplace purchase in BRL). */
export interface PurchaseRecord extends Purchase {
  client_id: string;
  checkout_session_id: string;
  payment_intent: string | null;
}

export function purchasePut(purchase: PurchaseRecord): TransactItem {
  return {
    Put: {
      TableName: config.TABLE_NAME,
      Item: {
        PK: keys.user(purchase.client_id),
        SK: keys.purchase(purchase.id),
        type: 'purchase',
        ...purchase,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** Marks a purchase refunded (charge.refunded); the condition makes sure the purchase exists. */
export function purchaseRefundedUpdate(clientId: string, purchaseId: string, now: string): TransactItem {
  return {
    Update: {
      TableName: config.TABLE_NAME,
      Key: { PK: keys.user(clientId), SK: keys.purchase(purchaseId) },
      UpdateExpression: 'SET #status = :refunded, refunded_at = :now',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':refunded': 'refunded', ':now': now },
    },
  };
}

const refundReason = z.enum(LICENCE_REFUND_REASONS);

export function purchaseFromItem(item: Record<string, unknown>): Purchase {
  return {
    id: String(item.id),
    created_at: String(item.created_at ?? ''),
    amount: Number(item.amount ?? 0),
    currency: String(item.currency ?? 'brl'),
    status: item.status === 'refunded' ? 'refunded' : 'completed',
    product_name: String(item.product_name ?? ''),
    // Older rows hold none of these (their product_name says it all, in pt-BR) or a pt-BR reason: left out.
    ...(TierId.safeParse(item.tier).success ? { tier: item.tier as TierId } : {}),
    ...(refundReason.safeParse(item.refund_reason).success
      ? { refund_reason: item.refund_reason as LicenceRefundReason }
      : {}),
    ...(typeof item.project_id === 'string' ? { project_id: item.project_id } : {}),
    ...(typeof item.order_id === 'string' ? { order_id: item.order_id } : {}),
  };
}

/** The caller's purchases, newest first (ids are ULIDs, so key order is time order). */
export async function listPurchases(sub: string, limit = 50): Promise<Purchase[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: config.TABLE_NAME,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
      ExpressionAttributeValues: { ':pk': keys.user(sub), ':p': keys.purchase('') },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return Items.map(purchaseFromItem);
}

/** The projects the user bought and kept (refunded ones excluded), from their own purchase items. */
export async function purchasedProjectIds(sub: string): Promise<Set<string>> {
  const ids = new Set<string>();
  const pages = paginateQuery(
    { client: db },
    {
      TableName: config.TABLE_NAME,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :purchase)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':pk': keys.user(sub), ':purchase': 'PURCHASE#' },
      ProjectionExpression: 'project_id, #status',
    },
  );
  for await (const page of pages) {
    for (const item of page.Items ?? []) {
      if (typeof item.project_id === 'string' && item.status !== 'refunded') ids.add(item.project_id);
    }
  }
  return ids;
}
