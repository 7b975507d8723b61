import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { paginateQuery, PutCommand } from '@aws-sdk/lib-dynamodb';
import { RARE_OFFER_WINDOW_MS } from '../../../shared/marketplace/offers';
import type { LimitedOffer } from '../../../shared/schemas/marketplace';
import { db } from '../aws/dynamodb';
import { config } from '../config';
import { keys } from './keys';

/**
 * Limited offers: `OFFER#<id>` / `META`. Active offers carry GSI1 `OFFER#ACTIVE` / `<expires_at>#<id>`
 * (sparse), so the rare-drops list is one Query on an expiry range, soonest first.
 */
export function offerToItem(offer: LimitedOffer) {
  return {
    PK: keys.offer(offer.id),
    SK: keys.meta(),
    ...(offer.is_active ? { GSI1PK: keys.activeOffers(), GSI1SK: `${offer.expires_at}#${offer.id}` } : {}),
    type: 'offer' as const,
    ...offer,
  };
}

export function offerFromItem(item: Record<string, unknown>): LimitedOffer {
  return {
    id: String(item.id),
    title: String(item.title ?? ''),
    description: typeof item.description === 'string' && item.description !== '' ? item.description : null,
    original_price: Number(item.original_price ?? 0),
    discounted_price: Number(item.discounted_price ?? 0),
    slots_remaining: Number(item.slots_remaining ?? 0),
    slots_available: Number(item.slots_available ?? 0),
    expires_at: String(item.expires_at ?? ''),
    is_active: item.is_active === true,
  };
}

export async function createOffer(offer: LimitedOffer): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: config.TABLE_NAME,
        Item: offerToItem(offer),
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * Active offers with slots left that expire between now and now + 72 h, soonest first
 * (spec 1 §7 limited_offers).
 */
export async function listRareOffers(now: Date = new Date()): Promise<LimitedOffer[]> {
  const from = now.toISOString();
  // '~' sorts after '#<id>', so an offer expiring exactly at the window's end is included.
  const to = `${new Date(now.getTime() + RARE_OFFER_WINDOW_MS).toISOString()}~`;
  const offers: LimitedOffer[] = [];
  const pages = paginateQuery(
    { client: db },
    {
      TableName: config.TABLE_NAME,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to',
      FilterExpression: 'slots_remaining > :zero AND is_active = :true',
      ExpressionAttributeValues: {
        ':pk': keys.activeOffers(),
        ':from': from,
        ':to': to,
        ':zero': 0,
        ':true': true,
      },
      ScanIndexForward: true,
    },
  );
  for await (const page of pages) for (const item of page.Items ?? []) offers.push(offerFromItem(item));
  return offers;
}
