import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../api/client';
import type { Beat } from './schemas';

/** One beat for its page (GET /api/projects/{id}), checked: an unexpected answer is a load error. */
export async function fetchBeat(id: string, signal?: AbortSignal): Promise<Beat> {
  const [body, { BeatAnswer }] = await Promise.all([
    apiRequest<unknown>(`/api/projects/${encodeURIComponent(id)}`, { auth: false, signal }),
    import('./schemas'),
  ]);
  return BeatAnswer.parse(body).project;
}

export const beatQuery = (id: string) =>
  queryOptions({
    queryKey: ['projects', 'one', id],
    queryFn: ({ signal }) => fetchBeat(id, signal),
    // An unknown beat stays unknown: do not retry a 404.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });

export const useBeat = (id: string) => useQuery(beatQuery(id));
