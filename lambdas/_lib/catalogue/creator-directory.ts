import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { foldText } from '../../../shared/marketplace/search-text';
import { db } from '../aws/dynamodb';
import { config } from '../config';
import { batchWrite } from '../db/batch';

/**
 * Creators with published beats, by name (`CREATORS` / `<folded name>#<id>`), for the creator filter's
 * type-ahead. Written by the catalogue indexer the first time it sees a creator in a container (a Put is
 * harmless when the entry exists).
 */

const seen = new Set<string>();

const directoryKey = (id: string, name: string) => ({ PK: 'CREATORS', SK: `${foldText(name)}#${id}` });

export async function rememberCreators(creators: readonly { id: string; name: string }[]): Promise<number> {
  const fresh = new Map<string, { id: string; name: string }>();
  for (const creator of creators) {
    const key = `${creator.id}\u0000${creator.name}`;
    if (!seen.has(key) && creator.name.trim() !== '') fresh.set(key, creator);
  }
  await batchWrite(
    [...fresh.values()].map((creator) => ({
      put: { ...directoryKey(creator.id, creator.name), type: 'creator-directory', ...creator },
    })),
  );
  for (const key of fresh.keys()) seen.add(key);
  return fresh.size;
}

/** Up to `limit` creators whose name starts with `prefix` (accents and case ignored), by name. */
export async function findCreators(prefix: string, limit = 20): Promise<{ id: string; name: string }[]> {
  const folded = foldText(prefix);
  const answer = await db.send(
    new QueryCommand({
      TableName: config.TABLE_NAME,
      KeyConditionExpression: folded ? 'PK = :pk AND begins_with(SK, :prefix)' : 'PK = :pk',
      ExpressionAttributeValues: { ':pk': 'CREATORS', ...(folded ? { ':prefix': folded } : {}) },
      Limit: limit,
    }),
  );
  return (answer.Items ?? []).map((item) => ({ id: String(item.id), name: String(item.name) }));
}
