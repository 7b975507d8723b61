import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreatorPublicProfile } from '../../../../../shared/schemas/site';
import { ApiError, apiRequest } from '../../../api/client';

export const creatorQuery = (name: string) =>
  queryOptions({
    queryKey: ['creator', name],
    queryFn: ({ signal }) =>
      apiRequest<{ creator: CreatorPublicProfile }>(`/api/creators/${encodeURIComponent(name)}`, {
        auth: false,
        signal,
      }),
    // An unknown creator stays unknown: do not retry a 404.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });

export const useCreator = (name: string) => useQuery(creatorQuery(name));
