import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Project } from '../../../../../shared/schemas/marketplace';
import { apiRequest } from '../../../api/client';
import type { FavoriteList } from './schemas';

/** The same cache entry My Collection reads: ['me', 'favorites', userId]. */
const favoritesKey = (userId: string | null) => ['me', 'favorites', userId] as const;

export function useMyFavorites(userId: string | null) {
  return useQuery({
    queryKey: favoritesKey(userId),
    queryFn: async ({ signal }) => {
      // The schemas (and zod) load beside the request instead of with the page's code (catalogue.ts).
      const [body, { Favorites }] = await Promise.all([
        apiRequest<unknown>('/api/me/favorites', { signal }),
        import('./schemas'),
      ]);
      return Favorites.parse(body).items;
    },
    enabled: userId !== null,
    staleTime: 30_000,
  });
}

/** Like (POST) or unlike (DELETE; a favourite's id is the beat's id), updating the list at once. */
export function useToggleFavorite(userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ beat, liked }: { beat: Project; liked: boolean }) => {
      if (liked) {
        await apiRequest(`/api/me/favorites/${encodeURIComponent(beat.id)}`, { method: 'DELETE' });
        return { beat, liked: false };
      }
      await apiRequest('/api/me/favorites', { method: 'POST', body: { projectId: beat.id } });
      return { beat, liked: true };
    },
    onMutate: async ({ beat, liked }) => {
      const key = favoritesKey(userId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<FavoriteList>(key);
      queryClient.setQueryData<FavoriteList>(key, (list = []) =>
        liked
          ? list.filter((favorite) => favorite.id !== beat.id)
          : [
              {
                id: beat.id,
                project_id: beat.id,
                user_id: userId ?? '',
                beat_title: beat.title,
                beat_creator: beat.creator,
                beat_genre: beat.genre,
                beat_price: beat.price,
                beat_cover_url: beat.coverUrl,
                created_at: new Date().toISOString(),
              },
              ...list,
            ],
      );
      return { previous };
    },
    onError: (_error, _input, context) => {
      queryClient.setQueryData(favoritesKey(userId), context?.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favoritesKey(userId) }),
  });
}
