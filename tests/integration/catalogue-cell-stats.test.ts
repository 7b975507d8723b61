import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../lambdas/_lib/aws/dynamodb';
import { config } from '../../lambdas/_lib/config';
import { ALL_CELL, bpmBandCell, entryCardOf, genreCell, keyCell } from '../../lambdas/_lib/catalogue/entries';
import { reindexPublished } from '../../lambdas/_lib/catalogue/indexer';
import { readStats } from '../../lambdas/_lib/catalogue/stats-store';
import type { ProjectRecord } from '../../lambdas/_lib/db/projects';
import { formatKey } from '../../shared/licensing/key-bpm';
import { PRODUCT_GENRES } from '../../shared/marketplace/genres';
import { allPublished, seedIndexedCatalogue } from './catalogue-helpers';

/**
 * The cells' stats (`CATSTATS#<cell>`) are the planner's evidence: it divides them to choose how to read a
 * page, so a count that drifted (a stream delta lost or applied twice, a bug in an older release) makes
 * search read more for the same results. The stream keeps them with ADDs of each change, which never
 * repair drift; a re-index sets them from the beats it reads. The oracle below counts every published
 * beat of the (shared) table with its own arithmetic of the histogram bins, not the indexer's code.
 */

type Stats = Record<string, number>;
type Cells = Map<string, Stats>;

const statsKey = (cell: string) => ({ PK: `CATSTATS#${cell}`, SK: 'STATS' });

/** The stats a beat adds to its cells, written out by hand (shared/marketplace/catalogue-stats.ts bins). */
function beatStats(beat: ProjectRecord): { cells: string[]; stats: Stats } {
  const card = entryCardOf(beat);
  const price = card.licence_from_price ?? card.price;
  const priceBin =
    price < 100 ? Math.floor(price / 5) : price < 1000 ? 20 + Math.floor((price - 100) / 50) : 38;
  const stats: Stats = {
    n: 1,
    rating_sum: beat.rating,
    [`hb_${Math.floor(beat.bpm / 5)}`]: 1,
    [`hp_${priceBin}`]: 1,
    [`hd_${Math.min(240, Math.floor(beat.duration_seconds / 15))}`]: 1,
    [`hr_${Math.floor(beat.rating * 2)}`]: 1,
    [`hl_${Math.floor(Math.log2(Math.max(0, beat.downloads) + 1))}`]: 1,
    [`day_${beat.created_at.slice(0, 10).replace(/-/g, '')}`]: 1,
  };
  const cells = [ALL_CELL, genreCell(beat.genre), bpmBandCell(Math.floor(beat.bpm / 10) * 10)];
  if (card.key) cells.push(keyCell(card.key));
  return { cells, stats };
}

/** Every cell's stats built from scratch from the published beats. */
function fromScratch(beats: readonly ProjectRecord[]): Cells {
  const out: Cells = new Map();
  for (const beat of beats) {
    const { cells, stats } = beatStats(beat);
    for (const cell of cells) {
      const sums = out.get(cell) ?? {};
      for (const [name, value] of Object.entries(stats)) sums[name] = (sums[name] ?? 0) + value;
      out.set(cell, sums);
    }
  }
  return out;
}

/** Stats compared by value: a bin at 0 is no bin, and a sum of ratings is kept to 6 decimals. */
function comparable(stats: Stats | undefined): Stats {
  const out: Stats = {};
  for (const [name, value] of Object.entries(stats ?? {}))
    if (Math.abs(value) > 1e-9) out[name] = Math.round(value * 1e6) / 1e6;
  return out;
}

/** Every cell a beat could be in: the catalogue, the genres, the 24 keys, the BPM bands of 20–300. */
const possibleCells = [
  ALL_CELL,
  ...PRODUCT_GENRES.map(genreCell),
  ...Array.from({ length: 24 }, (_, n) =>
    keyCell(formatKey({ tonic: n % 12, mode: n < 12 ? 'major' : 'minor' })),
  ),
  ...Array.from({ length: 29 }, (_, n) => bpmBandCell(20 + 10 * n)),
];

/** The stored stats of the oracle's cells, of every possible cell, and of `more`. */
async function storedStats(oracle: Cells, more: readonly string[] = []): Promise<Cells> {
  return readStats([...oracle.keys(), ...possibleCells, ...more]);
}

function expectStatsOf(stored: Cells, oracle: Cells, cells: Iterable<string>) {
  for (const cell of cells) expect(comparable(stored.get(cell)), cell).toEqual(comparable(oracle.get(cell)));
}

let seeded: ProjectRecord[];

beforeAll(async () => {
  seeded = (await seedIndexedCatalogue(40, 23)).beats;
}, 300_000);

describe('a re-index sets the cells’ stats to what the beats make', () => {
  it('on a consistent table it leaves every cell as it is', async () => {
    // Whatever earlier files left, one re-index makes the table consistent; a second one changes nothing.
    await reindexPublished();
    const oracle = fromScratch(await allPublished());
    const before = await storedStats(oracle);
    expectStatsOf(before, oracle, new Set([...oracle.keys(), ...possibleCells]));
    await reindexPublished();
    expect(await storedStats(oracle)).toEqual(before);
  }, 300_000);

  it('drift up, drift down, a lost cell and a cell with no beats are all set back', async () => {
    const oracle = fromScratch(await allPublished());
    const beat = seeded.find((candidate) => entryCardOf(candidate).key)!;
    const genre = genreCell(beat.genre);
    const key = keyCell(entryCardOf(beat).key!);
    // A BPM band no published beat is in (the seed's tempos stay under 170).
    const emptyBand = [290, 280, 270, 260].map(bpmBandCell).find((cell) => !oracle.has(cell))!;
    expect(emptyBand).toBeDefined();

    // Up: the whole catalogue counted two beats twice. Down: the genre lost a beat's delta and gained a
    // day no beat has. The key's item is gone; the empty band has an item.
    const add = (cell: string, values: Stats) =>
      db.send(
        new UpdateCommand({
          TableName: config.TABLE_NAME,
          Key: statsKey(cell),
          UpdateExpression: `ADD ${Object.keys(values)
            .map((_, n) => `#a${n} :v${n}`)
            .join(', ')}`,
          ExpressionAttributeNames: Object.fromEntries(
            Object.keys(values).map((name, n) => [`#a${n}`, name]),
          ),
          ExpressionAttributeValues: Object.fromEntries(
            Object.values(values).map((value, n) => [`:v${n}`, value]),
          ),
        }),
      );
    await add(ALL_CELL, { n: 2, rating_sum: 9, hl_0: 2 });
    await add(genre, {
      n: -1,
      rating_sum: -beat.rating,
      [`hb_${Math.floor(beat.bpm / 5)}`]: -1,
      day_19990101: 1,
    });
    await db.send(new DeleteCommand({ TableName: config.TABLE_NAME, Key: statsKey(key) }));
    await db.send(
      new PutCommand({ TableName: config.TABLE_NAME, Item: { ...statsKey(emptyBand), n: 3, hb_58: 3 } }),
    );
    const drifted = await storedStats(oracle, [emptyBand]);
    for (const cell of [ALL_CELL, genre, key, emptyBand])
      expect(comparable(drifted.get(cell)), cell).not.toEqual(comparable(oracle.get(cell)));

    await reindexPublished();
    const repaired = await storedStats(oracle, [emptyBand]);
    expectStatsOf(repaired, oracle, new Set([...oracle.keys(), ...possibleCells, emptyBand]));
    // The empty band has no item at all again (a cell never written: zero beats).
    expect(repaired.has(emptyBand)).toBe(false);
  }, 300_000);
});
