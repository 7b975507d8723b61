import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type {
  ConfirmedPart,
  SessionPart,
  UploadPurpose,
  UploadSessionView,
  UploadStatus,
} from '../../../shared/uploads';
import { db } from '../aws/dynamodb';
import { config } from '../config';
import { keys } from './keys';

/**
 * The upload-session item: one per multipart upload, `UPLOAD#<id>`/`META`, listed per user on GSI1
 * (`USER#<sub>` / `UPLOAD#<createdAt>`). It is the only record of confirmed parts and their ETags (the
 * local S3 emulator has no ListParts), so resume and completion both read it.
 */
export interface UploadSession {
  id: string;
  owner: string;
  purpose: UploadPurpose;
  name: string;
  contentType: string;
  size: number;
  bucket: string;
  key: string;
  s3UploadId: string;
  partSize: number;
  partCount: number;
  /** Confirmed parts by part number. */
  parts: Record<string, SessionPart>;
  status: UploadStatus;
  createdAt: string;
  /** Epoch seconds; DynamoDB TTL deletes the item some time after. */
  expiresAt: number;
}

interface UploadSessionItem extends UploadSession {
  PK: string;
  SK: string;
  GSI1PK: string;
  GSI1SK: string;
  type: 'upload';
}

export function sessionToItem(session: UploadSession): UploadSessionItem {
  return {
    PK: keys.upload(session.id),
    SK: keys.meta(),
    GSI1PK: keys.user(session.owner),
    GSI1SK: keys.uploadByDate(session.createdAt),
    type: 'upload',
    ...session,
  };
}

export function sessionFromItem(item: Record<string, unknown>): UploadSession {
  const parts: Record<string, SessionPart> = {};
  for (const [number, part] of Object.entries(
    (item.parts as Record<string, Record<string, unknown>>) ?? {},
  )) {
    parts[number] = { partNumber: Number(part.partNumber), etag: String(part.etag), size: Number(part.size) };
  }
  return {
    id: String(item.id),
    owner: String(item.owner),
    purpose: item.purpose as UploadPurpose,
    name: String(item.name),
    contentType: String(item.contentType),
    size: Number(item.size),
    bucket: String(item.bucket),
    key: String(item.key),
    s3UploadId: String(item.s3UploadId),
    partSize: Number(item.partSize),
    partCount: Number(item.partCount),
    parts,
    status: item.status as UploadStatus,
    createdAt: String(item.createdAt),
    expiresAt: Number(item.expiresAt),
  };
}

export function sessionView(session: UploadSession): UploadSessionView {
  return {
    uploadId: session.id,
    purpose: session.purpose,
    name: session.name,
    type: session.contentType,
    size: session.size,
    bucket: session.bucket,
    key: session.key,
    partSize: session.partSize,
    partCount: session.partCount,
    parts: confirmedParts(session),
    status: session.status,
    createdAt: session.createdAt,
    expiresAt: session.expiresAt,
  };
}

export function confirmedParts(session: UploadSession): SessionPart[] {
  return Object.values(session.parts).sort((a, b) => a.partNumber - b.partNumber);
}

export async function createUploadSession(session: UploadSession): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: config.TABLE_NAME,
      Item: sessionToItem(session),
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

/**
 * The session when `owner` owns it and it has not expired; anyone else gets undefined, exactly as if
 * it did not exist (TTL deletion runs late, so expiry is checked here too).
 */
export async function getUploadSession(
  id: string,
  owner: string,
  now = Date.now(),
): Promise<UploadSession | undefined> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: config.TABLE_NAME,
      Key: { PK: keys.upload(id), SK: keys.meta() },
      ConsistentRead: true,
    }),
  );
  if (!Item || Item.type !== 'upload' || Item.owner !== owner) return undefined;
  const session = sessionFromItem(Item);
  if (session.expiresAt * 1000 <= now && session.status === 'open') return undefined;
  return session;
}

/**
 * Records finished parts (idempotent: confirming a part again overwrites it with the same ETag).
 * Conditional on owner and open status, so a part never lands on someone else's or a closed upload.
 * Returns the updated session, or undefined when the condition failed.
 */
export async function confirmUploadParts(
  session: UploadSession,
  parts: (ConfirmedPart & { size: number })[],
): Promise<UploadSession | undefined> {
  if (parts.length === 0) return session;
  const names: Record<string, string> = { '#status': 'status', '#owner': 'owner', '#parts': 'parts' };
  const values: Record<string, unknown> = { ':owner': session.owner, ':open': 'open' };
  const sets = parts.map((part, index) => {
    names[`#p${index}`] = String(part.partNumber);
    values[`:p${index}`] = { partNumber: part.partNumber, etag: part.etag, size: part.size };
    return `#parts.#p${index} = :p${index}`;
  });
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: config.TABLE_NAME,
        Key: { PK: keys.upload(session.id), SK: keys.meta() },
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(PK) AND #owner = :owner AND #status = :open',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? sessionFromItem(Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/** Moves an open session to a final status; false when it was no longer open (someone got there first). */
export async function closeUploadSession(
  session: UploadSession,
  status: Exclude<UploadStatus, 'open'>,
): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: config.TABLE_NAME,
        Key: { PK: keys.upload(session.id), SK: keys.meta() },
        UpdateExpression: 'SET #status = :status, closedAt = :now',
        ConditionExpression: 'attribute_exists(PK) AND #owner = :owner AND #status = :open',
        ExpressionAttributeNames: { '#status': 'status', '#owner': 'owner' },
        ExpressionAttributeValues: {
          ':status': status,
          ':owner': session.owner,
          ':open': 'open',
          ':now': new Date().toISOString(),
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
