import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import {
  STUDIO_RATE_MAX,
  STUDIO_RATE_WINDOW_SECONDS,
  type StudioRequest,
  type StudioRequestKind,
} from '../../../shared/schemas/studio';
import { db } from '../aws/dynamodb';
import { config } from '../config';
import { decodeCursor, encodeCursor } from './cursor';
import { keys } from './keys';

/**
 * Requests sent from the studio site, kept where the studio reads them:
 *  - booking and contact: `STUDIO#<kind>` / `<createdAt>#<ulid>` (one Query, newest first);
 *  - newsletter: `STUDIO#newsletter` / `EMAIL#<email>`, written under `attribute_not_exists`, so a second
 *    subscription of the same address stores nothing (idempotent);
 *  - rate limit: `STUDIO_CLIENT#<ip hash>` / `RATE#studio-<kind>#<window>`, a counter incremented only
 *    while under the limit, removed by TTL (`expiresAt`) after its window. Addresses are never stored.
 */

type RequestData = Record<string, string | number>;

export function clientHash(sourceIp: string, salt = process.env.STUDIO_HASH_SALT ?? '5d-studio'): string {
  return createHash('sha256').update(`${salt}|${sourceIp}`).digest('hex').slice(0, 32);
}

export function requestToItem(request: StudioRequest) {
  return {
    PK: keys.studioInbox(request.kind),
    SK:
      request.kind === 'newsletter'
        ? keys.studioSubscriber(String(request.data.email))
        : `${request.created_at}#${request.id}`,
    type: 'studio-request' as const,
    id: request.id,
    kind: request.kind,
    created_at: request.created_at,
    data: request.data,
  };
}

export function requestFromItem(item: Record<string, unknown>): StudioRequest {
  return {
    id: String(item.id),
    kind: item.kind as StudioRequestKind,
    created_at: String(item.created_at ?? ''),
    data: (item.data ?? {}) as RequestData,
  };
}

export function newRequest(kind: StudioRequestKind, data: RequestData, now: Date): StudioRequest {
  return { id: ulid(now.getTime()), kind, created_at: now.toISOString(), data };
}

/** Stores the request; false when it is a newsletter address that was already subscribed. */
export async function saveRequest(request: StudioRequest): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: config.TABLE_NAME,
        Item: requestToItem(request),
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Booking and contact newest first; newsletter subscribers by address. */
export async function listRequests(
  kind: StudioRequestKind,
  limit: number,
  cursor?: string,
): Promise<{ items: StudioRequest[]; cursor: string | null }> {
  const { Items, LastEvaluatedKey } = await db.send(
    new QueryCommand({
      TableName: config.TABLE_NAME,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.studioInbox(kind) },
      ScanIndexForward: kind === 'newsletter',
      Limit: limit,
      ExclusiveStartKey: decodeCursor(cursor),
    }),
  );
  return { items: (Items ?? []).map(requestFromItem), cursor: encodeCursor(LastEvaluatedKey) };
}

/**
 * Counts one request of `kind` from this client in the current window; false when the window is full.
 */
export async function consumeRequestAllowance(
  client: string,
  kind: StudioRequestKind,
  now: Date,
  max = STUDIO_RATE_MAX,
  windowSeconds = STUDIO_RATE_WINDOW_SECONDS,
): Promise<boolean> {
  const window = Math.floor(now.getTime() / 1000 / windowSeconds);
  try {
    await db.send(
      new UpdateCommand({
        TableName: config.TABLE_NAME,
        Key: { PK: keys.studioClient(client), SK: keys.rateWindow(`studio-${kind}`, window) },
        UpdateExpression: 'ADD #count :one SET expiresAt = :expires',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':max': max,
          ':expires': (window + 1) * windowSeconds + 60,
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
