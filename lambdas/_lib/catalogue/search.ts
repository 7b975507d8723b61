import { paginateQuery, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { averageRating, cellCount, newThisWeek } from '../../../shared/marketplace/catalogue-stats';
import { parseSearch } from '../../../shared/marketplace/search-text';
import type { CatalogueCard, CataloguePage, CatalogueQuery } from '../../../shared/schemas/catalogue';
import { db } from '../aws/dynamodb';
import { config } from '../config';
import { BadRequest } from '../errors';
import { ALL_CELL, cardFromEntry } from './entries';
import { filterExpression, rangeText, type Expression } from './conditions';
import {
  buildPlan,
  choosePlan,
  COLLECT_MAX,
  isTextSource,
  SOURCES,
  statsCellsFor,
  TEXT_SORT_MAX,
  type Choice,
  type Evidence,
  type Plan,
  type Stream,
} from './plan';
import { readStats } from './stats-store';
import { completionsOf, wordCounts } from './vocabulary';

/**
 * Runs a catalogue query (issue 16): plans it (lambdas/_lib/catalogue/plan.ts), reads one page with
 * Queries on the chosen index cells, merges them in the requested order and answers the cards, the next
 * cursor and, on the first page, the number of results and the catalogue's figures. Never a Scan, never
 * a read of the whole catalogue.
 */

type Item = Record<string, unknown>;

/** Query calls one page may make; a page that needs more comes back short, with its cursor. */
const MAX_QUERIES = 48;
/** Completions of a word being typed that are read (the most used ones). */
const MAX_COMPLETIONS = 4;
/** Reads of a collect plan before it gives up sorting everything (estimates can be wrong). */
const COLLECT_HARD_MAX = COLLECT_MAX * 2;
/** A cell without stats of its own (a creator) is counted exactly up to this size. */
const COUNT_PROBE_MAX = 1000;

export interface SearchDiagnostics {
  plan: string;
  queries: number;
  /** Items DynamoDB read for the page (Query ScannedCount and stats items). */
  reads: number;
  /** Queries whose FilterExpression dropped more than two thirds of what they read. */
  wasteful: number;
}

export interface SearchResult {
  page: CataloguePage;
  diagnostics: SearchDiagnostics;
}

/* ---------------------------------------------------------------- cursors */

const Position = z.union([z.null(), z.literal(0), z.record(z.string(), z.union([z.string(), z.number()]))]);
const CursorBody = z.object({
  v: z.literal(1),
  c: z.object({
    source: z.enum(SOURCES),
    mode: z.enum(['walk', 'collect']),
    rangeField: z.enum(['bpm', 'price']).optional(),
    words: z.array(z.string().max(40)).max(8).optional(),
    completes: z.boolean().optional(),
  }),
  p: z.array(Position).max(24).optional(),
  o: z.number().int().min(0).max(COLLECT_HARD_MAX).optional(),
});
type CursorBody = z.infer<typeof CursorBody>;
type Position = z.infer<typeof Position>;

function encodeCursor(body: CursorBody): string {
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

function decodeCursor(text: string): CursorBody {
  try {
    const parsed = CursorBody.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through: any malformed cursor is the caller's mistake
  }
  throw new BadRequest('INVALID_CURSOR');
}

/** A cursor position must point into its own stream's cell (a forged key reads nothing else). */
function checkPosition(position: Position, stream: Stream): Position {
  if (position === null || position === 0) return position;
  const ok =
    position[stream.partitionAttribute] === stream.partition &&
    typeof position.PK === 'string' &&
    position.PK.startsWith('PROJECT#') &&
    typeof position.SK === 'string' &&
    position.SK.startsWith('IDX#') &&
    position[stream.sortAttribute] !== undefined &&
    Object.keys(position).length === 4;
  if (!ok) throw new BadRequest('INVALID_CURSOR');
  return position;
}

/* --------------------------------------------------------------- reading */

interface Counter {
  queries: number;
  reads: number;
  wasteful: number;
}

/** One stream: a Query on one index partition, read a chunk at a time from a position. */
class StreamReader {
  private buffer: Item[] = [];
  private startKey: Record<string, unknown> | undefined;
  private exhausted: boolean;
  private lastTaken: Record<string, unknown> | undefined;

  constructor(
    readonly stream: Stream,
    private readonly descending: boolean,
    private readonly filter: Expression | undefined,
    position: Position,
    private readonly counter: Counter,
  ) {
    this.exhausted = position === 0;
    this.startKey = position ? position : undefined;
  }

  get done(): boolean {
    return this.exhausted && this.buffer.length === 0;
  }

  head(): Item | undefined {
    return this.buffer[0];
  }

  take(): Item {
    const item = this.buffer.shift()!;
    this.lastTaken = item;
    return item;
  }

  /** Reads until `count` items are buffered or the stream ends; false when the query budget ran out. */
  async fill(count: number, chunk: number): Promise<boolean> {
    while (this.buffer.length < count && !this.exhausted) {
      if (this.counter.queries >= MAX_QUERIES) return false;
      const names: Record<string, string> = { '#pk': this.stream.partitionAttribute, ...this.filter?.names };
      const values: Record<string, unknown> = { ':pk': this.stream.partition, ...this.filter?.values };
      let condition = '#pk = :pk';
      if (this.stream.range) {
        names['#sk'] = this.stream.sortAttribute;
        condition += ` AND ${rangeText('#sk', this.stream.range, values, 'k')}`;
      }
      this.counter.queries += 1;
      const answer = await db.send(
        new QueryCommand({
          TableName: config.TABLE_NAME,
          IndexName: this.stream.index,
          KeyConditionExpression: condition,
          ...(this.filter ? { FilterExpression: this.filter.text } : {}),
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ScanIndexForward: !this.descending,
          Limit: Math.min(200, Math.max(1, chunk)),
          ExclusiveStartKey: this.startKey,
        }),
      );
      const scanned = answer.ScannedCount ?? 0;
      const returned = answer.Count ?? 0;
      this.counter.reads += scanned;
      if (scanned > 3 * Math.max(returned, 1) && scanned > 3 * chunk) this.counter.wasteful += 1;
      this.buffer.push(...(answer.Items ?? []));
      this.startKey = answer.LastEvaluatedKey;
      if (!this.startKey) this.exhausted = true;
    }
    return true;
  }

  /** Where the next page of this stream starts. */
  position(initial: Position): Position {
    if (this.buffer.length === 0) return this.exhausted ? 0 : ((this.startKey as Position) ?? initial);
    if (!this.lastTaken) return initial;
    const item = this.lastTaken;
    return {
      PK: String(item.PK),
      SK: String(item.SK),
      [this.stream.partitionAttribute]: this.stream.partition,
      [this.stream.sortAttribute]: item[this.stream.sortAttribute] as string | number,
    };
  }
}

function compare(attribute: string, descending: boolean) {
  return (a: Item, b: Item) => {
    const x = a[attribute] as string | number;
    const y = b[attribute] as string | number;
    const order = x < y ? -1 : x > y ? 1 : 0;
    return (descending ? -order : order) || String(a.id).localeCompare(String(b.id));
  };
}

const FILTERED_READ_MIN = 12;

/** A page of a walk plan: the streams merged in the answer's order from their positions. */
async function walk(plan: Plan, positions: Position[], limit: number, counter: Counter) {
  const filter = filterExpression(plan.residual);
  const readers = plan.streams.map(
    (stream, index) =>
      new StreamReader(stream, plan.readDescending, filter, positions[index] ?? null, counter),
  );
  const single = readers.length === 1;
  const chunk = single ? limit + 1 : Math.ceil(limit / readers.length) + 2;
  // A filtered read asks for enough that what it keeps is not a matter of luck (each Query is held to
  // reading at most 3× what it returns): twice what is missing, and never fewer than a page.
  const widen = (n: number) => (filter ? Math.max(n * 2, FILTERED_READ_MIN) : n);
  let complete = (await Promise.all(readers.map((reader) => reader.fill(1, widen(chunk))))).every(Boolean);
  const order = compare(plan.sortAttribute, plan.sortDescending);
  const items: Item[] = [];
  const seen = new Set<string>();
  while (items.length < limit && complete) {
    let best: StreamReader | undefined;
    for (const reader of readers) {
      const head = reader.head();
      if (head && (!best || order(head, best.head()!) < 0)) best = reader;
    }
    if (!best) break;
    const item = best.take();
    if (!seen.has(String(item.id))) {
      seen.add(String(item.id));
      items.push(item);
    }
    if (!best.head())
      complete = await best.fill(1, widen(single ? limit - items.length + 1 : limit - items.length));
  }
  // Peek so the last page has no cursor (one extra small read at most, on a single stream).
  if (complete && items.length === limit && single) await readers[0]!.fill(1, 1);
  const next = readers.map((reader, index) => reader.position(positions[index] ?? null));
  const more = readers.some((reader) => !reader.done) || !complete;
  return { items, positions: more ? next : undefined };
}

/** Every candidate of a collect plan (up to a cap), sorted here. */
async function collect(plan: Plan, counter: Counter) {
  const filter = filterExpression(plan.residual);
  const textual = isTextSource(plan.choice.source);
  const cap = textual ? TEXT_SORT_MAX : COLLECT_HARD_MAX;
  const readers = plan.streams.map(
    (stream) => new StreamReader(stream, plan.readDescending, filter, null, counter),
  );
  const found = new Map<string, Item>();
  // Text: the most relevant first, stopping at the cap; ranges: everything in the range.
  const order = compare(plan.readAttribute, plan.readDescending);
  let truncated: boolean;
  for (;;) {
    const ok = (await Promise.all(readers.map((reader) => reader.fill(1, 100)))).every(Boolean);
    let best: StreamReader | undefined;
    for (const reader of readers) {
      const head = reader.head();
      if (head && (!best || order(head, best.head()!) < 0)) best = reader;
    }
    if (!best || !ok) {
      truncated = !ok;
      break;
    }
    const item = best.take();
    found.set(String(item.id), item);
    if (found.size >= cap) {
      truncated = readers.some((reader) => !reader.done);
      break;
    }
  }
  const sorted = [...found.values()].sort(compare(plan.sortAttribute, plan.sortDescending));
  return { sorted, truncated };
}

/* ---------------------------------------------------------------- answer */

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
