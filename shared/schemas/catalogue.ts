import * as z from 'zod';
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

const number = (label: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, `${label}: use um número.`)
    .transform(Number)
    .refine((value) => value >= min && value <= max, `${label}: use um valor entre ${min} e ${max}.`);

const flag = z
  .enum(['1', 'true', '0', 'false'], { message: 'Use 1 ou 0.' })
  .transform((v) => v === '1' || v === 'true');

const list = (label: string, max: number) =>
  z
    .string()
    .max(2000)
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      ),
    ])
    .refine((items) => items.length <= max, `${label}: no máximo ${max}.`);

const Genres = list('Gêneros', PRODUCT_GENRES.length).refine(
  (items) => items.every((genre) => (PRODUCT_GENRES as readonly string[]).includes(genre)),
  `Gênero desconhecido: use ${PRODUCT_GENRES.join(', ')}.`,
);

const MusicalKeyParam = z
  .string()
  .trim()
  .max(20)
  .transform((text, ctx) => {
    const key = normalizeKey(text);
    if (!key) {
      ctx.addIssue({ code: 'custom', message: 'Tom inválido (ex.: A minor, C major).' });
      return z.NEVER;
    }
    return key;
  });

const CreatorIds = list('Criadores', MAX_CREATOR_FILTERS).refine(
  (items) => items.every((id) => /^[A-Za-z0-9_.:-]{1,100}$/.test(id)),
  'Criador inválido.',
);

/** Query strings are strict: an unknown parameter is a 400 (and never a separate edge cache entry). */
const unknownParameter = {
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys'
      ? `Parâmetro desconhecido: ${(issue.keys ?? []).join(', ')}.`
      : undefined,
};

export const CatalogueQueryParams = z
  .strictObject(
    {
      q: z
        .string()
        .max(MAX_SEARCH_LENGTH, `A busca tem no máximo ${MAX_SEARCH_LENGTH} caracteres.`)
        .optional(),
      genre: Genres.optional(),
      key: MusicalKeyParam.optional(),
      compatible: flag.optional(),
      bpm_min: number('BPM mínimo', 20, 300).optional(),
      bpm_max: number('BPM máximo', 20, 300).optional(),
      half_double: flag.optional(),
      price_min: number('Preço mínimo', 0, 1_000_000).optional(),
      price_max: number('Preço máximo', 0, 1_000_000).optional(),
      duration_min: number('Duração mínima', 0, 3600).optional(),
      duration_max: number('Duração máxima', 0, 3600).optional(),
      rating_min: number('Avaliação mínima', 0, 5).optional(),
      downloads_min: number('Downloads mínimos', 0, 1_000_000_000).optional(),
      creator: CreatorIds.optional(),
      sort: z
        .enum(CATALOGUE_SORTS, { message: `Ordem inválida: use ${CATALOGUE_SORTS.join(', ')}.` })
        .optional(),
      cursor: z.string().max(4000, 'Cursor inválido.').optional(),
      limit: number('Itens por página', 1, CATALOGUE_MAX_PAGE_SIZE).optional(),
    },
    unknownParameter,
  )
  .superRefine((params, ctx) => {
    const ranges = [
      ['bpm_min', 'bpm_max', 'BPM'],
      ['price_min', 'price_max', 'Preço'],
      ['duration_min', 'duration_max', 'Duração'],
    ] as const;
    for (const [low, high, label] of ranges) {
      const min = params[low];
      const max = params[high];
      if (min !== undefined && max !== undefined && min > max) {
        ctx.addIssue({ code: 'custom', path: [low], message: `${label}: o mínimo passa do máximo.` });
      }
    }
    if (params.compatible && !params.key) {
      ctx.addIssue({ code: 'custom', path: ['compatible'], message: 'Tons compatíveis pedem um tom.' });
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
export const MarksQuery = z.strictObject({ ids: list('Beats', CATALOGUE_MAX_PAGE_SIZE) }, unknownParameter);

export const MarksAnswer = z.object({ favorites: z.array(z.string()), purchased: z.array(z.string()) });
export type MarksAnswer = z.infer<typeof MarksAnswer>;

/** GET /api/catalogue/creators?q=: creators with published beats, by name prefix (the creator filter). */
export const CreatorDirectoryQuery = z.strictObject({ q: z.string().max(60).optional() }, unknownParameter);
export const CreatorDirectoryAnswer = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type CreatorDirectoryAnswer = z.infer<typeof CreatorDirectoryAnswer>;
