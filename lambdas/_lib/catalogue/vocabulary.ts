import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, paginateQuery, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
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

/**
 * The vocabulary's partitions ever written, one small item each (`VOCAB` / `VOCAB#<two letters>`), so that
 * a re-index can list every word, also those no beat has any more, without a Scan. A partition is
 * registered before its words are written (an interrupted write leaves the registry a superset) and once
 * per warm container (`registered`): about one write unit per new partition, not one per word.
 */
const REGISTRY_PK = 'VOCAB';
const registered = new Set<string>();

async function registerPartitions(words: Iterable<string>): Promise<void> {
  const partitions = new Set([...words].map((word) => vocabularyKey(word).PK));
  const fresh = [...partitions].filter((partition) => !registered.has(partition));
  if (fresh.length === 0) return;
  await batchWrite(
    fresh.map((partition) => ({ put: { PK: REGISTRY_PK, SK: partition, type: 'vocabulary-partition' } })),
  );
  for (const partition of fresh) registered.add(partition);
}

/** Beats with the word, as stored (a drifted count below zero means none). */
const beatsOf = (item: Record<string, unknown>) => Math.max(0, Number(item.beats ?? 0));

/** Applies changes of word counts (+n: n more beats have the word, -n: n fewer); the writes made. */
export async function countWords(changes: ReadonlyMap<string, number>): Promise<number> {
  const pending = [...changes].filter(([, delta]) => delta !== 0);
  // A word is new only when a beat gains it.
  await registerPartitions(pending.filter(([, delta]) => delta > 0).map(([word]) => word));
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
 * repairs counts that drifted, and those written before the counts were exact. Every other word of the
 * vocabulary is one no published beat has: its item is deleted, unless a stream update changed its count
 * since it was read (that word is then left for the next re-index).
 */
export async function setWordCounts(
  counts: ReadonlyMap<string, number>,
): Promise<{ set: number; cleared: number }> {
  await registerPartitions(counts.keys());
  await batchWrite(
    [...counts].map(([word, beats]) => ({
      put: { ...vocabularyKey(word), type: 'vocabulary', word, beats },
    })),
  );
  const stale = (await listWords()).filter((entry) => !counts.has(entry.word));
  let cleared = 0;
  const worker = async () => {
    for (let next = stale.shift(); next; next = stale.shift()) {
      try {
        await db.send(
          new DeleteCommand({
            TableName: config.TABLE_NAME,
            Key: vocabularyKey(next.word),
            ConditionExpression: next.beats === undefined ? 'attribute_not_exists(beats)' : 'beats = :seen',
            ...(next.beats === undefined ? {} : { ExpressionAttributeValues: { ':seen': next.beats } }),
          }),
        );
        cleared++;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return { set: counts.size, cleared };
}

/** Every word in the vocabulary's registered partitions, with its stored count (maintenance only). */
async function listWords(): Promise<{ word: string; beats: number | undefined }[]> {
  const query = (pk: string, projection: string) =>
    paginateQuery(
      { client: db },
      {
        TableName: config.TABLE_NAME,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ProjectionExpression: projection,
      },
    );
  const partitions: string[] = [];
  for await (const page of query(REGISTRY_PK, 'SK'))
    for (const item of page.Items ?? []) partitions.push(String(item.SK));
  const words: { word: string; beats: number | undefined }[] = [];
  for (const partition of partitions)
    for await (const page of query(partition, 'SK, beats'))
      for (const item of page.Items ?? [])
        words.push({ word: String(item.SK), beats: typeof item.beats === 'number' ? item.beats : undefined });
  return words;
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
