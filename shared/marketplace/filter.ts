/**
 * The marketplace's search, filter, sort and pagination rules (spec 1 §2, §4, §5, §9) as one pure
 * function, shared by the web app and the tests.
 */
import { compatibleKeys, normalizeKey, tempoMatch } from '../licensing/key-bpm';

export const PAGE_SIZE = 12;
export const MAX_PAGE_BUTTONS = 5;

export const SORT_FIELDS = ['downloads', 'rating', 'price', 'title', 'created_at'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortOrder = 'asc' | 'desc';

export interface BeatFilters {
  priceRange: [number, number];
  bpmRange: [number, number];
  /** Seconds. */
  durationRange: [number, number];
  /** Empty = any genre. */
  genres: string[];
  /** Empty = any creator. */
  creators: string[];
  minRating: number;
  minDownloads: number;
  sortBy: SortField;
  sortOrder: SortOrder;
  /** Musical key ('A minor'); absent/null = any key (issue 8). */
  key?: string | null;
  /** With `key`: also the relative major/minor and the keys a fifth up/down. */
  compatibleKeys?: boolean;
  /** The BPM range also matches beats at half or double its tempo. */
  halfDoubleTempo?: boolean;
}

/** The fields of a beat the rules look at; catalogue items carry more. */
export interface FilterableBeat {
  title: string;
  /** The creator's display name. */
  creator: string;
  genre: string;
  price: number;
  bpm: number;
  duration_seconds: number;
  rating: number;
  downloads: number;
  /** Detected/confirmed musical key, when known (issue 8). */
  key?: string | null;
}

export const DEFAULT_FILTERS: Readonly<BeatFilters> = Object.freeze<BeatFilters>({
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

/** Slider limits and steps of the filter sheet. */
export const FILTER_LIMITS = {
  price: { min: 0, max: 100, step: 1 },
  bpm: { min: 60, max: 200, step: 5 },
  duration: { min: 0, max: 600, step: 15 },
  ratingOptions: [0, 1, 2, 3, 4, 5],
} as const;

export function defaultFilters(): BeatFilters {
  return {
    ...DEFAULT_FILTERS,
    priceRange: [...DEFAULT_FILTERS.priceRange],
    bpmRange: [...DEFAULT_FILTERS.bpmRange],
    durationRange: [...DEFAULT_FILTERS.durationRange],
    genres: [],
    creators: [],
  };
}

/** The minimum-downloads box: anything that is not a number counts as 0. */
export function parseMinDownloads(text: string | number | null | undefined): number {
  const value = typeof text === 'number' ? text : Number(String(text ?? '').trim());
  return Number.isFinite(value) && value > 0 ? value : 0;
}

const sameRange = (a: readonly [number, number], b: readonly [number, number]) =>
  a[0] === b[0] && a[1] === b[1];

/**
 * The badge on the filter button: one per filter that differs from its default (each range, the genre
 * list, the creator list, minimum rating, minimum downloads). The sort order is not a filter.
 */
export function countActiveFilters(filters: BeatFilters): number {
  let count = 0;
  if (!sameRange(filters.priceRange, DEFAULT_FILTERS.priceRange)) count += 1;
  if (!sameRange(filters.bpmRange, DEFAULT_FILTERS.bpmRange)) count += 1;
  if (!sameRange(filters.durationRange, DEFAULT_FILTERS.durationRange)) count += 1;
  if (filters.genres.length > 0) count += 1;
  if (filters.creators.length > 0) count += 1;
  if (filters.minRating > 0) count += 1;
  if (filters.minDownloads > 0) count += 1;
  if (filters.key) count += 1;
  return count;
}

export interface FilterInput {
  search: string;
  /** 'all' or one genre. */
  genreChip: string;
  filters: BeatFilters;
  /** 1-based; out-of-range pages are clamped. */
  page: number;
}

export interface FilterResult<T> {
  items: T[];
  total: number;
  page: number;
  pageCount: number;
  pageButtons: number[];
}

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

type RankedField = 'downloads' | 'rating' | 'price' | 'title';

/** The field a sort option really orders by: created_at is offered but sorts by downloads (spec 1 §5). */
function rankedField(sortBy: SortField): RankedField {
  return sortBy === 'created_at' ? 'downloads' : sortBy;
}

/**
 * Dense ranks per sort field (equal values share a rank), computed once per catalogue array and per field,
 * so each filter call sorts plain numbers natively instead of calling a comparator (or the collator)
 * ~130,000 times. The catalogue is treated as immutable data, as the web's query cache holds it; a
 * changed array (other length or other beat objects) gets fresh ranks.
 */
interface RankCache {
  beats: readonly FilterableBeat[];
  ranks: Partial<Record<RankedField, Uint32Array>>;
}
const rankCaches = new WeakMap<readonly FilterableBeat[], RankCache>();

function sameBeats(a: readonly FilterableBeat[], b: readonly FilterableBeat[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

function computeRanks(beats: readonly FilterableBeat[], field: RankedField): Uint32Array {
  const order = Array.from({ length: beats.length }, (_, i) => i);
  const compare =
    field === 'title'
      ? (a: number, b: number) => collator.compare(beats[a]!.title, beats[b]!.title)
      : (a: number, b: number) => beats[a]![field] - beats[b]![field];
  order.sort(compare);
  const ranks = new Uint32Array(beats.length);
  let rank = 0;
  for (let k = 0; k < order.length; k += 1) {
    if (k > 0 && compare(order[k - 1]!, order[k]!) !== 0) rank += 1;
    ranks[order[k]!] = rank;
  }
  return ranks;
}

function ranksFor(beats: readonly FilterableBeat[], field: RankedField): Uint32Array {
  let cache = rankCaches.get(beats);
  if (!cache || !sameBeats(cache.beats, beats)) {
    cache = { beats: [...beats], ranks: {} };
    rankCaches.set(beats, cache);
  }
  return (cache.ranks[field] ??= computeRanks(beats, field));
}

/** Indices packed as rank * 2^20 + index: exact in a double for up to 2^20 beats, and stable on ties. */
const INDEX_BITS = 2 ** 20;

/**
 * The catalogue indices of one page of the matches in sort order; ties keep catalogue order in both
 * directions, like a stable sort.
 */
function pageIndices(
  beats: readonly FilterableBeat[],
  matched: Uint32Array,
  sortBy: SortField,
  order: SortOrder,
  offset: number,
): number[] {
  const field = rankedField(sortBy);
  if (beats.length >= INDEX_BITS) {
    const sign = order === 'asc' ? 1 : -1;
    const compare =
      field === 'title'
        ? (a: number, b: number) => sign * collator.compare(beats[a]!.title, beats[b]!.title)
        : (a: number, b: number) => sign * (beats[a]![field] - beats[b]![field]);
    return Array.from(matched)
      .sort((a, b) => compare(a, b) || a - b)
      .slice(offset, offset + PAGE_SIZE);
  }
  const ranks = ranksFor(beats, field);
  const top = beats.length; // every rank is below the number of beats
  const packed = new Float64Array(matched.length);
  for (let k = 0; k < matched.length; k += 1) {
    const i = matched[k]!;
    packed[k] = (order === 'asc' ? ranks[i]! : top - ranks[i]!) * INDEX_BITS + i;
  }
  packed.sort();
  const page: number[] = [];
  for (let k = offset; k < Math.min(offset + PAGE_SIZE, packed.length); k += 1)
    page.push(packed[k]! % INDEX_BITS);
  return page;
}

/** Up to five page numbers around the current page, shifted at the edges so five show when possible. */
export function pageButtons(page: number, pageCount: number): number[] {
  const count = Math.min(MAX_PAGE_BUTTONS, pageCount);
  const start = Math.max(1, Math.min(page - Math.floor(MAX_PAGE_BUTTONS / 2), pageCount - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

/** 'Página X de Y'. */
export function pageLabel(result: Pick<FilterResult<unknown>, 'page' | 'pageCount'>): string {
  return `Página ${result.page} de ${result.pageCount}`;
}

export function filterBeats<T extends FilterableBeat>(
  beats: readonly T[],
  input: FilterInput,
): FilterResult<T> {
  const { filters } = input;
  const search = input.search.trim().toLowerCase();
  const chip = input.genreChip && input.genreChip !== 'all' ? input.genreChip : undefined;
  const genres = filters.genres.length > 0 ? new Set(filters.genres) : undefined;
  const creators = filters.creators.length > 0 ? new Set(filters.creators) : undefined;
  const [minPrice, maxPrice] = filters.priceRange;
  const [minBpm, maxBpm] = filters.bpmRange;
  const [minDuration, maxDuration] = filters.durationRange;
  const minRating = filters.minRating;
  const minDownloads = parseMinDownloads(filters.minDownloads);
  const wantedKey = filters.key ? normalizeKey(filters.key) : undefined;
  const keySet = wantedKey
    ? new Set(filters.compatibleKeys ? compatibleKeys(wantedKey) : [wantedKey])
    : undefined;
  const halfDouble = filters.halfDoubleTempo === true;

  const matched = new Uint32Array(beats.length);
  let total = 0;
  for (let i = 0; i < beats.length; i += 1) {
    const beat = beats[i]!;
    if (beat.price < minPrice || beat.price > maxPrice) continue;
    if (beat.bpm < minBpm || beat.bpm > maxBpm) {
      if (!halfDouble || tempoMatch(beat.bpm, minBpm, maxBpm, true) === null) continue;
    }
    if (keySet) {
      const beatKey = normalizeKey(beat.key);
      if (!beatKey || !keySet.has(beatKey)) continue;
    }
    if (beat.duration_seconds < minDuration || beat.duration_seconds > maxDuration) continue;
    if (beat.rating < minRating || beat.downloads < minDownloads) continue;
    if (chip !== undefined && beat.genre !== chip) continue;
    if (genres && !genres.has(beat.genre)) continue;
    if (creators && !creators.has(beat.creator)) continue;
    if (
      search !== '' &&
      !beat.title.toLowerCase().includes(search) &&
      !beat.creator.toLowerCase().includes(search)
    ) {
      continue;
    }
    matched[total++] = i;
  }

  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const requested = Number.isFinite(input.page) ? Math.trunc(input.page) : 1;
  const page = Math.min(Math.max(1, requested), pageCount);
  const indices = pageIndices(
    beats,
    matched.subarray(0, total),
    filters.sortBy,
    filters.sortOrder,
    (page - 1) * PAGE_SIZE,
  );
  return {
    items: indices.map((i) => beats[i]!),
    total,
    page,
    pageCount,
    pageButtons: pageButtons(page, pageCount),
  };
}
