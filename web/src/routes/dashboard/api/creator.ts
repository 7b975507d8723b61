import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { HubCards } from '../../../../../shared/gamification';
import {
  Achievement,
  Competition,
  CreatorSettings,
  CreatorStats,
  Project,
  type ProjectCreate,
} from '../../../../../shared/schemas/marketplace';
import { Order } from '../../../../../shared/schemas/orders';
import { apiRequest } from '../../../api/client';

const HubCardsSchema: z.ZodType<HubCards> = z.object({
  totalRevenue: z.number(),
  monthRevenue: z.number(),
  sales: z.number(),
  orderCount: z.number(),
  monthOrderCount: z.number(),
  heldRevenue: z.number(),
  completionRate: z.number(),
  averageRating: z.number().nullable(),
  ratingCount: z.number(),
  monthNet: z.number(),
  monthFee: z.number(),
});
const CreatorOrders = z.object({ items: z.array(Order), cards: HubCardsSchema });
const OrderAnswer = z.object({ order: Order });
const SettingsAnswer = z.object({ settings: CreatorSettings });
const Leaderboard = z.object({ items: z.array(CreatorStats) });
const Achievements = z.object({ items: z.array(Achievement) });
const ActiveCompetition = z.object({ competition: Competition.nullable() });
const ProjectAnswer = z.object({ project: Project });

const creatorOrdersKey = (userId: string) => ['me', 'creator-orders', userId] as const;
const settingsKey = (userId: string) => ['me', 'creator-settings', userId] as const;

/** The creator's received orders with the Creator Hub cards computed by the API from them. */
export function useCreatorOrders(userId: string) {
  return useQuery({
    queryKey: creatorOrdersKey(userId),
    queryFn: ({ signal }) => apiRequest('/api/creator/orders', { schema: CreatorOrders, signal }),
  });
}

export function useDeliverOrder(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ orderId, fileKey }: { orderId: string; fileKey: string }) =>
      (
        await apiRequest(`/api/creator/orders/${encodeURIComponent(orderId)}/deliver`, {
          method: 'POST',
          body: { fileKey },
          schema: OrderAnswer,
        })
      ).order,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creatorOrdersKey(userId) }),
  });
}

/** Declines a paid hire not delivered yet: the client's coins go back to them. */
export function useDeclineOrder(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (orderId: string) =>
      (
        await apiRequest(`/api/creator/orders/${encodeURIComponent(orderId)}/decline`, {
          method: 'POST',
          schema: OrderAnswer,
        })
      ).order,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creatorOrdersKey(userId) }),
  });
}

export function useCreatorSettings(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: settingsKey(userId),
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/creator/settings', { schema: SettingsAnswer, signal })).settings,
    enabled,
  });
}

export function useSaveCreatorSettings(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: CreatorSettings) =>
      (await apiRequest('/api/creator/settings', { method: 'PUT', body: settings, schema: SettingsAnswer }))
        .settings,
    onSuccess: (settings) => queryClient.setQueryData(settingsKey(userId), settings),
  });
}

export function useLeaderboard() {
  return useQuery({
    queryKey: ['creators', 'leaderboard'],
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/creators/leaderboard', { schema: Leaderboard, auth: false, signal })).items,
  });
}

export function useAchievements() {
  return useQuery({
    queryKey: ['achievements'],
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/achievements', { schema: Achievements, auth: false, signal })).items,
  });
}

export function useActiveCompetition() {
  return useQuery({
    queryKey: ['competitions', 'active'],
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/competitions/active', { schema: ActiveCompetition, auth: false, signal }))
        .competition,
  });
}

/** Publishes a product; the marketplace catalogue reloads so it shows at once. */
export function usePublishProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProjectCreateBody) =>
      (await apiRequest('/api/projects', { method: 'POST', body: input, schema: ProjectAnswer })).project,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects'] }),
  });
}

/** The POST body: duration may be 'm:ss' or seconds (the schema turns it into seconds). */
export type ProjectCreateBody = Omit<ProjectCreate, 'duration'> & { duration: number | string };
