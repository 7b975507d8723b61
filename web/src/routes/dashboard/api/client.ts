import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { CataloguePage, type CatalogueCard } from '../../../../../shared/schemas/catalogue';
import { Favorite } from '../../../../../shared/schemas/marketplace';
import { Order, OrderDownload } from '../../../../../shared/schemas/orders';
import { apiRequest } from '../../../api/client';

const Orders = z.object({ items: z.array(Order) });
const OrderAnswer = z.object({ order: Order });
const Favorites = z.object({ items: z.array(Favorite) });

/** Published projects to hire: the catalogue's newest 48 (one public, edge-cached page). */
export function usePublishedProjects() {
  return useQuery({
    queryKey: ['projects', 'published', 'dashboard'],
    queryFn: async ({ signal }): Promise<CatalogueCard[]> =>
      (await apiRequest('/api/projects?sort=newest&limit=48', { schema: CataloguePage, auth: false, signal }))
        .items,
    staleTime: 30_000,
  });
}

const ordersKey = (userId: string) => ['me', 'orders', userId] as const;

export function useMyOrders(userId: string) {
  return useQuery({
    queryKey: ordersKey(userId),
    queryFn: async ({ signal }) => (await apiRequest('/api/me/orders', { schema: Orders, signal })).items,
  });
}

export function useMyFavorites(userId: string) {
  return useQuery({
    queryKey: ['me', 'favorites', userId],
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/me/favorites', { schema: Favorites, signal })).items,
  });
}

/** Hiring creates a pending order, then the order list reloads. */
export function useHire(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (projectId: string) =>
      (await apiRequest('/api/orders', { method: 'POST', body: { projectId }, schema: OrderAnswer })).order,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKey(userId) }),
  });
}

export async function fetchDownloadUrl(orderId: string): Promise<string> {
  const answer = await apiRequest(`/api/orders/${encodeURIComponent(orderId)}/download`, {
    schema: OrderDownload,
  });
  return answer.url;
}

export function useRateOrder(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ orderId, rating }: { orderId: string; rating: number }) =>
      (
        await apiRequest(`/api/orders/${encodeURIComponent(orderId)}/rating`, {
          method: 'POST',
          body: { rating },
          schema: OrderAnswer,
        })
      ).order,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKey(userId) }),
  });
}
