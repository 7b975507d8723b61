import { paginateQuery } from '@aws-sdk/lib-dynamodb';
import { TOKEN_SLOTS, tokenAttribute } from '../../../shared/marketplace/catalogue-index';
import { db } from '../aws/dynamodb';
import { config } from '../config';
import { batchGet, batchWrite, type BatchWrite } from '../db/batch';
import { keys } from '../db/keys';
import { PUBLISHED, projectFromItem, projectKey } from '../db/projects';
import { rememberCreators } from './creator-directory';
import { entriesFor, isWord, type EntryCard, type EntryItem } from './entries';
import { CellSums, StatsDelta, setCellStats } from './stats-store';
import { countWords, setWordCounts } from './vocabulary';

/**
 * The catalogue indexer (issue 16): brings the index entries of some beats in line with their META item
 * as it is now. It reads the beat and the entries it has, writes the entries that changed, deletes the
 * ones no longer wanted (all of them for a sold beat), and updates the cells' stats, the vocabulary and the
 * creator directory by the difference. Reading the current state makes it safe to run twice, late or out
 * of order (stream records are delivered at least once); only the counts can drift if a run stops
 * between writing entries and writing stats (docs/architecture.md "Catalogue search").
 */

export interface IndexOutcome {
  beats: number;
  puts: number;
  deletes: number;
  statsUpdates: number;
  vocabularyWrites: number;
}

const entryKey = (id: string, n: number) => ({ PK: keys.project(id), SK: `IDX#${n}` });

/** Attribute order never matters when comparing an entry with what is stored. */
function sameItem(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const names = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const name of names) if (JSON.stringify(a[name]) !== JSON.stringify(b[name])) return false;
  return true;
}

/** The vocabulary words among the entries' tokens (tokens of cells are not words). */
function wordsOf(entries: readonly Record<string, unknown>[]): Set<string> {
  const words = new Set<string>();
  for (const entry of entries) {
    for (let slot = 0; slot < TOKEN_SLOTS; slot += 1) {
      const token = entry[tokenAttribute(slot)];
      if (typeof token === 'string' && isWord(token)) words.add(token);
    }
  }
  return words;
}

/**
 * What a re-index counts from the beats it reads: the word counts and cell stats a build from scratch
 * makes.
 */
export interface ReindexTally {
  /** Beats per word their entries now hold. */
  words: Map<string, number>;
  /** Each beat's stats contribution to the cells it is now in. */
  stats: CellSums;
}

/** `tally`, when given, receives what each beat counts for as its entries now stand (a re-index). */
export async function indexBeats(ids: readonly string[], tally?: ReindexTally): Promise<IndexOutcome> {
  const unique = [...new Set(ids)];
  const outcome: IndexOutcome = {
    beats: unique.length,
    puts: 0,
    deletes: 0,
    statsUpdates: 0,
    vocabularyWrites: 0,
  };
  if (unique.length === 0) return outcome;

  // The beats as they are now (consistent: a change a moment ago is what the stream told us about).
  const beats = new Map(
    (await batchGet(unique.map(projectKey), true)).map((item) => [String(item.id), projectFromItem(item)]),
  );
  // Their entries: the first two always exist for an indexed beat; IDX#1 says how many there are.
  const stored = new Map<string, Map<string, Record<string, unknown>>>();
  const remember = (items: Record<string, unknown>[]) => {
    for (const item of items) {
      const id = String(item.PK).slice('PROJECT#'.length);
      let entries = stored.get(id);
      if (!entries) stored.set(id, (entries = new Map()));
      entries.set(String(item.SK), item);
    }
  };
  remember(
    await batchGet(
      unique.flatMap((id) => [entryKey(id, 1), entryKey(id, 2)]),
      true,
    ),
  );
  const more = unique.flatMap((id) => {
    const count = Number(stored.get(id)?.get('IDX#1')?.entries ?? 0);
    return Array.from({ length: Math.max(0, count - 2) }, (_, n) => entryKey(id, n + 3));
  });
  if (more.length) remember(await batchGet(more, true));

  const writes: BatchWrite[] = [];
  const stats = new StatsDelta();
  const wordChanges = new Map<string, number>();
  const change = (word: string, delta: number) => wordChanges.set(word, (wordChanges.get(word) ?? 0) + delta);
  const creators: { id: string; name: string }[] = [];
  for (const id of unique) {
    const beat = beats.get(id);
    const wanted: EntryItem[] = beat ? entriesFor(beat) : [];
    const had = stored.get(id) ?? new Map<string, Record<string, unknown>>();
    for (const entry of wanted) {
      const old = had.get(entry.SK);
      if (!old || !sameItem(old, entry)) writes.push({ put: entry });
    }
    const keep = new Set(wanted.map((entry) => entry.SK));
    for (const sk of had.keys()) if (!keep.has(sk)) writes.push({ delete: { PK: keys.project(id), SK: sk } });

    const before = had.get('IDX#1') as EntryCard | undefined;
    if (before) stats.add(before, -1);
    if (wanted[0]) {
      stats.add(wanted[0], 1);
      creators.push({ id: wanted[0].creator_id, name: wanted[0].creator });
    }
    // Words counted like the stats: the beat leaves the counts of the words it lost (all, once sold).
    const oldWords = wordsOf([...had.values()]);
    const newWords = wordsOf(wanted);
    for (const word of newWords) if (!oldWords.has(word)) change(word, 1);
    for (const word of oldWords) if (!newWords.has(word)) change(word, -1);
    if (tally) {
      for (const word of newWords) tally.words.set(word, (tally.words.get(word) ?? 0) + 1);
      if (wanted[0]) tally.stats.add(wanted[0], 1);
    }
  }

  // Entries first: the index is right even if what follows fails (then only counts are off).
  await batchWrite(writes);
  outcome.puts = writes.filter((write) => 'put' in write).length;
  outcome.deletes = writes.length - outcome.puts;
  outcome.statsUpdates = await stats.write();
  outcome.vocabularyWrites = await countWords(wordChanges);
  await rememberCreators(creators);
  return outcome;
}

/**
 * Re-indexes every published beat, a page at a time (maintenance, never a request path): after the
 * index layout changed, or to build the index of a table that had beats before the indexer existed. The
 * vocabulary's counts and the cells' stats are then set from the pass (a beat changed during it can leave
 * them off by that change until the next re-index). `onPage` reports progress.
 */
export async function reindexPublished(onPage?: (done: number) => void, pageSize = 200): Promise<number> {
  let done = 0;
  const pages = paginateQuery(
    { client: db, pageSize },
    {
      TableName: config.TABLE_NAME,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.projectStatus(PUBLISHED) },
      ProjectionExpression: 'id',
    },
  );
  const tally: ReindexTally = { words: new Map(), stats: new CellSums() };
  for await (const page of pages) {
    const ids = (page.Items ?? []).map((item) => String(item.id));
    await indexBeats(ids, tally);
    done += ids.length;
    onPage?.(done);
  }
  // The diffs above count only what changed (drift stays); the pass saw every published beat, so its
  // tally is the count.
  await setWordCounts(tally.words);
  await setCellStats(tally.stats);
  return done;
}
