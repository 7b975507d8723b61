import { paginateQuery } from '@aws-sdk/lib-dynamodb';
import { averageRating, cellCount, newThisWeek } from '../../../shared/marketplace/catalogue-stats';
import { parseSearch } from '../../../shared/marketplace/search-text';
import type { CatalogueCard, CataloguePage, CatalogueQuery } from '../../../shared/schemas/catalogue';
import { db } from '../aws/dynamodb';
import { config } from '../config';
import { BadRequest } from '../errors';
import { statsCellsFor } from './candidate-sources';
import { checkPosition, decodeCursor, encodeCursor } from './cursor';
import { ALL_CELL, cardFromEntry } from './entries';
import { buildPlan, choosePlan } from './plan';
import { isTextSource, type Choice, type Evidence, type Plan } from './plan-model';
import { readStats } from './stats-store';
import { collect, walk, type Counter, type Item } from './stream-reading';
import { completionsOf, wordCounts } from './vocabulary';

/**
 * Runs a catalogue query (issue 16): plans it (lambdas/_lib/catalogue/plan.ts), reads one page with
 * Queries on the chosen index cells (lambdas/_lib/catalogue/stream-reading.ts), and answers the cards,
 * the next cursor and, on the first page, the number of results and the catalogue's figures. Never a
 * Scan, never a read of the whole catalogue.
 */

/** Completions of a word being typed that are read (the most used ones). */
const MAX_COMPLETIONS = 4;
/** A cell without stats of its own (a creator) is counted exactly up to this size. */
const COUNT_PROBE_MAX = 1000;

/** How the page was read: the plan (as `walk:genre:1+range`) and what reading it cost. */
export interface SearchDiagnostics extends Counter {
  plan: string;
}

export interface SearchResult {
  page: CataloguePage;
  diagnostics: SearchDiagnostics;
}

async function gatherEvidence(query: CatalogueQuery, counter: Counter): Promise<Evidence> {
  const parsed = parseSearch(query.text);
  const [stats, completions] = await Promise.all([
    readStats(statsCellsFor(query)),
    parsed.prefix !== null ? completionsOf(parsed.prefix, MAX_COMPLETIONS) : Promise.resolve([]),
  ]);
  counter.reads += stats.size;
  if (parsed.prefix !== null) counter.queries += 1;
  const counts = new Map(completions.map((entry) => [entry.word, entry.count]));
  if (parsed.words.length > 0)
    for (const [word, count] of await wordCounts(parsed.words)) counts.set(word, count);
  return { stats, wordCounts: counts, completions: completions.map((entry) => entry.word) };
}

/** Exact size of small cells with no stats (a creator's beats), one COUNT query each. */
async function probeCount(plan: Plan, counter: Counter): Promise<number | undefined> {
  let total = 0;
  for (const stream of plan.streams) {
    const answers = paginateQuery(
      { client: db },
      {
        TableName: config.TABLE_NAME,
        IndexName: stream.index,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': stream.partitionAttribute },
        ExpressionAttributeValues: { ':pk': stream.partition },
        Select: 'COUNT',
      },
    );
    for await (const answer of answers) {
      counter.queries += 1;
      total += answer.Count ?? 0;
      counter.reads += answer.ScannedCount ?? 0;
      if (total > COUNT_PROBE_MAX) return undefined;
    }
  }
  return total;
}

function describe(plan: Plan): string {
  const cells = isTextSource(plan.choice.source)
    ? `${plan.choice.source}(${plan.choice.words?.join('|')})`
    : plan.choice.source;
  return `${plan.mode}:${cells}:${plan.streams.length}${plan.residual.length ? `+${plan.residual.map((c) => c.kind).join(',')}` : ''}`;
}

export async function searchCatalogue(query: CatalogueQuery, now = new Date()): Promise<SearchResult> {
  const counter: Counter = { queries: 0, reads: 0, wasteful: 0 };
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const evidence = cursor ? undefined : await gatherEvidence(query, counter);
  const choice: Choice = cursor ? cursor.c : choosePlan(query, evidence!);
  const plan = buildPlan(query, choice, evidence);
  if (!plan) {
    if (cursor) throw new BadRequest('INVALID_CURSOR');
    throw new Error(`no plan for ${JSON.stringify(choice)}`);
  }

  let items: Item[];
  let nextCursor: string | null = null;
  let sortedAmong: number | null = null;
  let exactTotal: number | undefined;
  if (plan.mode === 'walk') {
    const given = cursor?.p ?? plan.streams.map(() => null);
    if (given.length !== plan.streams.length) throw new BadRequest('INVALID_CURSOR');
    const positions = given.map((position, index) => checkPosition(position, plan.streams[index]!));
    const page = await walk(plan, positions, query.limit, counter);
    items = page.items;
    if (page.positions) nextCursor = encodeCursor({ v: 1, c: choice, p: page.positions });
  } else {
    const offset = cursor?.o ?? 0;
    const { sorted, truncated } = await collect(plan, counter);
    items = sorted.slice(offset, offset + query.limit);
    if (offset + query.limit < sorted.length)
      nextCursor = encodeCursor({ v: 1, c: choice, o: offset + query.limit });
    if (truncated && isTextSource(plan.choice.source)) sortedAmong = sorted.length;
    if (!truncated) exactTotal = sorted.length;
  }

  let total: number | null = null;
  let totalExact = false;
  if (!cursor) {
    if (!nextCursor) [total, totalExact] = [items.length, true];
    else if (exactTotal !== undefined) [total, totalExact] = [exactTotal, true];
    else if (plan.choice.source === 'creator' && plan.residual.length === 0 && plan.mode === 'walk') {
      const counted = await probeCount(plan, counter);
      [total, totalExact] = counted === undefined ? [plan.total, false] : [counted, true];
    } else [total, totalExact] = [Math.max(plan.total, items.length), plan.totalExact];
  }
  const all = evidence?.stats.get(ALL_CELL);
  const cards: CatalogueCard[] = items.map(cardFromEntry);
  return {
    page: {
      items: cards,
      cursor: nextCursor,
      total,
      total_exact: totalExact,
      sorted_among: sortedAmong,
      stats: evidence
        ? { beats: cellCount(all), average_rating: averageRating(all), new_this_week: newThisWeek(all, now) }
        : null,
    },
    diagnostics: { plan: describe(plan), ...counter },
  };
}
