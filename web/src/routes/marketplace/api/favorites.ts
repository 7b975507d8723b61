import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarksAnswer } from '../../../../../shared/schemas/catalogue';
import { apiRequest } from '../../../api/client';

/**
 * The visitor's own marks on the beats a page shows (issue 16): the catalogue pages are public and
 * cached, so whether a beat is liked or bought comes from one small call of the signed-in user,
 * GET /api/me/marks?ids=… (never cached).
 */
const marksKey = (userId: string | null) => ['me', 'marks', userId] as const;

export function useMarks(userId: string | null, ids: readonly string[]) {
  const list = [...ids].sort().join(',');
  return useQuery({
    queryKey: [...marksKey(userId), list],
    queryFn: async ({ signal }): Promise<MarksAnswer> => {
      const [body, { MarksAnswer }] = await Promise.all([
        apiRequest<unknown>(`/api/me/marks?ids=${encodeURIComponent(list)}`, { signal }),
        import('./schemas'),
      ]);
      return MarksAnswer.parse(body);
    },
    enabled: userId !== null && list !== '',
    staleTime: 30_000,
  });
}

/** Like (POST) or unlike (DELETE; a favourite's id is the beat's id); the marks change at once. */
export function useToggleFavorite(userId: string | null) {
  const queryClient = useQueryClient();
  const update = (id: string, liked: boolean) =>
    queryClient.setQueriesData<MarksAnswer>({ queryKey: marksKey(userId) }, (marks) =>
      marks
        ? {
            ...marks,
            favorites: liked
              ? [...new Set([...marks.favorites, id])]
              : marks.favorites.filter((fav) => fav !== id),
          }
        : marks,
    );
  return useMutation({
    mutationFn: async ({ id, liked }: { id: string; liked: boolean }) => {
      if (liked) {
        await apiRequest(`/api/me/favorites/${encodeURIComponent(id)}`, { method: 'DELETE' });
        return { liked: false };
      }
      await apiRequest('/api/me/favorites', { method: 'POST', body: { projectId: id } });
      return { liked: true };
    },
    onMutate: async ({ id, liked }) => {
      await queryClient.cancelQueries({ queryKey: marksKey(userId) });
      update(id, !liked);
    },
    onError: (_error, { id, liked }) => update(id, liked),
    onSettled: () => {
      // My Collection's list reads the same favourites.
      void queryClient.invalidateQueries({ queryKey: ['me', 'favorites', userId] });
      void queryClient.invalidateQueries({ queryKey: marksKey(userId) });
    },
  });
}
