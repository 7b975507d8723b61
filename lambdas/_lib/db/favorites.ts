import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, paginateQuery, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../aws/dynamodb';
import { config } from '../config';
import { batchGet } from './batch';
import { keys } from './keys';
import { projectKey } from './projects';
import { transactWrite } from './transact';

/**
 * A user's favourite beat: `USER#<sub>` / `FAV#<projectId>`, so liking is idempotent per beat and
 * "is this beat liked" is one GetItem. The favourite's id is the project id. GSI1
 * (`FAVS#<sub>` / `<created_at>#<projectId>`) lists them newest first.
 */
export interface FavoriteRecord {
  id: string;
  user_id: string;
  project_id: string;
  beat_title: string;
  beat_creator: string;
  beat_genre: string;
  beat_price: number;
  beat_cover_key: string | null;
  created_at: string;
}

interface FavoriteItem extends FavoriteRecord {
  PK: string;
  SK: string;
  GSI1PK: string;
  GSI1SK: string;
  type: 'favorite';
}

export function favoriteKey(userId: string, projectId: string) {
  return { PK: keys.user(userId), SK: keys.favorite(projectId) };
}

export function favoriteToItem(favorite: FavoriteRecord): FavoriteItem {
  return {
    ...favoriteKey(favorite.user_id, favorite.project_id),
    GSI1PK: keys.favoritesByDate(favorite.user_id),
    GSI1SK: `${favorite.created_at}#${favorite.project_id}`,
    type: 'favorite',
    ...favorite,
  };
}

export function favoriteFromItem(item: Record<string, unknown>): FavoriteRecord {
  return {
    id: String(item.id),
    user_id: String(item.user_id ?? ''),
    project_id: String(item.project_id ?? ''),
    beat_title: String(item.beat_title ?? ''),
    beat_creator: String(item.beat_creator ?? ''),
    beat_genre: String(item.beat_genre ?? ''),
    beat_price: Number(item.beat_price ?? 0),
    beat_cover_key: typeof item.beat_cover_key === 'string' ? item.beat_cover_key : null,
    created_at: String(item.created_at ?? ''),
  };
}

export async function getFavorite(userId: string, projectId: string): Promise<FavoriteRecord | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: config.TABLE_NAME, Key: favoriteKey(userId, projectId) }),
  );
  return Item ? favoriteFromItem(Item) : undefined;
}

/** Adds `delta` to the beat's favourites counter (`favorites` on the project item; the creator profile sums it). */
const countOnProject = (projectId: string, delta: 1 | -1) => ({
  Update: {
    TableName: config.TABLE_NAME,
    Key: projectKey(projectId),
    UpdateExpression: 'ADD favorites :delta',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':delta': delta },
  },
});

/** Which items of a cancelled transaction failed their condition. */
const failedConditions = (error: TransactionCanceledException) =>
  (error.CancellationReasons ?? []).map((reason) => reason.Code === 'ConditionalCheckFailed');

/**
 * Likes a beat once; liking it again returns the first favourite unchanged. The favourite and the beat's
 * favourites counter are written in one transaction, so the count is exact; likes of one beat at the same
 * moment meet on its counter, and the cancelled one is retried (db/transact.ts).
 */
export async function addFavorite(
  favorite: FavoriteRecord,
): Promise<{ favorite: FavoriteRecord; created: boolean }> {
  try {
    await transactWrite({
      TransactItems: [
        {
          Put: {
            TableName: config.TABLE_NAME,
            Item: favoriteToItem(favorite),
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        countOnProject(favorite.project_id, 1),
      ],
    });
    return { favorite, created: true };
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const [alreadyLiked, projectGone] = failedConditions(error);
    if (!alreadyLiked && projectGone) {
      // The beat has no item to count on (it cannot be liked through the API then): keep the favourite.
      return addFavoriteWithoutCount(favorite);
    }
    if (!alreadyLiked) throw error;
    const existing = await getFavorite(favorite.user_id, favorite.project_id);
    return { favorite: existing ?? favorite, created: false };
  }
}

async function addFavoriteWithoutCount(
  favorite: FavoriteRecord,
): Promise<{ favorite: FavoriteRecord; created: boolean }> {
  try {
    await db.send(
      new PutCommand({
        TableName: config.TABLE_NAME,
        Item: favoriteToItem(favorite),
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return { favorite, created: true };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const existing = await getFavorite(favorite.user_id, favorite.project_id);
    return { favorite: existing ?? favorite, created: false };
  }
}

/** Which of `projectIds` the user has among their favourites (one BatchGetItem of their own keys). */
export async function favoritedAmong(userId: string, projectIds: readonly string[]): Promise<string[]> {
  const found = await batchGet(projectIds.map((id) => favoriteKey(userId, id)));
  const liked = new Set(found.map((item) => String(item.project_id ?? item.id)));
  return projectIds.filter((id) => liked.has(id));
}

/** The user's favourites, newest first. */
export async function listFavorites(userId: string, limit = 500): Promise<FavoriteRecord[]> {
  const favorites: FavoriteRecord[] = [];
  const pages = paginateQuery(
    { client: db, pageSize: limit },
    {
      TableName: config.TABLE_NAME,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.favoritesByDate(userId) },
      ScanIndexForward: false,
    },
  );
  for await (const page of pages) {
    for (const item of page.Items ?? []) favorites.push(favoriteFromItem(item));
    if (favorites.length >= limit) break;
  }
  return favorites.slice(0, limit);
}

/**
 * Removes one of the user's own favourites; false when there was none (another user's id included). The
 * beat's favourites counter goes down in the same transaction (a beat no longer in the table has none).
 */
export async function removeFavorite(userId: string, id: string): Promise<boolean> {
  const remove = {
    TableName: config.TABLE_NAME,
    Key: favoriteKey(userId, id),
    ConditionExpression: 'attribute_exists(PK)',
  };
  try {
    await transactWrite({ TransactItems: [{ Delete: remove }, countOnProject(id, -1)] });
    return true;
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const [missing, projectGone] = failedConditions(error);
    if (missing) return false;
    if (!projectGone) throw error;
  }
  try {
    await db.send(new DeleteCommand(remove));
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
