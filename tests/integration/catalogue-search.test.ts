import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_CELL, displayedPrice, entryCardOf } from '../../lambdas/_lib/catalogue/entries';
import { bpmRanges, queryKeys } from '../../lambdas/_lib/catalogue/query-terms';
import { readStats } from '../../lambdas/_lib/catalogue/stats-store';
import { wordCounts } from '../../lambdas/_lib/catalogue/vocabulary';
import { cellCount } from '../../shared/marketplace/catalogue-stats';
import type { ProjectRecord } from '../../lambdas/_lib/db/projects';
import { parseSearch, textWords } from '../../shared/marketplace/search-text';
import {
  catalogueQueryFrom,
  CatalogueQueryParams,
  type CatalogueCard,
  type CataloguePage,
  type CatalogueQuery,
} from '../../shared/schemas/catalogue';
import { allPublished, queries, seedIndexedCatalogue, wastefulQueries } from './catalogue-helpers';
import { call } from './marketplace-helpers';

/**
 * The catalogue search against a plain filter of every published beat (the oracle), on a realistic
 * catalogue seeded through the repository and indexed from the table's stream: every page holds only
 * matches, in the requested order, with no beat twice, and the pages together hold every match. Each
 * Query the search sends is recorded: none may read more than three times what it returns.
 */

let catalogue: ProjectRecord[];
let seeded: ProjectRecord[];

beforeAll(async () => {
  seeded = (await seedIndexedCatalogue(1500, 16)).beats;
  catalogue = await allPublished();
  // Indexing 1,500 beats takes a minute on an idle machine, several when the cores are shared.
}, 900_000);

/** The words a beat is found by (the oracle's rule). */
const beatWords = (beat: ProjectRecord) => textWords([beat.title, beat.creator_name, ...beat.tags].join(' '));

/** The oracle: the query's rule applied to a beat as stored. */
function matches(beat: ProjectRecord, query: CatalogueQuery): boolean {
  const card = entryCardOf(beat);
  const inRange = (value: number, range: { min?: number; max?: number }) =>
    (range.min === undefined || value >= range.min) && (range.max === undefined || value <= range.max);
  const words = beatWords(beat);
  const parsed = parseSearch(query.text);
  const keys = queryKeys(query);
  const ranges = bpmRanges(query);
  return (
    parsed.words.every((word) => words.includes(word)) &&
    (parsed.prefix === null || words.some((word) => word.startsWith(parsed.prefix!))) &&
    (query.genres.length === 0 || query.genres.includes(beat.genre)) &&
    (keys.length === 0 || (card.key !== undefined && keys.includes(card.key))) &&
    (query.creators.length === 0 || query.creators.includes(beat.creator_id)) &&
    (ranges.length === 0 || ranges.some((range) => inRange(beat.bpm, range))) &&
    inRange(displayedPrice(card), query.price) &&
    inRange(beat.duration_seconds, query.duration) &&
    beat.rating >= query.ratingMin &&
    beat.downloads >= query.downloadsMin
  );
}

const SORT_VALUE: Record<CatalogueQuery['sort'], (card: CatalogueCard) => number | string> = {
  relevance: (card) => card.downloads,
  popular: (card) => card.downloads,
  newest: (card) => card.created_at,
  price_asc: (card) => card.licences?.from_price ?? card.price,
  price_desc: (card) => card.licences?.from_price ?? card.price,
  bpm_asc: (card) => card.bpm,
  bpm_desc: (card) => card.bpm,
};
/** The same sort value from a beat as stored. */
function beatValue(beat: ProjectRecord, sort: CatalogueQuery['sort']): number | string {
  if (sort === 'newest') return beat.created_at;
  if (sort === 'price_asc' || sort === 'price_desc') return displayedPrice(entryCardOf(beat));
  if (sort === 'bpm_asc' || sort === 'bpm_desc') return beat.bpm;
  return beat.downloads;
}
const ascending = (sort: CatalogueQuery['sort']) => sort === 'price_asc' || sort === 'bpm_asc';

async function pages(
  params: Record<string, string>,
  max = 4,
): Promise<{ items: CatalogueCard[]; first: CataloguePage; complete: boolean }> {
  const items: CatalogueCard[] = [];
  let cursor: string | null = null;
  let first: CataloguePage | undefined;
  for (let page = 0; page < max; page += 1) {
    const answer: { status: number; body: CataloguePage } = await call<CataloguePage>(
      'GET',
      '/api/projects',
      {
        query: { ...params, ...(cursor ? { cursor } : {}) },
      },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    first ??= answer.body;
    items.push(...answer.body.items);
    cursor = answer.body.cursor;
    if (!cursor) return { items, first: first!, complete: true };
  }
  return { items, first: first!, complete: false };
}

function word(frequency: 'rare' | 'common'): string {
  const counts = new Map<string, number>();
  for (const beat of seeded) for (const w of textWords(beat.title)) counts.set(w, (counts.get(w) ?? 0) + 1);
  const sorted = [...counts].filter(([w]) => w.length > 3).sort((a, b) => a[1] - b[1]);
  return frequency === 'rare' ? sorted.find(([, n]) => n >= 2)![0] : sorted.at(-1)![0];
}

describe("the planner's evidence counts what the catalogue holds", () => {
  // A word's share of the catalogue is its count over the catalogue's: a count above the truth made
  // "a word by price" walk the price index with a filter (26 read, 7 shown).
  it('the catalogue and each searched word count the beats that have it', async () => {
    const stats = await readStats([ALL_CELL]);
    expect(cellCount(stats.get(ALL_CELL))).toBe(catalogue.length);
    const words = [word('common'), word('rare')];
    const counts = await wordCounts(words);
    for (const w of words)
      expect(counts.get(w), w).toBe(catalogue.filter((beat) => beatWords(beat).includes(w)).length);
  });
});

describe('catalogue search answers what a plain filter of every beat answers', () => {
  const cases: [string, () => Record<string, string>][] = [
    ['the first page', () => ({})],
    ['newest', () => ({ sort: 'newest' })],
    ['cheapest', () => ({ sort: 'price_asc' })],
    ['most expensive', () => ({ sort: 'price_desc' })],
    ['slowest', () => ({ sort: 'bpm_asc' })],
    ['a genre chip', () => ({ genre: 'Trap' })],
    ['two genres, newest', () => ({ genre: 'Trap,Drill', sort: 'newest' })],
    ['a key', () => ({ key: 'Am' })],
    ['compatible keys', () => ({ key: 'Am', compatible: '1' })],
    ['a genre and a key', () => ({ genre: 'Trap', key: 'Am' })],
    [
      'an acapella match',
      () => ({ key: 'C major', compatible: '1', bpm_min: '88', bpm_max: '94', half_double: '1' }),
    ],
    ['a narrow BPM range', () => ({ bpm_min: '140', bpm_max: '145' })],
    ['a BPM range by price', () => ({ bpm_min: '80', bpm_max: '100', sort: 'price_asc' })],
    ['a price range', () => ({ price_min: '20', price_max: '40' })],
    ['a price cap, most expensive', () => ({ price_max: '30', sort: 'price_desc' })],
    ['a minimum rating', () => ({ rating_min: '4' })],
    ['a minimum of downloads', () => ({ downloads_min: '1000' })],
    ['a duration range', () => ({ duration_min: '120', duration_max: '180' })],
    [
      'a genre, a BPM range and a price cap, by price',
      () => ({ genre: 'Trap', bpm_min: '140', bpm_max: '150', price_max: '60', sort: 'price_asc' }),
    ],
    ['a rare word', () => ({ q: `${word('rare')} ` })],
    ['a common word', () => ({ q: `${word('common')} ` })],
    ['a word being typed', () => ({ q: word('rare').slice(0, 4) })],
    ['two words', () => ({ q: `${word('common')} ${word('rare').slice(0, 3)}` })],
    ['a word in a genre', () => ({ q: `${word('common')} `, genre: 'Lo-Fi' })],
    ['a word by price', () => ({ q: `${word('common')} `, sort: 'price_asc' })],
    ['a creator', () => ({ creator: seeded[0]!.creator_id })],
    ['a creator by price', () => ({ creator: seeded[0]!.creator_id, sort: 'price_asc' })],
    ['a creator name', () => ({ q: seeded[1]!.creator_name.split(' ')[0]! })],
  ];

  const wasteful: Record<string, ReturnType<typeof wastefulQueries>> = {};

  it.each(cases)('%s', async (name, params) => {
    const given = params();
    const query = catalogueQueryFrom(CatalogueQueryParams.parse(given));
    const expected = catalogue.filter((beat) => matches(beat, query));
    const before = queries.length;
    const { items, first, complete } = await pages(given);
    const ids = items.map((card) => card.id);
    expect(new Set(ids).size, 'no beat twice').toBe(ids.length);
    const wanted = new Set(expected.map((beat) => beat.id));
    expect(
      ids.filter((id) => !wanted.has(id)),
      'only matches',
    ).toEqual([]);
    const value = SORT_VALUE[query.sort];
    const order = items.map(value);
    const sorted = [...order].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    if (!ascending(query.sort)) sorted.reverse();
    // A text search in another order sorts its most popular matches: each page is in order.
    if (first.sorted_among === null) expect(order, 'in order').toEqual(sorted);
    if (complete) expect(ids.length, 'every match').toBe(expected.length);
    else {
      // The first pages hold the best matches: none better was left out.
      const worst = order.at(-1)!;
      const better = expected.filter((beat) => {
        const v = beatValue(beat, query.sort);
        return ascending(query.sort) ? v < worst : v > worst;
      });
      if (first.sorted_among === null)
        expect(
          better.every((beat) => ids.includes(beat.id)),
          'best first',
        ).toBe(true);
    }
    if (first.total_exact) expect(first.total).toBe(expected.length);
    else expect(first.total).toBeGreaterThan(0);
    const found = wastefulQueries(queries.slice(before));
    if (found.length) wasteful[name] = found;
  });

  it('no Query read more than three times what it returned', () => {
    expect(wasteful).toEqual({});
  });
});
