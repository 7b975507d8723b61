import { compatibleKeys } from '../../../shared/licensing/key-bpm';
import { CATALOGUE_ORDERS, type CatalogueOrder } from '../../../shared/marketplace/catalogue-index';
import type { ParsedQuery } from '../../../shared/marketplace/search-text';
import type { CatalogueQuery, CatalogueSort, Range } from '../../../shared/schemas/catalogue';
import type { Condition } from './conditions';

/**
 * A catalogue query in the planner's terms (issue 16): the order it asks for, the keys and BPM ranges it
 * matches, the range an index key can narrow, and the conditions left to a FilterExpression once the
 * streams read cover some of them.
 */

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

export const hasRange = (range: Range) => range.min !== undefined || range.max !== undefined;

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

/** The ranges of a field a collect plan may read from the index ordered by that field. */
export function fieldRanges(query: CatalogueQuery, field: 'bpm' | 'price'): Range[] {
  if (field === 'bpm') return bpmRanges(query);
  return hasRange(query.price) ? [query.price] : [];
}

/** The range an index key narrows (its sort field and the query's range of it). */
export interface KeyRange {
  field?: 'bpm' | 'price' | 'downloads';
  range?: Range;
}

/** The range the index key narrows when reading in `order`. */
export function keyRangeFor(query: CatalogueQuery, order: CatalogueOrder): KeyRange {
  if (order === 'bpm' && hasRange(query.bpm) && !query.halfDouble) return { field: 'bpm', range: query.bpm };
  if (order === 'price' && hasRange(query.price)) return { field: 'price', range: query.price };
  if (order === 'pop' && query.downloadsMin > 0)
    return { field: 'downloads', range: { min: query.downloadsMin } };
  return {};
}

/** The equality filters a source's streams already guarantee. */
export interface Covers {
  genres: boolean;
  keys: boolean;
  creators: boolean;
}

export const COVERS_NOTHING: Covers = { genres: false, keys: false, creators: false };

/** The text a source of word tokens already guarantees: whole query words, or the word being typed. */
export interface CoveredWords {
  words: string[];
  prefix: boolean;
}

export const NO_WORDS: CoveredWords = { words: [], prefix: false };

/** What reading `words` covers: the completions of the prefix, or (else) those whole words. */
export const wordsCovered = (words: string[], completes: boolean | undefined): CoveredWords =>
  completes ? { words: [], prefix: true } : { words, prefix: false };

/** Conditions the chosen streams do not already guarantee. */
export function residualOf(
  query: CatalogueQuery,
  covers: Covers,
  keyField: KeyRange['field'],
  parsed: ParsedQuery,
  covered: CoveredWords,
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
