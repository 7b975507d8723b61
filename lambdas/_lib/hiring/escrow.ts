import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dueSettlement } from '../../../shared/hiring';
import type { Order } from '../../../shared/schemas/orders';
import { ledgerLabel } from '../../../shared/i18n/ledger/label';
import { db } from '../aws/dynamodb';
import { config } from '../config';
import { keys } from '../db/keys';
import { applyMoneyMove, type TransactItem } from '../db/ledger';
import { getClientOrder, orderKey, orderToItem } from '../db/orders';
import { logger } from '../logger';

/**
 * The three money moves of a paid hire, each ONE TransactWriteItems through the ledger (db/ledger.ts):
 * the order's change of state (conditional: it is the idempotency marker), the wallet and the ledger
 * entry. So the coins are held once, and then released to the creator or refunded to the client exactly
 * once, whichever of the client, the creator, the scheduled settlement or a read gets there first.
 *
 *   hold     client −coins (escrow_hold)      order written: pending, escrow held
 *   release  creator +coins (hire_payout)     delivered + held → completed, released
 *   refund   client +coins (escrow_refund)    pending + held → declined | expired, refunded
 */

export interface HeldHire {
  order: Order;
  coinValueBrl: number;
}

/** Takes the client's coins and writes the order in the same transaction. */
export async function holdHire(
  { order, coinValueBrl }: HeldHire,
  requestId: string | undefined,
  now: string,
): Promise<'applied' | 'duplicate'> {
  const coins = order.coins ?? 0;
  const put: TransactItem = {
    Put: {
      TableName: config.TABLE_NAME,
      Item: { ...orderToItem(order), coin_value_brl: coinValueBrl },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
  // A retried request (same requestId) finds this marker and answers the order it made.
  const request: TransactItem | undefined = requestId
    ? {
        Put: {
          TableName: config.TABLE_NAME,
          Item: {
            PK: keys.user(order.client_id),
            SK: keys.hireRequest(requestId),
            type: 'hire_request',
            order_id: order.id,
            created_at: now,
            expiresAt: Math.floor(Date.parse(now) / 1000) + 7 * 86_400,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      }
    : undefined;
  const outcome = await applyMoneyMove({
    sub: order.client_id,
    amount: -coins,
    type: 'escrow_hold',
    label: ledgerLabel('hire_hold', { title: order.project_title, coins }),
    ref: `hire:${order.id}:hold`,
    marker: request ?? put,
    extra: request ? [put] : [],
    requireCovered: true,
    now,
  });
  return outcome.status;
}

/** The order a retried hire request made (undefined when it is not this client's). */
export async function orderOfRequest(clientId: string, requestId: string): Promise<Order | undefined> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: config.TABLE_NAME,
      Key: { PK: keys.user(clientId), SK: keys.hireRequest(requestId) },
      ConsistentRead: true,
    }),
  );
  return Item ? getClientOrder(clientId, String(Item.order_id)) : undefined;
}

function transition(
  order: Order,
  set: string,
  condition: string,
  values: Record<string, unknown>,
): TransactItem {
  return {
    Update: {
      TableName: config.TABLE_NAME,
      Key: orderKey(order.client_id, order.id),
      UpdateExpression: set,
      ConditionExpression: `attribute_exists(PK) AND #kind = :hire AND escrow = :held AND ${condition}`,
      ExpressionAttributeNames: { '#status': 'status', '#kind': 'kind' },
      ExpressionAttributeValues: { ':hire': 'hire', ':held': 'held', ...values },
    },
  };
}

/** Delivered and held → completed: the coins go to the creator (with the client's rating, if any). */
export async function releaseHire(
  order: Order,
  now: string,
  rating?: number,
): Promise<'applied' | 'duplicate'> {
  const coins = order.coins ?? 0;
  const marker = transition(
    order,
    'SET #status = :completed, escrow = :released, settled_at = :now' +
      (rating === undefined ? '' : ', rating = :rating, rated_at = :now'),
    '#status = :delivered',
    {
      ':completed': 'completed',
      ':released': 'released',
      ':delivered': 'delivered',
      ':now': now,
      ...(rating === undefined ? {} : { ':rating': rating }),
    },
  );
  const outcome = await applyMoneyMove({
    sub: order.creator_id,
    amount: coins,
    type: 'hire_payout',
    label: ledgerLabel('hire_payout', { title: order.project_title, coins }),
    ref: `hire:${order.id}:release`,
    marker,
    now,
  });
  if (outcome.status === 'applied') logger.info('hire released', { orderId: order.id, coins });
  return outcome.status;
}

/** Pending and held → declined (by the creator) or expired (deadline passed): the client gets the coins back. */
export async function refundHire(
  order: Order,
  reason: 'declined' | 'expired',
  now: string,
): Promise<'applied' | 'duplicate'> {
  const coins = order.coins ?? 0;
  const marker = transition(
    order,
    'SET #status = :reason, escrow = :refunded, settled_at = :now',
    '#status = :pending',
    {
      ':reason': reason,
      ':refunded': 'refunded',
      ':pending': 'pending',
      ':now': now,
    },
  );
  const outcome = await applyMoneyMove({
    sub: order.client_id,
    amount: coins,
    type: 'escrow_refund',
    label: ledgerLabel(reason === 'declined' ? 'hire_declined' : 'hire_expired', {
      title: order.project_title,
      coins,
    }),
    ref: `hire:${order.id}:refund`,
    marker,
    now,
  });
  if (outcome.status === 'applied') logger.info('hire refunded', { orderId: order.id, coins, reason });
  return outcome.status;
}

/**
 * Settles a held hire that is due at `now` (deadline passed → refund; review ended → release) and
 * answers the order as it is afterwards. The scheduled settlement calls it; so does every read, so a
 * schedule that failed or fired late never leaves coins held past their date.
 */
export async function settleDue(order: Order, now = new Date()): Promise<Order> {
  const due = dueSettlement(order, now);
  if (!due) return order;
  const at = now.toISOString();
  if (due === 'refund') await refundHire(order, 'expired', at);
  else await releaseHire(order, at);
  return (await getClientOrder(order.client_id, order.id, true)) ?? order;
}

/** Settles the due ones of a list (at most `limit` per call, so a read stays quick). */
export async function settleDueOrders(orders: Order[], now = new Date(), limit = 10): Promise<Order[]> {
  let budget = limit;
  const settled: Order[] = [];
  for (const order of orders) {
    if (budget > 0 && dueSettlement(order, now)) {
      budget -= 1;
      settled.push(await settleDue(order, now));
    } else settled.push(order);
  }
  return settled;
}
