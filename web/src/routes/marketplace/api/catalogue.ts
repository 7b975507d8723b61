import { queryOptions, useQuery } from '@tanstack/react-query';
import { ProjectPage, type Project } from '../../../../../shared/schemas/marketplace';
import { apiRequest } from '../../../api/client';

/** The whole published catalogue (samples and creators' products); the page filters it locally. */
export async function fetchCatalogue(signal?: AbortSignal): Promise<Project[]> {
  const items: Project[] = [];
  let cursor: string | null = null;
  // The API pages by 500; a few pages at most for a catalogue the browser can filter comfortably.
  for (let page = 0; page < 40; page += 1) {
    const query: string = cursor ? `?limit=500&cursor=${encodeURIComponent(cursor)}` : '?limit=500';
    const answer: ProjectPage = await apiRequest(`/api/projects${query}`, {
      schema: ProjectPage,
      auth: false,
      signal,
    });
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
