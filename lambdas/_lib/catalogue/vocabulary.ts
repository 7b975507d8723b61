import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../aws/dynamodb';
import { config } from '../config';
import { batchGet, batchWrite } from '../db/batch';

/**
 * The catalogue's vocabulary (`VOCAB#<first two letters>` / `<word>`): every indexed word, with a rough
 * count of the beats it is in. A search completes the word being typed from it (the most used words that
 * start with the prefix) and starts from its rarest word.
 *
 * The count is a Morris counter: `f` grows by one with probability 2^-f per new occurrence, so 2^f - 1
 * estimates the count with a write every doubling instead of one per beat. Lost increments (two
 * indexers racing) only blur an estimate used for ranking completions.
 */

const vocabularyKey = (word: string) => ({ PK: `VOCAB#${word.slice(0, 2)}`, SK: word });

/** The estimated number of beats of a Morris exponent. */
export const estimatedCount = (exponent: number) => 2 ** exponent - 1;

/** Counts new occurrences of words (one per beat that gained the word). */
export async function countWords(
  occurrences: ReadonlyMap<string, number>,
  random: () => number = Math.random,
): Promise<number> {
  if (occurrences.size === 0) return 0;
  const words = [...occurrences.keys()];
  const current = new Map<string, number>();
  for (const item of await batchGet(words.map(vocabularyKey)))
    current.set(String(item.SK), Number(item.f ?? 0));
  const writes = [];
  for (const word of words) {
    const before = current.get(word) ?? 0;
    let exponent = before;
    for (let n = occurrences.get(word) ?? 0; n > 0; n -= 1) if (random() < 2 ** -exponent) exponent += 1;
    if (exponent !== before)
      writes.push({ put: { ...vocabularyKey(word), type: 'vocabulary', word, f: exponent } });
  }
  await batchWrite(writes);
  return writes.length;
}

export interface VocabularyWord {
  word: string;
  /** Estimated number of beats with the word. */
  count: number;
}

/** Up to 200 words of the vocabulary starting with `prefix` (at least 2 letters), most used first. */
export async function completionsOf(prefix: string, max: number): Promise<VocabularyWord[]> {
  const answer = await db.send(
    new QueryCommand({
      TableName: config.TABLE_NAME,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': vocabularyKey(prefix).PK, ':prefix': prefix },
      Limit: 200,
    }),
  );
  return (answer.Items ?? [])
    .map((item) => ({ word: String(item.SK), count: estimatedCount(Number(item.f ?? 0)) }))
    .sort((a, b) => b.count - a.count || a.word.length - b.word.length || a.word.localeCompare(b.word))
    .slice(0, max);
}

/** Estimated counts of whole words (0 for a word no beat has). */
export async function wordCounts(words: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map(words.map((word) => [word, 0]));
  if (words.length === 0) return counts;
  for (const item of await batchGet(words.map(vocabularyKey))) {
    counts.set(String(item.SK), estimatedCount(Number(item.f ?? 0)));
  }
  return counts;
}
