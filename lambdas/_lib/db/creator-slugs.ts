import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Profile } from '../../../shared/schemas/profile';
import { creatorSlug } from '../../../shared/site-rules';
import { db } from '../aws/dynamodb';
import { config } from '../config';
import { keys } from './keys';

/**
 * `CREATOR_SLUG#<slug>` / `CREATOR_SLUG` → the creator's sub: /creator/{name} resolves with one GetItem.
 * The slug comes from the full name when the creator profile is created; a name already taken gets
 * `-2`, `-3`, … (conditional put, so two creators never share one).
 */
const SLUG_SK = 'CREATOR_SLUG';
const MAX_TRIES = 20;

export async function claimCreatorSlug(
  profile: Pick<Profile, 'id' | 'full_name'>,
): Promise<string | undefined> {
  const base = creatorSlug(profile.full_name) || 'creator';
  for (let attempt = 1; attempt <= MAX_TRIES; attempt++) {
    const slug = attempt === 1 ? base : `${base}-${attempt}`;
    try {
      await db.send(
        new PutCommand({
          TableName: config.TABLE_NAME,
          Item: { PK: keys.creatorSlug(slug), SK: SLUG_SK, type: 'creator-slug', slug, sub: profile.id },
          // Re-claiming one's own slug (a retried trigger, a re-run seed) succeeds.
          ConditionExpression: 'attribute_not_exists(PK) OR #sub = :sub',
          ExpressionAttributeNames: { '#sub': 'sub' },
          ExpressionAttributeValues: { ':sub': profile.id },
        }),
      );
      return slug;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
  return undefined;
}

export async function resolveCreatorSlug(slug: string): Promise<string | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: config.TABLE_NAME, Key: { PK: keys.creatorSlug(slug), SK: SLUG_SK } }),
  );
  return typeof Item?.sub === 'string' ? Item.sub : undefined;
}

/** Creators, newest first (profiles on GSI1 `ROLE#creator`). */
export async function listCreatorProfiles(
  limit: number,
): Promise<Pick<Profile, 'id' | 'full_name' | 'created_at'>[]> {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: config.TABLE_NAME,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.role('creator') },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  // Mapped here rather than with profiles.ts' mapper: profiles.ts imports this module (slug on creation).
  return (Items ?? []).map((item) => ({
    id: String(item.id),
    full_name: String(item.full_name ?? ''),
    created_at: String(item.created_at ?? ''),
  }));
}
