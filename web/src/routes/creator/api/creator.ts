import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import { CreatorPublicProfile } from '../../../../../shared/schemas/site';
import { ApiError, apiRequest } from '../../../api/client';

/** Checked, so an unexpected answer shows the page's load error instead of breaking the page. */
const CreatorAnswer = z.object({ creator: CreatorPublicProfile });

export const creatorQuery = (name: string) =>
  queryOptions({
    queryKey: ['creator', name],
    queryFn: ({ signal }) =>
      apiRequest(`/api/creators/${encodeURIComponent(name)}`, { schema: CreatorAnswer, auth: false, signal }),
    // An unknown creator stays unknown: do not retry a 404.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });

export const useCreator = (name: string) => useQuery(creatorQuery(name));
