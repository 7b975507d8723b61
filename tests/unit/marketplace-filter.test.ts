import { describe, expect, it } from 'vitest';
import {
  type BeatFilters,
  countActiveFilters,
  DEFAULT_FILTERS,
  defaultFilters,
  filterBeats,
  type FilterableBeat,
  type FilterInput,
  pageButtons,
  pageLabel,
  parseMinDownloads,
} from '../../shared/marketplace/filter';
import { formatDuration, parseDuration } from '../../shared/marketplace/duration';
import { offerTimeLeft } from '../../shared/marketplace/offers';

interface TestBeat extends FilterableBeat {
  id: string;
}

function beat(id: string, overrides: Partial<TestBeat> = {}): TestBeat {
  return {
    id,
    title: `Beat ${id}`,
    creator: 'Creator A',
    genre: 'Trap',
    price: 50,
    bpm: 120,
    duration_seconds: 180,
    rating: 4,
    downloads: 100,
    ...overrides,
  };
}

function run(
  beats: TestBeat[],
  input: Partial<Omit<FilterInput, 'filters'>> & { filters?: Partial<BeatFilters> } = {},
) {
  return filterBeats(beats, {
    search: input.search ?? '',
    genreChip: input.genreChip ?? 'all',
    page: input.page ?? 1,
    filters: { ...defaultFilters(), ...input.filters },
  });
}

const ids = (result: { items: TestBeat[] }) => result.items.map((b) => b.id);

describe('filterBeats: search', () => {
  const beats = [
    beat('1', { title: 'Midnight Trap', creator: 'DJ Sol' }),
    beat('2', { title: 'Sunrise', creator: 'MIDNIGHT Crew' }),
    beat('3', { title: 'Ocean', creator: 'Lua' }),
  ];

  it('matches the title case-insensitively', () => {
    expect(ids(run(beats, { search: 'midnight trap' }))).toEqual(['1']);
  });

  it('matches the creator case-insensitively', () => {
    expect(ids(run(beats, { search: 'lua' }))).toEqual(['3']);
  });

  it('matches either title or creator', () => {
    expect(ids(run(beats, { search: 'MidNight' })).sort()).toEqual(['1', '2']);
  });

  it('ignores surrounding spaces and an empty search shows everything', () => {
    expect(run(beats, { search: '   ' }).total).toBe(3);
    expect(ids(run(beats, { search: '  ocean ' }))).toEqual(['3']);
  });
});

describe('filterBeats: genre chip and lists', () => {
  const beats = [
    beat('1', { genre: 'Trap', creator: 'A' }),
    beat('2', { genre: 'Drill', creator: 'B' }),
    beat('3', { genre: 'Lo-Fi', creator: 'A' }),
  ];

  it("chip 'all' keeps every genre", () => {
    expect(run(beats, { genreChip: 'all' }).total).toBe(3);
  });

  it('a genre chip keeps only that genre', () => {
    expect(ids(run(beats, { genreChip: 'Drill' }))).toEqual(['2']);
  });

  it('an empty genre list means any genre; a list keeps its genres', () => {
    expect(run(beats, { filters: { genres: [] } }).total).toBe(3);
    expect(ids(run(beats, { filters: { genres: ['Trap', 'Lo-Fi'] } })).sort()).toEqual(['1', '3']);
  });

  it('chip and genre list must both match', () => {
    expect(run(beats, { genreChip: 'Drill', filters: { genres: ['Trap'] } }).total).toBe(0);
  });

  it('an empty creator list means any creator; a list keeps its creators', () => {
    expect(run(beats, { filters: { creators: [] } }).total).toBe(3);
    expect(ids(run(beats, { filters: { creators: ['B'] } }))).toEqual(['2']);
  });
});

describe('filterBeats: ranges and minimums', () => {
  it('keeps prices inside the range, bounds included', () => {
    const beats = [beat('1', { price: 10 }), beat('2', { price: 20 }), beat('3', { price: 30 })];
    expect(ids(run(beats, { filters: { priceRange: [10, 20] } }))).toEqual(['1', '2']);
  });

  it('keeps bpm inside the range, bounds included', () => {
    const beats = [beat('1', { bpm: 60 }), beat('2', { bpm: 140 }), beat('3', { bpm: 200 })];
    expect(ids(run(beats, { filters: { bpmRange: [100, 200] } }))).toEqual(['2', '3']);
  });

  it('keeps durations inside the range in seconds', () => {
    const beats = [
      beat('1', { duration_seconds: 90 }),
      beat('2', { duration_seconds: 150 }),
      beat('3', { duration_seconds: 601 }),
    ];
    expect(ids(run(beats, { filters: { durationRange: [0, 150] } }))).toEqual(['1', '2']);
    expect(run(beats).total).toBe(2); // default 0–600 s leaves out the 10:01 beat
  });

  it('keeps ratings at or above the minimum', () => {
    const beats = [beat('1', { rating: 3.9 }), beat('2', { rating: 4 }), beat('3', { rating: 5 })];
    expect(ids(run(beats, { filters: { minRating: 4 } }))).toEqual(['2', '3']);
  });

  it('keeps downloads at or above the minimum', () => {
    const beats = [beat('1', { downloads: 99 }), beat('2', { downloads: 100 })];
    expect(ids(run(beats, { filters: { minDownloads: 100 } }))).toEqual(['2']);
  });

  it('treats a non-numeric minimum downloads as 0', () => {
    const beats = [beat('1', { downloads: 0 }), beat('2', { downloads: 5 })];
    expect(run(beats, { filters: { minDownloads: Number.NaN } }).total).toBe(2);
    expect(parseMinDownloads('abc')).toBe(0);
    expect(parseMinDownloads('')).toBe(0);
    expect(parseMinDownloads(' 250 ')).toBe(250);
    expect(parseMinDownloads('-3')).toBe(0);
    expect(parseMinDownloads(undefined)).toBe(0);
  });
});

describe('filterBeats: sorting', () => {
  const beats = [
    beat('a', { downloads: 10, rating: 5, price: 30, title: 'beta' }),
    beat('b', { downloads: 30, rating: 3, price: 10, title: 'Álbum' }),
    beat('c', { downloads: 20, rating: 4, price: 20, title: 'Charlie' }),
  ];

  it('sorts by downloads descending by default', () => {
    expect(ids(run(beats))).toEqual(['b', 'c', 'a']);
  });

  it('sorts by downloads ascending', () => {
    expect(ids(run(beats, { filters: { sortOrder: 'asc' } }))).toEqual(['a', 'c', 'b']);
  });

  it('sorts by rating', () => {
    expect(ids(run(beats, { filters: { sortBy: 'rating', sortOrder: 'desc' } }))).toEqual(['a', 'c', 'b']);
  });

  it('sorts by price', () => {
    expect(ids(run(beats, { filters: { sortBy: 'price', sortOrder: 'asc' } }))).toEqual(['b', 'c', 'a']);
  });

  it('sorts by title, ignoring case and accents', () => {
    expect(ids(run(beats, { filters: { sortBy: 'title', sortOrder: 'asc' } }))).toEqual(['b', 'a', 'c']);
    expect(ids(run(beats, { filters: { sortBy: 'title', sortOrder: 'desc' } }))).toEqual(['c', 'a', 'b']);
  });

  it('sorts created_at by downloads, as the spec says', () => {
    expect(ids(run(beats, { filters: { sortBy: 'created_at', sortOrder: 'desc' } }))).toEqual([
      'b',
      'c',
      'a',
    ]);
    expect(ids(run(beats, { filters: { sortBy: 'created_at', sortOrder: 'asc' } }))).toEqual(['a', 'c', 'b']);
  });

  it('keeps catalogue order between equal values in both directions', () => {
    const tied = [beat('x', { downloads: 5 }), beat('y', { downloads: 9 }), beat('z', { downloads: 5 })];
    expect(ids(run(tied))).toEqual(['y', 'x', 'z']);
    expect(ids(run(tied, { filters: { sortOrder: 'asc' } }))).toEqual(['x', 'z', 'y']);
  });

  it('sorts a changed catalogue correctly after sorting the previous one', () => {
    const catalogue = [beat('p', { price: 10 }), beat('q', { price: 20 })];
    expect(ids(run(catalogue, { filters: { sortBy: 'price' } }))).toEqual(['q', 'p']);
    catalogue.push(beat('r', { price: 15 }));
    expect(ids(run(catalogue, { filters: { sortBy: 'price' } }))).toEqual(['q', 'r', 'p']);
    catalogue[0] = beat('s', { price: 99 });
    expect(ids(run(catalogue, { filters: { sortBy: 'price' } }))).toEqual(['s', 'q', 'r']);
  });

  it('does not reorder the caller’s array', () => {
    const input = [...beats];
    run(input);
    expect(input.map((b) => b.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('filterBeats: pagination', () => {
  const many = Array.from({ length: 61 }, (_, i) => beat(String(i), { downloads: 1000 - i }));

  it('shows 12 per page with the total and page count', () => {
    const result = run(many);
    expect(result.items).toHaveLength(12);
    expect(result.total).toBe(61);
    expect(result.pageCount).toBe(6);
    expect(pageLabel(result)).toBe('Página 1 de 6');
  });

  it('returns the requested page', () => {
    const result = run(many, { page: 2 });
    expect(result.items[0]?.id).toBe('12');
    expect(run(many, { page: 6 }).items.map((b) => b.id)).toEqual(['60']);
  });

  it('clamps pages outside the range', () => {
    expect(run(many, { page: 99 }).page).toBe(6);
    expect(run(many, { page: 0 }).page).toBe(1);
    expect(run(many, { page: Number.NaN }).page).toBe(1);
  });

  it('has one page when nothing matches', () => {
    const result = run(many, { search: 'zzz' });
    expect(result).toMatchObject({ items: [], total: 0, page: 1, pageCount: 1, pageButtons: [1] });
  });

  it('shows up to five page buttons around the current page', () => {
    expect(pageButtons(1, 6)).toEqual([1, 2, 3, 4, 5]);
    expect(pageButtons(4, 6)).toEqual([2, 3, 4, 5, 6]);
    expect(pageButtons(6, 6)).toEqual([2, 3, 4, 5, 6]);
    expect(pageButtons(5, 10)).toEqual([3, 4, 5, 6, 7]);
    expect(pageButtons(2, 3)).toEqual([1, 2, 3]);
    expect(run(many, { page: 3 }).pageButtons).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('filter defaults and the active-filter badge', () => {
  it('has the spec defaults', () => {
    expect(DEFAULT_FILTERS).toEqual({
      priceRange: [0, 100],
      bpmRange: [60, 200],
      durationRange: [0, 600],
      genres: [],
      creators: [],
      minRating: 0,
      minDownloads: 0,
      sortBy: 'downloads',
      sortOrder: 'desc',
    });
  });

  it('counts nothing for the defaults, and sort changes are not filters', () => {
    expect(countActiveFilters(defaultFilters())).toBe(0);
    expect(countActiveFilters({ ...defaultFilters(), sortBy: 'price', sortOrder: 'asc' })).toBe(0);
  });

  it('counts each changed filter once', () => {
    expect(
      countActiveFilters({
        ...defaultFilters(),
        priceRange: [0, 50],
        bpmRange: [60, 150],
        durationRange: [15, 600],
        genres: ['Trap', 'Drill'],
        creators: ['A'],
        minRating: 4,
        minDownloads: 10,
      }),
    ).toBe(7);
  });

  it('hands out independent copies of the defaults', () => {
    const a = defaultFilters();
    a.genres.push('Trap');
    a.priceRange[1] = 5;
    expect(defaultFilters().genres).toEqual([]);
    expect(defaultFilters().priceRange).toEqual([0, 100]);
  });
});

describe('durations', () => {
  it("formats seconds as 'm:ss'", () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(600)).toBe('10:00');
  });

  it("parses 'm:ss' and plain seconds", () => {
    expect(parseDuration('3:45')).toBe(225);
    expect(parseDuration('10:00')).toBe(600);
    expect(parseDuration('90')).toBe(90);
    expect(parseDuration('3:75')).toBeUndefined();
    expect(parseDuration('abc')).toBeUndefined();
  });
});

describe('rare offer time left', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  it("shows 'Xh Ym' before expiry and 'Expirado' after", () => {
    expect(offerTimeLeft('2026-01-02T05:30:59Z', now)).toBe('29h 30m');
    expect(offerTimeLeft('2025-12-31T23:59:00Z', now)).toBe('Expirado');
    expect(offerTimeLeft('2026-01-01T00:00:00Z', now)).toBe('Expirado');
  });
});
