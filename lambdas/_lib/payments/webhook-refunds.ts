import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ledgerLabel } from '../../../shared/i18n/ledger/label';
import type Stripe from 'stripe';
import { db } from '../aws/dynamodb';
import { config } from '../config';
import { keys } from '../db/keys';
import { debitWallet } from '../db/ledger';
import { purchaseRefundedUpdate } from '../db/purchases';
import { applyWithMarker, isEventProcessed, stripeEventMarker } from '../db/stripe-events';
import { refId } from './event-shape';
import { matchCharge } from './trusted';
import { ignore, ledgerRef, refuse, type EventOutcome } from './webhook-outcome';

/**
 * charge.refunded → debit the refunded coins / mark the purchase refunded. The charge must be the
 * payment of a checkout we completed for that user (payments/trusted.ts); the coins come from it.
 */
export async function onChargeRefunded(event: Stripe.Event, charge: Stripe.Charge): Promise<EventOutcome> {
  const match = await matchCharge(charge);
  if (!match.ok) return refuse(event, match.why);
  const { record, sub } = match.value;
  if (record.kind === 'purchase') return refundPurchase(event, charge, sub);
  if (record.kind !== 'coins') return ignore(event, `refund of a ${record.kind} checkout`);
  const coins = Number(record.coins ?? record.metadata?.coins);
  if (!Number.isInteger(coins) || coins <= 0 || charge.amount <= 0)
    return ignore(event, 'refund without coins');
  // Partial refunds arrive as several events with a growing amount_refunded: debit only the difference.
  const refundedCoins = Math.min(coins, Math.round((coins * charge.amount_refunded) / charge.amount));
  const key = { PK: keys.user(sub), SK: keys.chargeRefund(charge.id) };
  for (let attempt = 0; attempt < 5; attempt++) {
    const { Item } = await db.send(
      new GetCommand({ TableName: config.TABLE_NAME, Key: key, ConsistentRead: true }),
    );
    const debited = Number(Item?.debited ?? 0);
    const delta = refundedCoins - debited;
    if (delta <= 0) return ignore(event, 'refund already debited');
    const result = await debitWallet({
      sub,
      amount: -delta,
      label: ledgerLabel('coins_refund', { coins: delta }),
      ref: ledgerRef(event),
      marker: stripeEventMarker(event),
      extra: [
        {
          Update: {
            TableName: config.TABLE_NAME,
            Key: key,
            UpdateExpression: 'SET #type = :type, debited = :total, updated_at = :now',
            ConditionExpression: 'attribute_not_exists(debited) OR debited = :prev',
            ExpressionAttributeNames: { '#type': 'type' },
            ExpressionAttributeValues: {
              ':type': 'charge_refund',
              ':total': refundedCoins,
              ':prev': debited,
              ':now': new Date().toISOString(),
            },
          },
        },
      ],
    });
    if (result.status === 'applied') return 'applied';
    // Either this event was processed, or another refund event of the same charge moved first: re-read.
    if (await isEventProcessed(event.id)) return 'duplicate';
  }
  throw new Error(`charge ${charge.id}: refund debit kept conflicting`);
}

async function refundPurchase(
  event: Stripe.Event,
  charge: Stripe.Charge,
  sub: string,
): Promise<EventOutcome> {
  if (!charge.refunded) return ignore(event, 'partial refund of a purchase');
  const paymentIntent = refId(charge.payment_intent);
  // A user's purchases form one small partition; the payment intent identifies the one refunded.
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: config.TABLE_NAME,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        FilterExpression: 'payment_intent = :pi',
        ExpressionAttributeValues: {
          ':pk': keys.user(sub),
          ':p': keys.purchase(''),
          ':pi': paymentIntent ?? '-',
        },
        ExclusiveStartKey: start,
      }),
    );
    const found = page.Items?.[0];
    if (found) {
      return applyWithMarker(event, [
        purchaseRefundedUpdate(sub, String(found.id), new Date().toISOString()),
      ]);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return ignore(event, 'refunded purchase not found');
}
