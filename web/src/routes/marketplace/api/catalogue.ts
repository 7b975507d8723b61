import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Project } from '../../../../../shared/schemas/marketplace';
import { apiRequest } from '../../../api/client';

/** The whole published catalogue (samples and creators' products); the page filters it locally. */
export async function fetchCatalogue(signal?: AbortSignal): Promise<Project[]> {
  // The schemas (and zod) load beside the first request instead of with the page's code.
  const schemas = import('./schemas');
  const items: Project[] = [];
  let cursor: string | null = null;
  // The API pages by 500; a few pages at most for a catalogue the browser can filter comfortably.
  for (let page = 0; page < 40; page += 1) {
    const query: string = cursor ? `?limit=500&cursor=${encodeURIComponent(cursor)}` : '?limit=500';
    const [body, { ProjectPage }] = await Promise.all([
      apiRequest<unknown>(`/api/projects${query}`, { auth: false, signal }),
      schemas,
    ]);
    const answer = ProjectPage.parse(body);
    items.push(...answer.items);
    cursor = answer.cursor;
    if (!cursor) break;
  }
  return items;
}

export const catalogueQuery = () =>
  queryOptions({
    queryKey: ['projects', 'published'],
    queryFn: ({ signal }) => fetchCatalogue(signal),
    staleTime: 30_000,
  });

export function useCatalogue() {
  return useQuery(catalogueQuery());
}
