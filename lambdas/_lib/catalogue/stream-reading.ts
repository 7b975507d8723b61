import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../aws/dynamodb';
import { config } from '../config';
import { filterExpression, rangeText, type Expression } from './conditions';
import type { Position } from './cursor';
import { COLLECT_HARD_MAX, isTextSource, TEXT_SORT_MAX, type Plan, type Stream } from './plan-model';

/**
 * Reads a catalogue plan's streams (issue 16): each stream is a Query on one index partition read a chunk
 * at a time; a walk merges them in the answer's order from the cursor's positions, a collect reads every
 * candidate (up to a cap) and sorts them here.
 */

export type Item = Record<string, unknown>;

/** Query calls one page may make; a page that needs more comes back short, with its cursor. */
const MAX_QUERIES = 48;
/** A filtered read never asks for fewer items than a page. */
const FILTERED_READ_MIN = 12;

/** What a page cost so far. */
export interface Counter {
  queries: number;
  /** Items DynamoDB read for the page (Query ScannedCount and stats items). */
  reads: number;
  /** Queries whose FilterExpression dropped more than two thirds of what they read. */
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

/** Items in an attribute's order, ties broken by beat id (the same order on every page). */
function compare(attribute: string, descending: boolean) {
  return (a: Item, b: Item) => {
    const x = a[attribute] as string | number;
    const y = b[attribute] as string | number;
    const order = x < y ? -1 : x > y ? 1 : 0;
    return (descending ? -order : order) || String(a.id).localeCompare(String(b.id));
  };
}

/** The reader whose next item comes first in `order` (none when every buffer is empty). */
function firstInOrder(readers: readonly StreamReader[], order: (a: Item, b: Item) => number) {
  let best: StreamReader | undefined;
  for (const reader of readers) {
    const head = reader.head();
    if (head && (!best || order(head, best.head()!) < 0)) best = reader;
  }
  return best;
}

/** A page of a walk plan: the streams merged in the answer's order from their positions. */
export async function walk(plan: Plan, positions: Position[], limit: number, counter: Counter) {
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
    const best = firstInOrder(readers, order);
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
export async function collect(plan: Plan, counter: Counter) {
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
    const best = firstInOrder(readers, order);
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
