import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CommunityAttachment,
  CommunityMember,
  CommunityPost,
  NewCommunityPost,
} from '../../../../../shared/schemas/site';
import { apiRequest } from '../../../api/client';

export const feedQuery = () =>
  queryOptions({
    queryKey: ['community', 'posts'],
    queryFn: ({ signal }) =>
      apiRequest<{ items: CommunityPost[] }>('/api/community/posts', { auth: false, signal }),
  });

export const trendingQuery = () =>
  queryOptions({
    queryKey: ['community', 'trending'],
    queryFn: ({ signal }) =>
      apiRequest<{ items: { tag: string; posts: number }[]; posts_today: number }>(
        '/api/community/trending',
        {
          auth: false,
          signal,
        },
      ),
  });

export const membersQuery = () =>
  queryOptions({
    queryKey: ['community', 'members'],
    queryFn: ({ signal }) =>
      apiRequest<{ items: CommunityMember[] }>('/api/community/members', { auth: false, signal }),
    staleTime: 5 * 60_000,
  });

export const useFeed = () => useQuery(feedQuery());
export const useTrending = () => useQuery(trendingQuery());
export const useMembers = () => useQuery(membersQuery());

export function usePublishPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewCommunityPost) =>
      apiRequest<{ post: CommunityPost }>('/api/community/posts', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['community'] }),
  });
}

export type { CommunityAttachment };
