import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { Favorite } from '../../../../../shared/schemas/marketplace';
import { Purchase, Subscription } from '../../../../../shared/schemas/payments';
import { apiRequest } from '../../../api/client';

const Favorites = z.object({ items: z.array(Favorite) });
const Purchases = z.object({ items: z.array(Purchase) });
/** The route drops the internal Stripe id; the rest is the payments schema. */
const Subscriptions = z.object({ items: z.array(Subscription.omit({ stripe_subscription_id: true })) });

export type FavoriteItem = z.infer<typeof Favorite>;
export type PurchaseItem = z.infer<typeof Purchase>;
export type SubscriptionItem = z.infer<typeof Subscriptions>['items'][number];

/** Keys under ['me', …, userId]: cleared on sign-out and never shared between users. */
const favoritesKey = (userId: string) => ['me', 'favorites', userId] as const;

export function useFavorites(userId: string) {
  return useQuery({
    queryKey: favoritesKey(userId),
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/me/favorites', { schema: Favorites, signal })).items,
  });
}

export function usePurchases(userId: string) {
  return useQuery({
    queryKey: ['me', 'purchases', userId],
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/me/purchases', { schema: Purchases, signal })).items,
  });
}

export function useSubscriptions(userId: string) {
  return useQuery({
    queryKey: ['me', 'subscriptions', userId],
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/me/subscriptions', { schema: Subscriptions, signal })).items,
  });
}

/** Deletes one favourite and drops it from the list at once (restored if the server refuses). */
export function useRemoveFavorite(userId: string) {
  const queryClient = useQueryClient();
  const key = favoritesKey(userId);
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/me/favorites/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<FavoriteItem[]>(key);
      queryClient.setQueryData<FavoriteItem[]>(key, (list = []) => list.filter((item) => item.id !== id));
      return { previous };
    },
    onError: (_error, _id, context) => queryClient.setQueryData(key, context?.previous),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
