import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { CataloguePage, type CatalogueCard } from '../../../../../shared/schemas/catalogue';
import { Favorite } from '../../../../../shared/schemas/marketplace';
import { HireQuote, Order, OrderDownload } from '../../../../../shared/schemas/orders';
import { apiRequest } from '../../../api/client';

const Orders = z.object({ items: z.array(Order) });
const OrderAnswer = z.object({ order: Order });
const Favorites = z.object({ items: z.array(Favorite) });
const QuoteAnswer = z.object({ quote: HireQuote });

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

/** What hiring a project costs the caller now (price in R$ and coins, periods, balance). */
export function useHireQuote(projectId: string | null) {
  return useQuery({
    queryKey: ['hire-quote', projectId],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`/api/projects/${encodeURIComponent(projectId!)}/hire-quote`, {
          schema: QuoteAnswer,
          signal,
        })
      ).quote,
    enabled: projectId !== null,
    staleTime: 0,
  });
}

export interface HireInput {
  projectId: string;
  brief?: string;
  /** One per dialog opening: a retried click is the same hire, charged once. */
  requestId: string;
}

/** Hiring pays the coins into escrow and creates the order; the orders and the wallet reload. */
export function useHire(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: HireInput) =>
      (await apiRequest('/api/orders', { method: 'POST', body: input, schema: OrderAnswer })).order,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ordersKey(userId) }),
        queryClient.invalidateQueries({ queryKey: ['me', 'wallet'] }),
      ]),
  });
}

/** The client accepts a delivery: the held coins go to the creator. */
export function useAcceptOrder(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (orderId: string) =>
      (
        await apiRequest(`/api/orders/${encodeURIComponent(orderId)}/accept`, {
          method: 'POST',
          schema: OrderAnswer,
        })
      ).order,
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
