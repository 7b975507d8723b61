import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../aws/dynamodb';
import { config } from '../config';
import { batchGet, batchWrite } from '../db/batch';

/**
 * The catalogue's vocabulary (`VOCAB#<first two letters>` / `<word>`): every indexed word, with the number
 * of published beats it is in (`beats`). A search completes the word being typed from it (the most used
 * words that start with the prefix) and the planner weighs a word's share of the catalogue with it
 * (lambdas/_lib/catalogue/estimates.ts).
 *
 * The count is exact, kept like the cells' stats (lambdas/_lib/catalogue/stats-store.ts): the indexer
 * ADDs +1 for each beat that gained the word and -1 for each beat that lost it, summed per batch. The
 * planner divides it by the catalogue's `ALL` count, so both must count the same beats. An approximate
 * counter is not enough: a Morris counter (2^f - 1) said 1,023 for a word in 334 of 1,500 beats about
 * one time in twenty and never went down, so the word looked common enough to filter a price walk on,
 * which then read 3-4 items per item shown.
 */

const vocabularyKey = (word: string) => ({ PK: `VOCAB#${word.slice(0, 2)}`, SK: word });

/** Beats with the word, as stored (a drifted count below zero means none). */
const beatsOf = (item: Record<string, unknown>) => Math.max(0, Number(item.beats ?? 0));

/** Applies changes of word counts (+n: n more beats have the word, -n: n fewer); the writes made. */
export async function countWords(changes: ReadonlyMap<string, number>): Promise<number> {
  const pending = [...changes].filter(([, delta]) => delta !== 0);
  const worker = async () => {
    for (let next = pending.shift(); next; next = pending.shift()) {
      const [word, delta] = next;
      await db.send(
        new UpdateCommand({
          TableName: config.TABLE_NAME,
          Key: vocabularyKey(word),
          UpdateExpression: 'ADD beats :delta SET #type = :type, word = :word',
          ExpressionAttributeNames: { '#type': 'type' },
          ExpressionAttributeValues: { ':delta': delta, ':type': 'vocabulary', ':word': word },
        }),
      );
    }
  };
  const writes = pending.length;
  // A few at a time, like the stats: a batch of new beats changes a few hundred words.
  await Promise.all(Array.from({ length: 6 }, worker));
  return writes;
}

/**
 * Sets the counts of these words to what a full pass over the published beats found (a re-index): it
 * repairs counts that drifted, and those written before the counts were exact. Words no published beat
 * has are not listed here and keep their item.
 */
export async function setWordCounts(counts: ReadonlyMap<string, number>): Promise<void> {
  await batchWrite(
    [...counts].map(([word, beats]) => ({
      put: { ...vocabularyKey(word), type: 'vocabulary', word, beats },
    })),
  );
}

export interface VocabularyWord {
  word: string;
  /** Published beats with the word. */
  count: number;
}

/** Up to `max` words of the vocabulary starting with `prefix` (at least 2 letters), most used first. */
export async function completionsOf(prefix: string, max: number): Promise<VocabularyWord[]> {
  const answer = await db.send(
    new QueryCommand({
      TableName: config.TABLE_NAME,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': vocabularyKey(prefix).PK, ':prefix': prefix },
      Limit: 200,
    }),
  );
  return (
    (answer.Items ?? [])
      .map((item) => ({ word: String(item.SK), count: beatsOf(item) }))
      // A word every beat lost completes to nothing.
      .filter((entry) => entry.count > 0)
      .sort((a, b) => b.count - a.count || a.word.length - b.word.length || a.word.localeCompare(b.word))
      .slice(0, max)
  );
}

/** Counts of whole words (0 for a word no beat has). */
export async function wordCounts(words: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map(words.map((word) => [word, 0]));
  if (words.length === 0) return counts;
  for (const item of await batchGet(words.map(vocabularyKey))) counts.set(String(item.SK), beatsOf(item));
  return counts;
}
