import { PRODUCT_GENRES } from '../../../../shared/marketplace/genres';

/** Cards per page (spec 1 §9), as the API answers by default. */
export const CATALOGUE_PAGE_SIZE = 12;

/**
 * What the marketplace shows, as it lives in the page's URL (issue 16): the search text, the genre chip
 * or genres, the filter sheet's filters, the order, the page (and the cursor that page starts at), the
 * view and the section. The URL is the state: shareable, and the back button walks through it. The API
 * query of a page is the same parameters (GET /api/projects, shared/schemas/catalogue.ts), so a page's
 * address and its data request change together.
 */

export const SORTS = ['popular', 'newest', 'price_asc', 'price_desc', 'bpm_asc', 'bpm_desc'] as const;
export type Sort = (typeof SORTS)[number];

/**
 * Slider limits and steps of the filter sheet (spec 1 §5); a slider at its end means "no limit". Prices
 * move by R$ 5: the catalogue's price bands (a price range then reads exactly its bands).
 */
export const FILTER_LIMITS = {
  price: { min: 0, max: 100, step: 5 },
  bpm: { min: 60, max: 200, step: 5 },
  duration: { min: 0, max: 600, step: 15 },
  ratingOptions: [0, 1, 2, 3, 4, 5],
} as const;

/** What the API accepts (an acapella match may ask for 52–58 BPM, below the slider). */
const ACCEPTED = {
  price: { min: 0, max: 1_000_000 },
  bpm: { min: 20, max: 300 },
  duration: { min: 0, max: 3600 },
} as const;

export type Range = [number, number];

export interface CatalogueFilters {
  genres: string[];
  key: string | null;
  compatible: boolean;
  halfDouble: boolean;
  price: Range;
  bpm: Range;
  duration: Range;
  ratingMin: number;
  downloadsMin: number;
  /** Creator ids (the catalogue's creator filter). */
  creators: string[];
  sort: Sort;
}

export interface CatalogueState {
  q: string;
  filters: CatalogueFilters;
  /** 1-based page number, and the cursor page 1+ starts at (none on page 1). */
  page: number;
  cursor: string | null;
  view: 'full' | 'simple';
  section: 'all' | 'rare';
}

export function defaultFilters(): CatalogueFilters {
  return {
    genres: [],
    key: null,
    compatible: false,
    halfDouble: false,
    price: [FILTER_LIMITS.price.min, FILTER_LIMITS.price.max],
    bpm: [FILTER_LIMITS.bpm.min, FILTER_LIMITS.bpm.max],
    duration: [FILTER_LIMITS.duration.min, FILTER_LIMITS.duration.max],
    ratingMin: 0,
    downloadsMin: 0,
    creators: [],
    sort: 'popular',
  };
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

function numberParam(params: URLSearchParams, name: string): number | undefined {
  const text = params.get(name);
  if (text === null || text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

function rangeParam(params: URLSearchParams, name: 'price' | 'bpm' | 'duration'): Range {
  const slider = FILTER_LIMITS[name];
  const accepted = ACCEPTED[name];
  const low = clamp(numberParam(params, `${name}_min`) ?? slider.min, accepted.min, accepted.max);
  const high = clamp(numberParam(params, `${name}_max`) ?? slider.max, accepted.min, accepted.max);
  return low <= high ? [low, high] : [slider.min, slider.max];
}

const list = (text: string | null) =>
  (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/** The state a URL describes; anything unknown or out of range falls back to its default. */
export function stateFromParams(params: URLSearchParams): CatalogueState {
  const sort = params.get('sort');
  const genres = list(params.get('genre')).filter((genre) =>
    (PRODUCT_GENRES as readonly string[]).includes(genre),
  );
  const page = Math.trunc(numberParam(params, 'page') ?? 1);
  const cursor = params.get('cursor');
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    filters: {
      genres: [...new Set(genres)],
      key: params.get('key') || null,
      compatible: params.get('compatible') === '1',
      halfDouble: params.get('half_double') === '1',
      price: rangeParam(params, 'price'),
      bpm: rangeParam(params, 'bpm'),
      duration: rangeParam(params, 'duration'),
      ratingMin: clamp(Math.trunc(numberParam(params, 'rating_min') ?? 0), 0, 5),
      downloadsMin: Math.max(0, Math.trunc(numberParam(params, 'downloads_min') ?? 0)),
      creators: list(params.get('creator')).slice(0, 5),
      sort: (SORTS as readonly string[]).includes(sort ?? '') ? (sort as Sort) : 'popular',
    },
    // A page past the first needs its cursor; without one the visitor starts again at page 1.
    page: cursor && page > 1 ? page : 1,
    cursor: cursor && page > 1 ? cursor : null,
    view: params.get('view') === 'simple' ? 'simple' : 'full',
    section: params.get('tab') === 'rare' ? 'rare' : 'all',
  };
}

/** The query parameters of the catalogue request: filters at their defaults are left out. */
export function catalogueParams(state: Pick<CatalogueState, 'q' | 'filters'>): URLSearchParams {
  const { q, filters } = state;
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (filters.genres.length) params.set('genre', filters.genres.join(','));
  if (filters.key) {
    params.set('key', filters.key);
    if (filters.compatible) params.set('compatible', '1');
  }
  // A slider at its end is no limit on that side.
  const range = (name: string, value: Range, limits: { min: number; max: number }) => {
    if (value[0] !== limits.min) params.set(`${name}_min`, String(value[0]));
    if (value[1] !== limits.max) params.set(`${name}_max`, String(value[1]));
  };
  range('bpm', filters.bpm, FILTER_LIMITS.bpm);
  if (
    filters.halfDouble &&
    (filters.bpm[0] !== FILTER_LIMITS.bpm.min || filters.bpm[1] !== FILTER_LIMITS.bpm.max)
  )
    params.set('half_double', '1');
  range('price', filters.price, FILTER_LIMITS.price);
  range('duration', filters.duration, FILTER_LIMITS.duration);
  if (filters.ratingMin > 0) params.set('rating_min', String(filters.ratingMin));
  if (filters.downloadsMin > 0) params.set('downloads_min', String(filters.downloadsMin));
  if (filters.creators.length) params.set('creator', filters.creators.join(','));
  if (filters.sort !== 'popular') params.set('sort', filters.sort);
  return params;
}

/** The page's URL parameters: the catalogue query plus page, cursor, view and section. */
export function paramsFromState(state: CatalogueState): URLSearchParams {
  const params = catalogueParams(state);
  if (state.page > 1 && state.cursor) {
    params.set('page', String(state.page));
    params.set('cursor', state.cursor);
  }
  if (state.view === 'simple') params.set('view', 'simple');
  if (state.section === 'rare') params.set('tab', 'rare');
  return params;
}

const sameRange = (a: Range, b: Range) => a[0] === b[0] && a[1] === b[1];

/** The badge on the filter button: one per filter away from its default (the order is not a filter). */
export function countActiveFilters(filters: CatalogueFilters): number {
  const defaults = defaultFilters();
  let count = 0;
  if (!sameRange(filters.price, defaults.price)) count += 1;
  if (!sameRange(filters.bpm, defaults.bpm)) count += 1;
  if (!sameRange(filters.duration, defaults.duration)) count += 1;
  if (filters.genres.length > 0) count += 1;
  if (filters.creators.length > 0) count += 1;
  if (filters.ratingMin > 0) count += 1;
  if (filters.downloadsMin > 0) count += 1;
  if (filters.key) count += 1;
  return count;
}

/** The minimum-downloads box: anything that is not a number counts as 0. */
export function parseMinDownloads(text: string | number | null | undefined): number {
  const value = typeof text === 'number' ? text : Number(String(text ?? '').trim());
  return Number.isFinite(value) && value > 0 ? Math.trunc(value) : 0;
}

/** Up to five page numbers around the current page among the pages that can be reached. */
export function pageButtons(page: number, reachable: number): number[] {
  const count = Math.min(5, reachable);
  const start = Math.max(1, Math.min(page - 2, reachable - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}
