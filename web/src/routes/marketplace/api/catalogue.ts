import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { CatalogueCard, CataloguePage } from '../../../../../shared/schemas/catalogue';
import { apiRequest } from '../../../api/client';

/**
 * The catalogue, a page at a time (issue 16): GET /api/projects with the page's query (the same
 * parameters as the page's URL). The answer is public and cached at the edge, so it is asked for
 * without the visitor's token. Changing the query drops the previous request (TanStack Query aborts it
 * through `signal`); the previous page stays on screen until the new one arrives.
 */
export async function fetchCataloguePage(query: string, signal?: AbortSignal): Promise<CataloguePage> {
  // The schemas (and zod) load beside the first request instead of with the page's code.
  const [body, { CataloguePage }] = await Promise.all([
    apiRequest<unknown>(`/api/projects${query ? `?${query}` : ''}`, { auth: false, signal }),
    import('./schemas'),
  ]);
  return CataloguePage.parse(body);
}

export const cataloguePageQuery = (query: string) =>
  queryOptions({
    queryKey: ['catalogue', query],
    queryFn: ({ signal }) => fetchCataloguePage(query, signal),
    staleTime: 30_000,
  });

export function useCataloguePage(query: string, enabled = true) {
  return useQuery({ ...cataloguePageQuery(query), placeholderData: keepPreviousData, enabled });
}

/** The next page, fetched while the visitor looks at this one. */
export function prefetchCataloguePage(client: QueryClient, query: string): void {
  void client.prefetchQuery(cataloguePageQuery(query));
}

/**
 * What the page has learned about a query's pages: the cursor each page starts at (page 1 none) and the
 * number of results (only the first page's answer has it). Kept for the session, per query.
 */
interface PagesOf {
  cursors: (string | null)[];
  total: number | null;
  exact: boolean;
}
const pages = new Map<string, PagesOf>();

export function pagesOf(query: string): PagesOf {
  let known = pages.get(query);
  if (!known) pages.set(query, (known = { cursors: [null], total: null, exact: false }));
  return known;
}

/** Records what a page's answer says: where the next page starts and, on page 1, the total. */
export function learnPage(query: string, page: number, answer: CataloguePage): void {
  const known = pagesOf(query);
  if (answer.total !== null) {
    known.total = answer.total;
    known.exact = answer.total_exact;
  }
  if (answer.cursor) known.cursors[page] = answer.cursor;
  else known.cursors.length = Math.min(known.cursors.length, page);
}

/** A short-lived link to play a beat without a public preview yet (GET /api/projects/{id}/audio). */
const playLinks = new Map<string, { url: string; until: number }>();

export async function playableUrl(
  beat: Pick<CatalogueCard, 'id' | 'audioUrl' | 'audioOnRequest'>,
): Promise<string | null> {
  if (beat.audioUrl) return beat.audioUrl;
  if (!beat.audioOnRequest) return null;
  const cached = playLinks.get(beat.id);
  if (cached && cached.until > Date.now()) return cached.url;
  const [body, { PlayLink }] = await Promise.all([
    apiRequest<unknown>(`/api/projects/${encodeURIComponent(beat.id)}/audio`, { auth: false }),
    import('./schemas'),
  ]);
  const link = PlayLink.parse(body);
  // Reused while comfortably valid.
  playLinks.set(beat.id, { url: link.url, until: Date.now() + (link.expires_in * 1000) / 2 });
  return link.url;
}

/** Creators with beats whose name starts with `q` (the filter sheet's creator search). */
export function useCreatorDirectory(q: string, enabled: boolean) {
  return useQuery({
    queryKey: ['catalogue', 'creators', q.trim().toLowerCase()],
    queryFn: async ({ signal }) => {
      const [body, { CreatorDirectoryAnswer }] = await Promise.all([
        apiRequest<unknown>(`/api/catalogue/creators?q=${encodeURIComponent(q.trim())}`, {
          auth: false,
          signal,
        }),
        import('./schemas'),
      ]);
      return CreatorDirectoryAnswer.parse(body).items;
    },
    enabled,
    staleTime: 300_000,
    placeholderData: keepPreviousData,
  });
}
