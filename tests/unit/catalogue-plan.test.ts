import { describe, expect, it } from 'vitest';
import { entriesFor, genreCell, keyCell, ALL_CELL, bpmBandCell } from '../../lambdas/_lib/catalogue/entries';
import { buildPlan, choosePlan } from '../../lambdas/_lib/catalogue/plan';
import type { Evidence } from '../../lambdas/_lib/catalogue/plan-model';
import { matchesConditions, filterExpression, type Condition } from '../../lambdas/_lib/catalogue/conditions';
import type { ProjectRecord } from '../../lambdas/_lib/db/projects';
import { statsContribution, type CellStats } from '../../shared/marketplace/catalogue-stats';
import { tokenAttribute, TOKEN_SLOTS } from '../../shared/marketplace/catalogue-index';
import { catalogueQueryFrom, CatalogueQueryParams } from '../../shared/schemas/catalogue';

const beat = (over: Partial<ProjectRecord> = {}): ProjectRecord => ({
  id: 'b1',
  title: 'Noite Paulista',
  description: '',
  price: 50,
  genre: 'Trap',
  bpm: 142,
  duration_seconds: 150,
  tags: ['dark', '808'],
  creator_id: 'creator-1',
  creator_name: 'Kaio Beats',
  audio_key: 'audio/creator-1/x.wav',
  cover_key: 'covers/creator-1/x.png',
  rating: 4.5,
  downloads: 120,
  status: 'published',
  sample: false,
  created_at: '2026-11-01T00:00:00.000Z',
  key: 'A minor',
  ...over,
});

const query = (params: Record<string, string>) => catalogueQueryFrom(CatalogueQueryParams.parse(params));

/** Stats of a catalogue of `n` beats spread evenly over genres, keys and tempos. */
function evidence(n: number, words: Record<string, number> = {}): Evidence {
  const stats = new Map<string, Record<string, number>>();
  const add = (cell: string, contribution: Record<string, number>) => {
    const s = stats.get(cell) ?? {};
    for (const [k, v] of Object.entries(contribution)) s[k] = (s[k] ?? 0) + v;
    stats.set(cell, s);
  };
  const genres = ['Trap', 'Lo-Fi', 'Drill', 'Pop'];
  for (let i = 0; i < n; i += 1) {
    const bpm = 60 + (i % 140);
    const contribution = statsContribution({
      bpm,
      price: 10 + (i % 90),
      duration_seconds: 90 + (i % 211),
      rating: 4,
      downloads: i,
      created_at: '2026-11-01T00:00:00.000Z',
    });
    const genre = genres[i % genres.length]!;
    for (const cell of [
      ALL_CELL,
      genreCell(genre),
      keyCell(i % 2 ? 'A minor' : 'C major'),
      bpmBandCell(Math.floor(bpm / 10) * 10),
    ])
      add(cell, contribution);
  }
  return {
    stats: stats as Map<string, CellStats>,
    wordCounts: new Map(Object.entries(words)),
    completions: [],
  };
}

describe('catalogue index entries', () => {
  it('a published beat has an entry in the whole catalogue, its genre and its key, and its tokens', () => {
    const entries = entriesFor(beat());
    expect(entries[0]).toMatchObject({
      SK: 'IDX#1',
      cat_a: 'ALL',
      cat_b: 'G#Trap',
      s_pop: 120,
      s_price: expect.any(Number),
    });
    expect(entries[1]).toMatchObject({ SK: 'IDX#2', cat_a: 'K#A minor' });
    const tokens = entries.flatMap((entry) =>
      Array.from({ length: TOKEN_SLOTS }, (_, slot) => entry[tokenAttribute(slot)]).filter(Boolean),
    );
    expect(tokens.sort()).toEqual(
      [
        'c:creator-1',
        'gk:Trap|A minor',
        'b:140',
        'p:50',
        // 150 s: its band, and the edge of ranges ending at 2:30.
        'd:150',
        'de:150',
        'noite',
        'paulista',
        'kaio',
        'beats',
        'dark',
        '808',
        // Each word again within the genre: a search under a genre chip reads only that genre.
        'gw:Trap|noite',
        'gw:Trap|paulista',
        'gw:Trap|kaio',
        'gw:Trap|beats',
        'gw:Trap|dark',
        'gw:Trap|808',
      ].sort(),
    );
    expect(entries[0]!.entries).toBe(entries.length);
    // Every entry carries the card and its public URLs only.
    for (const entry of entries)
      expect(entry).toMatchObject({ title: 'Noite Paulista', cover_key: 'covers/creator-1/x.png' });
    expect(entries[0]!.preview_key).toBeUndefined();
    expect(entries[0]!.audio_on_request).toBe(true);
  });

  it('a sold beat has none, and a beat without a key has no key cell', () => {
    expect(entriesFor(beat({ status: 'sold' }))).toEqual([]);
    expect(entriesFor(beat({ key: null })).some((entry) => String(entry.cat_a ?? '').startsWith('K#'))).toBe(
      false,
    );
  });

  it('the card shows the cheapest tier as the price it is sorted and filtered by', () => {
    const [first] = entriesFor(beat({ licence_count: 3, licence_from_price: 19.9 }));
    expect(first).toMatchObject({ s_price: 19.9, licence_from_price: 19.9, licence_count: 3 });
  });
});

describe('catalogue planner', () => {
  const catalogue = evidence(10_000, { noite: 12, trap: 2500 });

  it('reads the first page of the whole catalogue from one partition in the popular order', () => {
    const plan = buildPlan(query({}), choosePlan(query({}), catalogue), catalogue)!;
    expect(plan.streams).toEqual([expect.objectContaining({ index: 'CatA-pop', partition: 'ALL' })]);
    expect(plan.residual).toEqual([]);
    expect(plan).toMatchObject({ total: 10_000, totalExact: true });
  });

  it('a genre chip reads that genre, in any order, with the range of the order in the key', () => {
    const q = query({ genre: 'Trap', sort: 'price_asc', price_min: '20', price_max: '40' });
    const plan = buildPlan(q, choosePlan(q, catalogue), catalogue)!;
    expect(plan.streams).toEqual([
      expect.objectContaining({ index: 'CatB-price', partition: 'G#Trap', range: { min: 20, max: 40 } }),
    ]);
    expect(plan.residual).toEqual([]);
    expect(plan.sortDescending).toBe(false);
  });

  it('a rare word reads its token index; a narrow BPM range with another order is collected', () => {
    const text = query({ q: 'noite ' });
    expect(choosePlan(text, catalogue)).toMatchObject({ source: 'words', words: ['noite'], mode: 'walk' });
    const narrow = query({ bpm_min: '140', bpm_max: '142' });
    const choice = choosePlan(narrow, catalogue);
    const plan = buildPlan(narrow, choice, catalogue)!;
    // Walking the whole catalogue would keep 3 beats in 140 read: a band or the BPM index does better.
    expect(choice.source === 'band' || choice.mode === 'collect').toBe(true);
    expect(plan.residual.every((condition) => condition.kind === 'range')).toBe(true);
  });

  it('a word in a fifth of the catalogue, by price, collects its beats; one in most of it filters a price walk', () => {
    // Walking the price index and keeping a fifth would read ~5 items per item shown.
    const fifth = evidence(1500, { noite: 334 });
    const byPrice = query({ q: 'noite ', sort: 'price_asc' });
    expect(choosePlan(byPrice, fifth)).toMatchObject({ source: 'words', mode: 'collect', words: ['noite'] });
    const most = evidence(1500, { noite: 1100 });
    const walk = buildPlan(byPrice, choosePlan(byPrice, most), most)!;
    expect(walk.choice).toMatchObject({ source: 'all', mode: 'walk' });
    expect(walk.residual.map((condition) => condition.kind)).toEqual(['words']);
  });

  it('a word under a genre chip reads that word within the genre: no genre filter throws reads away', () => {
    const q = query({ q: 'trap ', genre: 'Lo-Fi' });
    const plan = buildPlan(q, choosePlan(q, catalogue), catalogue)!;
    expect(plan.choice).toMatchObject({ source: 'genreWords', words: ['trap'], mode: 'walk' });
    expect(plan.streams.map((stream) => stream.partition)).toEqual(['gw:Lo-Fi|trap']);
    expect(plan.residual).toEqual([]);
    // A quarter of the catalogue is Lo-Fi: about a quarter of the word's beats.
    expect(plan.total).toBe(625);
    const two = query({ q: 'trap ', genre: 'Lo-Fi,Pop', sort: 'newest' });
    const collected = buildPlan(two, choosePlan(two, catalogue), catalogue)!;
    expect(collected.choice).toMatchObject({ source: 'genreWords', mode: 'collect' });
    expect(collected.streams.map((stream) => stream.partition)).toEqual(['gw:Lo-Fi|trap', 'gw:Pop|trap']);
    // A cursor of this kind for a query without a genre builds nothing.
    expect(
      buildPlan(query({ q: 'trap ' }), { source: 'genreWords', mode: 'walk', words: ['trap'] }),
    ).toBeUndefined();
  });

  it('compatible keys read the four keys; genre and key together read their genre × key tokens', () => {
    const keys = query({ key: 'Am', compatible: '1' });
    const plan = buildPlan(keys, choosePlan(keys, catalogue), catalogue)!;
    expect(plan.streams.map((stream) => stream.partition).sort()).toEqual(
      ['K#A minor', 'K#C major', 'K#D minor', 'K#E minor'].sort(),
    );
    const both = query({ key: 'Am', genre: 'Trap' });
    const pair = buildPlan(both, choosePlan(both, catalogue), catalogue)!;
    expect(pair.streams.map((stream) => stream.partition)).toEqual(['gk:Trap|A minor']);
  });

  it('a duration range on the slider steps reads its bands and the edge of its maximum, nothing else', () => {
    const q = query({ duration_min: '120', duration_max: '180' });
    const plan = buildPlan(q, choosePlan(q, catalogue), catalogue)!;
    expect(plan.choice).toMatchObject({ source: 'durationBand', mode: 'walk' });
    expect(plan.streams.map((stream) => stream.partition)).toEqual([
      'd:120',
      'd:135',
      'd:150',
      'd:165',
      'de:180',
    ]);
    // Off the steps there is no exact band set: the whole catalogue is read with the range as a filter.
    const off = query({ duration_min: '121', duration_max: '180' });
    expect(choosePlan(off, catalogue).source).not.toBe('durationBand');
  });

  it('a cursor whose choice does not fit the query builds no plan', () => {
    expect(
      buildPlan(query({ q: 'noite' }), { source: 'words', mode: 'walk', words: ['lua'] }),
    ).toBeUndefined();
    expect(buildPlan(query({}), { source: 'genre', mode: 'walk' })).toBeUndefined();
    expect(buildPlan(query({ sort: 'newest' }), { source: 'creator', mode: 'walk' })).toBeUndefined();
  });
});

describe('catalogue residual conditions', () => {
  it('compile to a FilterExpression and agree with the in-memory rule', () => {
    const conditions: Condition[] = [
      { kind: 'in', attribute: 'genre', values: ['Trap', 'Drill'] },
      { kind: 'range', attribute: 'bpm', range: { min: 130, max: 150 } },
      { kind: 'words', words: ['noite'], prefix: 'pau' },
    ];
    const expression = filterExpression([...conditions])!;
    expect(expression.text).toBe(
      '#f0 IN (:f0v0, :f0v1) AND #f1 BETWEEN :f1lo AND :f1hi AND contains(#f2, :f2w0) AND contains(#f2, :f2pre)',
    );
    expect(expression.values).toMatchObject({ ':f2w0': ' noite ', ':f2pre': ' pau' });
    const card = { genre: 'Trap', bpm: 140, txt: ' noite paulista kaio ' };
    expect(matchesConditions(card, [...conditions])).toBe(true);
    expect(matchesConditions({ ...card, txt: ' noite kaio ' }, [...conditions])).toBe(false);
    expect(matchesConditions({ ...card, bpm: 151 }, [...conditions])).toBe(false);
  });
});
