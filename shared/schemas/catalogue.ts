import * as z from 'zod';
import { issueCode } from '../errors';
import { normalizeKey } from '../licensing/key-bpm';
import { TierSummary } from '../licensing/tier-summary';
import { PRODUCT_GENRES } from '../marketplace/genres';

/**
 * GET /api/projects: one page of the published catalogue, searched, filtered and sorted on the server
 * (issue 16). The same query string is the marketplace page's URL, so a page is shareable and cacheable
 * at the edge: every parameter here changes the answer, and nothing else does.
 */

export const CATALOGUE_SORTS = [
  'relevance',
  'popular',
  'newest',
  'price_asc',
  'price_desc',
  'bpm_asc',
  'bpm_desc',
] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];

/** Cards per page: what the marketplace shows (spec 1 §9: 12); other clients may ask for up to 48. */
export const CATALOGUE_PAGE_SIZE = 12;
export const CATALOGUE_MAX_PAGE_SIZE = 48;
export const MAX_CREATOR_FILTERS = 5;
export const MAX_SEARCH_LENGTH = 100;

/*
 * Every refusal is an error code (shared/i18n/api-errors) with the parameter's name as `field`: the page
 * builds valid queries, so these reach people who edit a shared link by hand, in their own language.
 */
const number = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, issueCode('CATALOGUE_NUMBER_INVALID'))
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, issueCode('CATALOGUE_NUMBER_TOO_SMALL'))
        .max(max, issueCode('CATALOGUE_NUMBER_TOO_LARGE')),
    );

const flag = z
  .enum(['1', 'true', '0', 'false'], { message: issueCode('CATALOGUE_FLAG_INVALID') })
  .transform((v) => v === '1' || v === 'true');

const list = (max: number) =>
  z
    .string()
    .max(2000, issueCode('CATALOGUE_LIST_TOO_LONG'))
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string()).max(max, issueCode('CATALOGUE_LIST_TOO_LONG')));

const Genres = list(PRODUCT_GENRES.length).refine(
  (items) => items.every((genre) => (PRODUCT_GENRES as readonly string[]).includes(genre)),
  issueCode('CATALOGUE_GENRE_UNKNOWN'),
);

const MusicalKeyParam = z
  .string()
  .trim()
  .max(20, issueCode('MUSICAL_KEY_INVALID'))
  .transform((text, ctx) => {
    const key = normalizeKey(text);
    if (!key) {
      ctx.addIssue({ code: 'custom', message: issueCode('MUSICAL_KEY_INVALID') });
      return z.NEVER;
    }
    return key;
  });

const CreatorIds = list(MAX_CREATOR_FILTERS).refine(
  (items) => items.every((id) => /^[A-Za-z0-9_.:-]{1,100}$/.test(id)),
  issueCode('CATALOGUE_CREATOR_INVALID'),
);

/** Query strings are strict: an unknown parameter is a 400 (and never a separate edge cache entry). */
const unknownParameter = {
  error: (issue: { code?: string }) =>
    issue.code === 'unrecognized_keys' ? issueCode('CATALOGUE_UNKNOWN_PARAMETER') : undefined,
};

export const CatalogueQueryParams = z
  .strictObject(
    {
      q: z.string().max(MAX_SEARCH_LENGTH, issueCode('CATALOGUE_SEARCH_TOO_LONG')).optional(),
      genre: Genres.optional(),
      key: MusicalKeyParam.optional(),
      compatible: flag.optional(),
      bpm_min: number(20, 300).optional(),
      bpm_max: number(20, 300).optional(),
      half_double: flag.optional(),
      price_min: number(0, 1_000_000).optional(),
      price_max: number(0, 1_000_000).optional(),
      duration_min: number(0, 3600).optional(),
      duration_max: number(0, 3600).optional(),
      rating_min: number(0, 5).optional(),
      downloads_min: number(0, 1_000_000_000).optional(),
      creator: CreatorIds.optional(),
      sort: z.enum(CATALOGUE_SORTS, { message: issueCode('CATALOGUE_SORT_INVALID') }).optional(),
      cursor: z.string().max(4000, issueCode('INVALID_CURSOR')).optional(),
      limit: number(1, CATALOGUE_MAX_PAGE_SIZE).optional(),
    },
    unknownParameter,
  )
  .superRefine((params, ctx) => {
    const ranges = [
      ['bpm_min', 'bpm_max'],
      ['price_min', 'price_max'],
      ['duration_min', 'duration_max'],
    ] as const;
    for (const [low, high] of ranges) {
      const min = params[low];
      const max = params[high];
      if (min !== undefined && max !== undefined && min > max) {
        ctx.addIssue({ code: 'custom', path: [low], message: issueCode('CATALOGUE_RANGE_REVERSED') });
      }
    }
    if (params.compatible && !params.key) {
      ctx.addIssue({
        code: 'custom',
        path: ['compatible'],
        message: issueCode('CATALOGUE_COMPATIBLE_NEEDS_KEY'),
      });
    }
  });

/** A numeric range of the query; either end may be open. */
export interface Range {
  min?: number;
  max?: number;
}

/** The validated query in the shape the search works with. */
export interface CatalogueQuery {
  text: string;
  genres: string[];
  /** The wanted key and, with `compatible`, the keys that mix with it (shared/licensing/key-bpm). */
  key: string | null;
  compatible: boolean;
  bpm: Range;
  halfDouble: boolean;
  price: Range;
  duration: Range;
  ratingMin: number;
  downloadsMin: number;
  creators: string[];
  sort: CatalogueSort;
  cursor: string | null;
  limit: number;
}

export function catalogueQueryFrom(params: z.infer<typeof CatalogueQueryParams>): CatalogueQuery {
  // Untrimmed: a trailing space says the last word is complete (not a prefix).
  const text = params.q ?? '';
  const range = (min?: number, max?: number): Range => ({
    ...(min !== undefined ? { min } : {}),
    ...(max !== undefined ? { max } : {}),
  });
  // Relevance means something only for a text search; without one the default order is the most popular.
  const searching = text.trim() !== '';
  const sort = params.sort ?? (searching ? 'relevance' : 'popular');
  return {
    text,
    genres: params.genre ?? [],
    key: params.key ?? null,
    compatible: params.compatible ?? false,
    bpm: range(params.bpm_min, params.bpm_max),
    halfDouble: params.half_double ?? false,
    price: range(params.price_min, params.price_max),
    duration: range(params.duration_min, params.duration_max),
    ratingMin: params.rating_min ?? 0,
    downloadsMin: params.downloads_min ?? 0,
    creators: params.creator ?? [],
    sort: sort === 'relevance' && !searching ? 'popular' : sort,
    cursor: params.cursor ?? null,
    limit: params.limit ?? CATALOGUE_PAGE_SIZE,
  };
}

/** A beat as a catalogue card shows it: public data only, identical for every visitor. */
export const CatalogueCard = z.object({
  id: z.string(),
  title: z.string(),
  creator: z.string(),
  creator_id: z.string(),
  genre: z.string(),
  bpm: z.number(),
  duration_seconds: z.number(),
  key: z.string().nullable(),
  /** The beat's own price; `licences` (when set) is what the card shows: 'a partir de R$ X'. */
  price: z.number(),
  licences: TierSummary.nullable(),
  rating: z.number(),
  downloads: z.number(),
  created_at: z.string(),
  /** Stable public URLs (CloudFront from the audio bucket; the twin serves the same paths). */
  coverUrl: z.string().nullable(),
  /** The public preview; null while a beat has none (then `audioOnRequest` says to ask for a link). */
  audioUrl: z.string().nullable(),
  /** GET /api/projects/{id}/audio gives a short-lived link to play it (a beat without a public preview). */
  audioOnRequest: z.boolean(),
});
export type CatalogueCard = z.infer<typeof CatalogueCard>;

export const CatalogueStats = z.object({
  beats: z.number().int(),
  average_rating: z.number().nullable(),
  new_this_week: z.number().int(),
});
export type CatalogueStats = z.infer<typeof CatalogueStats>;

export const CataloguePage = z.object({
  items: z.array(CatalogueCard),
  /** Opaque; send it back as `cursor` for the next page. Null on the last page. */
  cursor: z.string().nullable(),
  /** How many beats match: on the first page only (null on the next ones). */
  total: z.number().int().nullable(),
  /** False when `total` is an estimate (the UI says "cerca de"). */
  total_exact: z.boolean(),
  /**
   * A text search sorted by something other than relevance orders its most relevant matches (this many);
   * null when the order covers every match.
   */
  sorted_among: z.number().int().nullable(),
  /** The whole catalogue's figures for the stat cards (first page only). */
  stats: CatalogueStats.nullable(),
});
export type CataloguePage = z.infer<typeof CataloguePage>;

/** GET /api/me/marks?ids=…: the caller's own marks on the beats a page shows (never cached). */
export const MarksQuery = z.strictObject({ ids: list(CATALOGUE_MAX_PAGE_SIZE) }, unknownParameter);

export const MarksAnswer = z.object({ favorites: z.array(z.string()), purchased: z.array(z.string()) });
export type MarksAnswer = z.infer<typeof MarksAnswer>;

/** GET /api/catalogue/creators?q=: creators with published beats, by name prefix (the creator filter). */
export const CreatorDirectoryQuery = z.strictObject(
  { q: z.string().max(60, issueCode('CATALOGUE_SEARCH_TOO_LONG')).optional() },
  unknownParameter,
);
export const CreatorDirectoryAnswer = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type CreatorDirectoryAnswer = z.infer<typeof CreatorDirectoryAnswer>;
