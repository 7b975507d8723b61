import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { type CommunityPost } from '../../../shared/schemas/site';
import { COMMUNITY_POSTS_PER_WINDOW, COMMUNITY_WINDOW_SECONDS } from '../../../shared/site-rules';
import { db } from '../clients';
import { config } from '../config';
import { keys } from './keys';

/**
 * Community posts: `POST#<ulid>` / `META`, on GSI1 `COMMUNITY#POSTS` / `<created_at>#<id>` so the feed is
 * one descending Query. Rate limit: a counter item per user and window (`USER#<sub>` /
 * `RATE#community-post#<window>`) incremented under a condition, deleted by TTL after the window.
 */
/** A post as stored: its attachment keeps the object key, never a URL (those expire). */
export type StoredPost = Omit<CommunityPost, 'attachment'> & {
  attachment: (Omit<NonNullable<CommunityPost['attachment']>, 'url'> & { key?: string }) | null;
};

export function postToItem(post: StoredPost) {
  return {
    PK: keys.communityPost(post.id),
    SK: keys.meta(),
    GSI1PK: keys.communityFeed(),
    GSI1SK: `${post.created_at}#${post.id}`,
    type: 'community-post' as const,
    ...post,
  };
}

export function postFromItem(item: Record<string, unknown>): StoredPost {
  const attachment = item.attachment as StoredPost['attachment'] | undefined;
  return {
    id: String(item.id),
    author_id: String(item.author_id ?? ''),
    author_name: String(item.author_name ?? ''),
    text: String(item.text ?? ''),
    tags: Array.isArray(item.tags) ? item.tags.map(String) : [],
    attachment: attachment && typeof attachment === 'object' ? attachment : null,
    created_at: String(item.created_at ?? ''),
  };
}

export function newPost(fields: Omit<StoredPost, 'id' | 'created_at'>, now: Date): StoredPost {
  return { id: ulid(now.getTime()), created_at: now.toISOString(), ...fields };
}

export async function createPost(post: StoredPost): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: config.TABLE_NAME,
      Item: postToItem(post),
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

/** Newest first; `since` keeps only posts created at or after that instant. */
export async function listPosts(limit: number, since?: Date): Promise<StoredPost[]> {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: config.TABLE_NAME,
      IndexName: 'GSI1',
      KeyConditionExpression: since ? 'GSI1PK = :pk AND GSI1SK >= :since' : 'GSI1PK = :pk',
      ExpressionAttributeValues: {
        ':pk': keys.communityFeed(),
        ...(since ? { ':since': since.toISOString() } : {}),
      },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (Items ?? []).map(postFromItem);
}

/**
 * Counts one post against the user's window; false when the window is already full. The item expires
 * (TTL) once the window is over, so nothing accumulates.
 */
export async function consumePostAllowance(sub: string, now: Date): Promise<boolean> {
  const seconds = Math.floor(now.getTime() / 1000);
  const window = Math.floor(seconds / COMMUNITY_WINDOW_SECONDS);
  try {
    await db.send(
      new UpdateCommand({
        TableName: config.TABLE_NAME,
        Key: { PK: keys.user(sub), SK: keys.rateWindow('community-post', window) },
        UpdateExpression: 'ADD #count :one SET expiresAt = :expires',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':max': COMMUNITY_POSTS_PER_WINDOW,
          ':expires': (window + 1) * COMMUNITY_WINDOW_SECONDS + 60,
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
