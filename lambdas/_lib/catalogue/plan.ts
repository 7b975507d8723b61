import { compatibleKeys } from '../../../shared/licensing/key-bpm';
import {
  CATALOGUE_ORDERS,
  TOKEN_ORDER_ATTRIBUTE,
  TOKEN_SLOTS,
  catalogueCellAttribute,
  catalogueIndexName,
  tokenAttribute,
  tokenIndexName,
  type CatalogueFamily,
  type CatalogueOrder,
} from '../../../shared/marketplace/catalogue-index';
import {
  binBounds,
  cellCount,
  rangeAlignedToBins,
  rangeShare,
  type CellStats,
  type HistogramDimension,
} from '../../../shared/marketplace/catalogue-stats';
import { parseSearch, wordSlot, type ParsedQuery } from '../../../shared/marketplace/search-text';
import type { CatalogueQuery, CatalogueSort, Range } from '../../../shared/schemas/catalogue';
import {
  ALL_CELL,
  BPM_BAND,
  bpmBandCell,
  bpmBandToken,
  PRICE_BAND,
  PRICE_BANDS_UP_TO,
  priceBandToken,
  DURATION_BAND,
  DURATION_BANDS_UP_TO,
  durationBandToken,
  durationEdgeToken,
  creatorToken,
  genreCell,
  genreKeyToken,
  genreWordToken,
  keyCell,
  type Cell,
} from './entries';

/**
 * How a catalogue query is read (issue 16), decided without touching the table: which index partitions
 * ("streams") hold the candidates, in which order they are read, which range the index key itself
 * narrows, and which conditions are left to a FilterExpression. Every stream is one Query on one index
 * partition; several streams are merged in the requested order.
 *
 * Candidate sources: the whole catalogue, genres or keys (cell indexes, every order); creators, genre ×
 * key pairs, BPM bands, words and words within a genre (the token index, popularity order). For each,
 * the planner considers:
 * - walk: read in the requested order, a page at a time (the normal case);
 * - collect: read every candidate and sort them here — a narrow BPM/price range read from the index
 *   ordered by that field, a small token set asked in another order than popularity, or a text search
 *   sorted otherwise (its most popular matches);
 * and picks the plan with the fewest expected reads among those whose FilterExpression keeps at least a
 * third of what it reads (histograms of the cells and the vocabulary's word counts are the evidence).
 */

export type Mode = 'walk' | 'collect';

/** A condition on an entry (FilterExpression, and the same rule in memory for the tests). */
export type Condition =
  | { kind: 'in'; attribute: 'genre' | 'key' | 'creator_id'; values: string[] }
  | {
      kind: 'range';
      attribute: 'bpm' | 's_price' | 'duration_seconds' | 'rating' | 'downloads';
      range: Range;
    }
  | { kind: 'bpmAny'; ranges: Range[] }
  | { kind: 'words'; words: string[]; prefix: string | null };

export interface Stream {
  index: string;
  partitionAttribute: string;
  partition: string;
  sortAttribute: string;
  /** Narrowed by the key condition (`BETWEEN`, `>=`, `<=`). */
  range?: Range;
}

export const SOURCES = [
  'all',
  'genre',
  'key',
  'creator',
  'genreKey',
  'band',
  'priceBand',
  'durationBand',
  'words',
  'genreWords',
] as const;
export type Source = (typeof SOURCES)[number];

/** Sources read from word tokens (a word, or a word within each asked genre). */
export const isTextSource = (source: Source) => source === 'words' || source === 'genreWords';

/**
 * What the planner chose, carried in the cursor so every page of a query is read the same way even if
 * the stats move between two requests.
 */
export interface Choice {
  source: Source;
  mode: Mode;
  /** collect: the field whose range the index narrows (none: the source is read whole). */
  rangeField?: 'bpm' | 'price';
  /** words: the vocabulary words whose token streams are read. */
  words?: string[];
  /** words: true when they are the completions of the word being typed (else one whole query word). */
  completes?: boolean;
}

export interface Plan {
  choice: Choice;
  mode: Mode;
  streams: Stream[];
  /** The order the streams are read in. */
  readAttribute: string;
  readDescending: boolean;
  /** The order of the answer. */
  sortAttribute: string;
  sortDescending: boolean;
  residual: Condition[];
  /** Estimated matches (exact when `totalExact`). */
  total: number;
  totalExact: boolean;
}

export interface Evidence {
  /** Stats of the cells with stats (the whole catalogue, genres, keys, BPM bands). */
  stats: ReadonlyMap<Cell, CellStats>;
  /** Estimated beats per vocabulary word (whole words of the query and completions of its prefix). */
  wordCounts: ReadonlyMap<string, number>;
  /** Completions of the prefix being typed, most used first. */
  completions: readonly string[];
}

/** Reading every candidate and sorting here is worth it up to this many. */
export const COLLECT_MAX = 400;
/** A text search in another order than popularity sorts at most this many of its most popular matches. */
export const TEXT_SORT_MAX = 300;
/** Duration bands merged at most (three minutes of the slider). */
const MAX_DURATION_STREAMS = 13;
/** Genre × key pairs merged at most. */
const MAX_GENRE_KEY_PAIRS = 8;
/** Genre × word streams merged at most (two genres × four completions of a prefix). */
const MAX_GENRE_WORD_STREAMS = 8;
/**
 * A FilterExpression expected to keep less than this share of what it reads is avoided when another plan
 * can. Every Query is held to reading at most 3× what it returns; the estimates assume independent
 * dimensions and a page's reads vary, so the planner keeps a margin over 1/3.
 */
export const MIN_RESIDUAL_SHARE = 1 / 2;
/** A creator's catalogue size when nothing better is known (creators have no stats). */
const CREATOR_GUESS = 150;

const SORTS: Record<CatalogueSort, { order: CatalogueOrder; descending: boolean }> = {
  // Text results are ordered by popularity: the token index's own order.
  relevance: { order: 'pop', descending: true },
  popular: { order: 'pop', descending: true },
  newest: { order: 'new', descending: true },
  price_asc: { order: 'price', descending: false },
  price_desc: { order: 'price', descending: true },
  bpm_asc: { order: 'bpm', descending: false },
  bpm_desc: { order: 'bpm', descending: true },
};

export function sortOf(sort: CatalogueSort): {
  order: CatalogueOrder;
  attribute: string;
  descending: boolean;
} {
  const { order, descending } = SORTS[sort];
  return { order, attribute: CATALOGUE_ORDERS[order].attribute, descending };
}

/** The keys a query asks for: the key, or with `compatible` the keys that mix with it. */
export function queryKeys(query: CatalogueQuery): string[] {
  if (!query.key) return [];
  return query.compatible ? compatibleKeys(query.key) : [query.key];
}

/** BPM ranges a beat may fall in: the range, and at half/double tempo its halves and doubles. */
export function bpmRanges(query: CatalogueQuery): Range[] {
  if (!hasRange(query.bpm)) return [];
  if (!query.halfDouble) return [query.bpm];
  const scale = (factor: number): Range => ({
    ...(query.bpm.min !== undefined ? { min: Math.ceil(query.bpm.min * factor) } : {}),
    ...(query.bpm.max !== undefined ? { max: Math.floor(query.bpm.max * factor) } : {}),
  });
  return [query.bpm, scale(0.5), scale(2)];
}

const hasRange = (range: Range) => range.min !== undefined || range.max !== undefined;

interface Covers {
  genres: boolean;
  keys: boolean;
  creators: boolean;
}

interface SourceSet {
  source: Exclude<Source, 'words' | 'genreWords'>;
  /** A cell family (every order), or the token index (popularity only). */
  family: CatalogueFamily | 'token';
  partitions: string[];
  covers: Covers;
  /** The cells whose stats describe the source (estimates). */
  statsCells: Cell[];
}

const NONE: Covers = { genres: false, keys: false, creators: false };

function bands(query: CatalogueQuery): number[] {
  const low = Math.max(0, Math.floor((query.bpm.min ?? 0) / BPM_BAND) * BPM_BAND);
  const high = Math.min(300, Math.floor((query.bpm.max ?? 300) / BPM_BAND) * BPM_BAND);
  const out: number[] = [];
  for (let band = low; band <= high; band += BPM_BAND) out.push(band);
  return out;
}

/**
 * The duration tokens holding exactly the beats of a range on the slider's steps: the bands from its
 * minimum up to its maximum's band, then the edge (beats of exactly the maximum). Other ranges: none.
 */
function durationTokens(range: Range): string[] | undefined {
  if (!hasRange(range)) return undefined;
  const low = range.min ?? 0;
  const high = range.max;
  if (low % DURATION_BAND !== 0 || (high !== undefined && high % DURATION_BAND !== 0)) return undefined;
  if (high !== undefined && high < low) return undefined;
  const open = high === undefined || high >= DURATION_BANDS_UP_TO;
  const last = open ? DURATION_BANDS_UP_TO : high - DURATION_BAND;
  const tokens: string[] = [];
  for (let band = Math.min(low, DURATION_BANDS_UP_TO); band <= last; band += DURATION_BAND)
    tokens.push(durationBandToken(band));
  if (!open) tokens.push(durationEdgeToken(high));
  // A wide range keeps most of the catalogue: a filtered walk reads less than merging many bands.
  return tokens.length <= MAX_DURATION_STREAMS ? tokens : undefined;
}

/** The sources that hold every match of the query's equality filters (and of a BPM range). */
function sourceSets(query: CatalogueQuery): SourceSet[] {
  const keys = queryKeys(query);
  const sets: SourceSet[] = [];
  if (query.creators.length > 0) {
    sets.push({
      source: 'creator',
      family: 'token',
      partitions: query.creators.map(creatorToken),
      covers: { ...NONE, creators: true },
      statsCells: [ALL_CELL],
    });
  }
  if (
    query.genres.length > 0 &&
    keys.length > 0 &&
    query.genres.length * keys.length <= MAX_GENRE_KEY_PAIRS
  ) {
    sets.push({
      source: 'genreKey',
      family: 'token',
      partitions: query.genres.flatMap((genre) => keys.map((key) => genreKeyToken(genre, key))),
      covers: { ...NONE, genres: true, keys: true },
      statsCells: query.genres.map(genreCell),
    });
  }
  if (keys.length > 0) {
    sets.push({
      source: 'key',
      family: 'a',
      partitions: keys.map(keyCell),
      covers: { ...NONE, keys: true },
      statsCells: keys.map(keyCell),
    });
  }
  if (query.genres.length > 0) {
    sets.push({
      source: 'genre',
      family: 'b',
      partitions: query.genres.map(genreCell),
      covers: { ...NONE, genres: true },
      statsCells: query.genres.map(genreCell),
    });
  }
  if (hasRange(query.bpm) && !query.halfDouble) {
    const list = bands(query);
    sets.push({
      source: 'band',
      family: 'token',
      partitions: list.map(bpmBandToken),
      covers: NONE,
      statsCells: list.map(bpmBandCell),
    });
  }
  if (hasRange(query.price)) {
    const low = Math.min(PRICE_BANDS_UP_TO, Math.floor((query.price.min ?? 0) / PRICE_BAND) * PRICE_BAND);
    const high =
      query.price.max === undefined || query.price.max >= PRICE_BANDS_UP_TO
        ? PRICE_BANDS_UP_TO
        : Math.floor(query.price.max / PRICE_BAND) * PRICE_BAND;
    const list: number[] = [];
    for (let band = low; band <= high; band += PRICE_BAND) list.push(band);
    sets.push({
      source: 'priceBand',
      family: 'token',
      partitions: list.map(priceBandToken),
      covers: NONE,
      statsCells: [ALL_CELL],
    });
  }
  const durations = durationTokens(query.duration);
  if (durations) {
    sets.push({
      source: 'durationBand',
      family: 'token',
      partitions: durations,
      covers: NONE,
      statsCells: [ALL_CELL],
    });
  }
  if (query.creators.length === 0 && query.genres.length === 0 && keys.length === 0)
    sets.push({ source: 'all', family: 'a', partitions: [ALL_CELL], covers: NONE, statsCells: [ALL_CELL] });
  return sets;
}

/** Conditions the chosen streams do not already guarantee. */
function residualOf(
  query: CatalogueQuery,
  covers: Covers,
  keyField: 'bpm' | 'price' | 'downloads' | undefined,
  parsed: ParsedQuery,
  covered: { words: string[]; prefix: boolean },
): Condition[] {
  const conditions: Condition[] = [];
  if (query.genres.length > 0 && !covers.genres)
    conditions.push({ kind: 'in', attribute: 'genre', values: query.genres });
  const keys = queryKeys(query);
  if (keys.length > 0 && !covers.keys) conditions.push({ kind: 'in', attribute: 'key', values: keys });
  if (query.creators.length > 0 && !covers.creators)
    conditions.push({ kind: 'in', attribute: 'creator_id', values: query.creators });
  const bpm = bpmRanges(query);
  if (bpm.length > 0 && keyField !== 'bpm') {
    conditions.push(
      bpm.length === 1
        ? { kind: 'range', attribute: 'bpm', range: bpm[0]! }
        : { kind: 'bpmAny', ranges: bpm },
    );
  }
  if (hasRange(query.price) && keyField !== 'price')
    conditions.push({ kind: 'range', attribute: 's_price', range: query.price });
  if (hasRange(query.duration))
    conditions.push({ kind: 'range', attribute: 'duration_seconds', range: query.duration });
  if (query.ratingMin > 0)
    conditions.push({ kind: 'range', attribute: 'rating', range: { min: query.ratingMin } });
  if (query.downloadsMin > 0 && keyField !== 'downloads')
    conditions.push({ kind: 'range', attribute: 'downloads', range: { min: query.downloadsMin } });
  const words = parsed.words.filter((word) => !covered.words.includes(word));
  const prefix = parsed.prefix !== null && !covered.prefix ? parsed.prefix : null;
  if (words.length > 0 || prefix !== null) conditions.push({ kind: 'words', words, prefix });
  return conditions;
}

/** The range the index key narrows when reading in `order`. */
function keyRangeFor(
  query: CatalogueQuery,
  order: CatalogueOrder,
): { field?: 'bpm' | 'price' | 'downloads'; range?: Range } {
  if (order === 'bpm' && hasRange(query.bpm) && !query.halfDouble) return { field: 'bpm', range: query.bpm };
  if (order === 'price' && hasRange(query.price)) return { field: 'price', range: query.price };
  if (order === 'pop' && query.downloadsMin > 0)
    return { field: 'downloads', range: { min: query.downloadsMin } };
  return {};
}

/** A histogram restricted to the beats whose price (or duration) is in [low, high): its count becomes theirs. */
function onlyBins(stats: CellStats, dimension: 'price' | 'duration', low: number, high: number): CellStats {
  const prefix = dimension === 'price' ? 'hp_' : 'hd_';
  const out: Record<string, number> = {};
  let inside = 0;
  for (const [name, value] of Object.entries(stats)) {
    if (!name.startsWith(prefix)) {
      out[name] = value;
      continue;
    }
    const [from] = binBounds(dimension, Number(name.slice(3)));
    if (from >= low && from < high) {
      out[name] = value;
      inside += value;
    }
  }
  const share = inside / Math.max(1, cellCount(stats));
  // Other dimensions keep their shape, scaled to the beats inside (independence).
  for (const [name, value] of Object.entries(out))
    if (!name.startsWith(prefix) && name !== 'n') out[name] = value * share;
  out.n = inside;
  return out;
}

/** The sum of several cells' stats (a histogram of their union). */
export function mergeStats(stats: readonly CellStats[]): CellStats {
  const out: Record<string, number> = {};
  for (const s of stats) for (const [name, value] of Object.entries(s)) out[name] = (out[name] ?? 0) + value;
  return out;
}

interface Estimate {
  /** Histogram describing the source's beats (its own stats, or a stand-in scaled to `size`). */
  stats: CellStats;
  size: number;
  exact: boolean;
}

function estimateSource(set: SourceSet, query: CatalogueQuery, evidence: Evidence): Estimate {
  const merged = mergeStats(set.statsCells.map((cell) => evidence.stats.get(cell) ?? {}));
  const total = cellCount(evidence.stats.get(ALL_CELL));
  switch (set.source) {
    case 'creator':
      return { stats: merged, size: Math.min(total, CREATOR_GUESS * set.partitions.length), exact: false };
    case 'priceBand': {
      // The catalogue's histogram cut to the bands read (its price bins are the bands).
      const bands = set.partitions.map((token) => Number(token.slice(2)));
      const low = Math.min(...bands);
      const high = Math.max(...bands);
      const stats = onlyBins(
        merged,
        'price',
        low,
        high >= PRICE_BANDS_UP_TO ? Number.POSITIVE_INFINITY : high + PRICE_BAND,
      );
      return { stats, size: cellCount(stats), exact: false };
    }
    case 'durationBand': {
      // The catalogue's histogram cut to the range (its duration bins are the bands).
      const low = query.duration.min ?? 0;
      const high = query.duration.max === undefined ? Number.POSITIVE_INFINITY : query.duration.max + 1;
      const stats = onlyBins(merged, 'duration', low, high);
      return { stats, size: cellCount(stats), exact: false };
    }
    case 'genreKey': {
      // Independence of genre and key.
      const keyShare =
        queryKeys(query).reduce((sum, key) => sum + cellCount(evidence.stats.get(keyCell(key))), 0) /
        Math.max(1, total);
      return { stats: merged, size: cellCount(merged) * keyShare, exact: false };
    }
    default:
      return { stats: merged, size: cellCount(merged), exact: true };
  }
}

const DIMENSION: Record<Extract<Condition, { kind: 'range' }>['attribute'], HistogramDimension> = {
  bpm: 'bpm',
  s_price: 'price',
  duration_seconds: 'duration',
  rating: 'rating',
  downloads: 'downloads',
};

/** Share of a source's beats the conditions keep (independence assumed); exact for one aligned range. */
function keptShare(
  conditions: readonly Condition[],
  stats: CellStats,
  evidence: Evidence,
): { value: number; exact: boolean } {
  const total = Math.max(1, cellCount(evidence.stats.get(ALL_CELL)));
  let value = 1;
  let exact = conditions.length <= 1;
  for (const condition of conditions) {
    switch (condition.kind) {
      case 'in': {
        exact = false;
        if (condition.attribute === 'creator_id')
          value *= Math.min(1, (CREATOR_GUESS * condition.values.length) / total);
        else {
          const cell = condition.attribute === 'genre' ? genreCell : keyCell;
          value *= Math.min(
            1,
            condition.values.reduce((sum, v) => sum + cellCount(evidence.stats.get(cell(v))), 0) / total,
          );
        }
        break;
      }
      case 'range':
        value *= rangeShare(stats, DIMENSION[condition.attribute], condition.range);
        exact &&= rangeAlignedToBins(DIMENSION[condition.attribute], condition.range);
        break;
      case 'bpmAny':
        exact = false;
        value *= Math.min(
          1,
          condition.ranges.reduce((sum, range) => sum + rangeShare(stats, 'bpm', range), 0),
        );
        break;
      case 'words': {
        exact = false;
        const counts = condition.words.map((word) => evidence.wordCounts.get(word) ?? 0);
        if (condition.prefix !== null)
          counts.push(
            evidence.completions.reduce((sum, word) => sum + (evidence.wordCounts.get(word) ?? 0), 0),
          );
        value *= Math.min(1, Math.min(...counts) / total);
        break;
      }
    }
  }
  return { value, exact };
}

/** Share of the catalogue in the query's genres. */
function genreShare(query: CatalogueQuery, evidence: Evidence): number {
  const total = Math.max(1, cellCount(evidence.stats.get(ALL_CELL)));
  const inGenres = query.genres.reduce(
    (sum, genre) => sum + cellCount(evidence.stats.get(genreCell(genre))),
    0,
  );
  return Math.min(1, inGenres / total);
}

interface Candidate {
  choice: Choice;
  reads: number;
  kept: number;
}

/** The word streams a text query can read: its rarest whole word, or the completions of its prefix. */
function wordOptions(parsed: ParsedQuery, evidence: Evidence) {
  const options = parsed.words.map((word) => ({ words: [word], completes: false }));
  if (parsed.prefix !== null) options.push({ words: [...evidence.completions], completes: true });
  return options.map((option) => ({
    ...option,
    count: option.words.reduce((sum, word) => sum + (evidence.wordCounts.get(word) ?? 0), 0),
  }));
}

/** The cheapest way to read the query's first page (see the module comment). */
export function choosePlan(query: CatalogueQuery, evidence: Evidence): Choice {
  const parsed = parseSearch(query.text);
  const sort = sortOf(query.sort);
  const wanted = query.limit + 1;
  const candidates: Candidate[] = [];
  const none = { words: [], prefix: false };

  for (const set of sourceSets(query)) {
    const estimate = estimateSource(set, query, evidence);
    const ordered = set.family !== 'token' || sort.order === 'pop';
    if (ordered) {
      const keyRange = keyRangeFor(query, sort.order);
      const inRange =
        keyRange.field && keyRange.range ? rangeShare(estimate.stats, keyRange.field, keyRange.range) : 1;
      const kept = keptShare(
        residualOf(query, set.covers, keyRange.field, parsed, none),
        estimate.stats,
        evidence,
      ).value;
      candidates.push({
        choice: { source: set.source, mode: 'walk' },
        reads: Math.min(estimate.size * inRange, wanted / Math.max(kept, 1e-6)) + set.partitions.length,
        kept,
      });
    } else if (estimate.size <= COLLECT_MAX) {
      const kept = keptShare(
        residualOf(query, set.covers, undefined, parsed, none),
        estimate.stats,
        evidence,
      ).value;
      candidates.push({
        choice: { source: set.source, mode: 'collect' },
        reads: estimate.size + set.partitions.length,
        kept,
      });
    }
    if (set.family === 'token') continue;
    for (const field of ['bpm', 'price'] as const) {
      const ranges = field === 'bpm' ? bpmRanges(query) : hasRange(query.price) ? [query.price] : [];
      if (ranges.length === 0 || (sort.order === field && ranges.length === 1)) continue;
      const share = Math.min(
        1,
        ranges.reduce((sum, range) => sum + rangeShare(estimate.stats, field, range), 0),
      );
      const collected = share * estimate.size;
      if (collected > COLLECT_MAX) continue;
      const kept = keptShare(
        residualOf(query, set.covers, field, parsed, none),
        estimate.stats,
        evidence,
      ).value;
      candidates.push({
        choice: { source: set.source, mode: 'collect', rangeField: field },
        reads: collected + set.partitions.length,
        kept,
      });
    }
  }

  const options = wordOptions(parsed, evidence).sort((a, b) => a.count - b.count);
  const best = options[0];
  if (best) {
    const covered = best.completes ? { words: [], prefix: true } : { words: best.words, prefix: false };
    const all = evidence.stats.get(ALL_CELL) ?? {};
    const collect = sort.order !== 'pop';
    const mode = collect ? 'collect' : 'walk';
    const text = { words: best.words, completes: best.completes };
    const kept = keptShare(residualOf(query, NONE, undefined, parsed, covered), all, evidence).value;
    candidates.push({
      choice: { source: 'words', mode, ...text },
      reads:
        Math.min(best.count, (collect ? TEXT_SORT_MAX : wanted) / Math.max(kept, 1e-6)) + best.words.length,
      kept,
    });
    // Under genre chips: the word's tokens within each genre, so the genre is no filter.
    const streams = query.genres.length * best.words.length;
    if (query.genres.length > 0 && streams <= MAX_GENRE_WORD_STREAMS) {
      const inGenres = best.count * genreShare(query, evidence);
      const keptInGenres = keptShare(
        residualOf(query, { ...NONE, genres: true }, undefined, parsed, covered),
        all,
        evidence,
      ).value;
      candidates.push({
        choice: { source: 'genreWords', mode, ...text },
        reads:
          Math.min(inGenres, (collect ? TEXT_SORT_MAX : wanted) / Math.max(keptInGenres, 1e-6)) + streams,
        kept: keptInGenres,
      });
    }
  }

  const penalty = (candidate: Candidate) => (candidate.kept < MIN_RESIDUAL_SHARE ? 1 : 0);
  candidates.sort((a, b) => penalty(a) - penalty(b) || a.reads - b.reads);
  return candidates[0]?.choice ?? { source: 'all', mode: 'walk' };
}

function tokenStream(token: string): Stream {
  const slot = wordSlot(token, TOKEN_SLOTS);
  return {
    index: tokenIndexName(slot),
    partitionAttribute: tokenAttribute(slot),
    partition: token,
    sortAttribute: TOKEN_ORDER_ATTRIBUTE,
  };
}

/** The plan of a choice: deterministic, so a cursor's choice rebuilds the same streams (or none). */
export function buildPlan(query: CatalogueQuery, choice: Choice, evidence?: Evidence): Plan | undefined {
  const parsed = parseSearch(query.text);
  const sort = sortOf(query.sort);
  const answerOrder = { sortAttribute: sort.attribute, sortDescending: sort.descending };

  if (isTextSource(choice.source)) {
    const words = choice.words ?? [];
    // A cursor's words must be what this query's words lead to: a whole word, or its prefix's completions.
    if (words.length > 8) return undefined;
    if (choice.completes) {
      if (parsed.prefix === null || words.some((word) => !word.startsWith(parsed.prefix!))) return undefined;
    } else if (words.length !== 1 || !parsed.words.includes(words[0]!)) return undefined;
    if ((choice.mode === 'walk') !== (sort.order === 'pop')) return undefined;
    const inGenres = choice.source === 'genreWords';
    if (
      inGenres &&
      (query.genres.length === 0 || query.genres.length * words.length > MAX_GENRE_WORD_STREAMS)
    )
      return undefined;
    const covered = choice.completes ? { words: [], prefix: true } : { words, prefix: false };
    const residual = residualOf(query, { ...NONE, genres: inGenres }, undefined, parsed, covered);
    const count = words.reduce((sum, word) => sum + (evidence?.wordCounts.get(word) ?? 0), 0);
    const share = inGenres && evidence ? genreShare(query, evidence) : 1;
    const kept = evidence ? keptShare(residual, evidence.stats.get(ALL_CELL) ?? {}, evidence).value : 1;
    const tokens = inGenres
      ? query.genres.flatMap((genre) => words.map((word) => genreWordToken(genre, word)))
      : words;
    return {
      choice,
      mode: choice.mode,
      streams: tokens.map(tokenStream),
      readAttribute: TOKEN_ORDER_ATTRIBUTE,
      readDescending: true,
      ...answerOrder,
      residual,
      total: Math.round(count * share * kept),
      totalExact: false,
    };
  }

  const set = sourceSets(query).find((candidate) => candidate.source === choice.source);
  if (!set) return undefined;
  const none = { words: [], prefix: false };
  let readOrder: CatalogueOrder = sort.order;
  let readDescending = sort.descending;
  let keyRange: { field?: 'bpm' | 'price' | 'downloads'; range?: Range } = {};
  let ranges: Range[] | undefined;
  if (choice.mode === 'collect' && choice.rangeField) {
    ranges = choice.rangeField === 'bpm' ? bpmRanges(query) : hasRange(query.price) ? [query.price] : [];
    if (set.family === 'token' || ranges.length === 0) return undefined;
    readOrder = choice.rangeField;
    readDescending = false;
    keyRange = { field: choice.rangeField, range: ranges[0] };
  } else if (choice.mode === 'collect') {
    if (set.family !== 'token') return undefined;
    readOrder = 'pop';
    readDescending = true;
  } else {
    if (set.family === 'token' && sort.order !== 'pop') return undefined;
    keyRange = keyRangeFor(query, sort.order);
  }
  const family = set.family;
  const streams: Stream[] =
    family === 'token'
      ? set.partitions.map(tokenStream)
      : set.partitions.flatMap((partition) =>
          (ranges ?? [keyRange.range]).map((range) => ({
            index: catalogueIndexName(family, readOrder),
            partitionAttribute: catalogueCellAttribute(family),
            partition,
            sortAttribute: CATALOGUE_ORDERS[readOrder].attribute,
            ...(range ? { range } : {}),
          })),
        );
  const residual = residualOf(query, set.covers, keyRange.field, parsed, none);
  const plan: Plan = {
    choice,
    mode: choice.mode,
    streams,
    readAttribute: CATALOGUE_ORDERS[readOrder].attribute,
    readDescending,
    ...answerOrder,
    residual,
    total: 0,
    totalExact: false,
  };
  if (evidence) {
    const estimate = estimateSource(set, query, evidence);
    const inRange =
      keyRange.field && keyRange.range ? rangeShare(estimate.stats, keyRange.field, keyRange.range) : 1;
    const kept = keptShare(residual, estimate.stats, evidence);
    plan.total = Math.round(estimate.size * inRange * kept.value);
    const aligned = !keyRange.field || !keyRange.range || rangeAlignedToBins(keyRange.field, keyRange.range);
    const restrictions = residual.length + (keyRange.range ? 1 : 0);
    // Exact: counted cells, and at most one range, following the histogram's bins.
    plan.totalExact =
      estimate.exact &&
      aligned &&
      kept.exact &&
      restrictions <= 1 &&
      residual.every((c) => c.kind === 'range');
  }
  return plan;
}

/** The cells whose stats a query's plans may use. */
export function statsCellsFor(query: CatalogueQuery): Cell[] {
  const cells = new Set<Cell>([ALL_CELL]);
  for (const set of sourceSets(query)) for (const cell of set.statsCells) cells.add(cell);
  for (const key of queryKeys(query)) cells.add(keyCell(key));
  for (const genre of query.genres) cells.add(genreCell(genre));
  return [...cells];
}
