import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Coupon,
  CouponInput,
  LicenceSettingsRequest,
  TierId,
} from '../../../../../shared/licensing/tiers';
import type { CataloguePage } from '../../../../../shared/schemas/catalogue';
import { apiRequest } from '../../../api/client';

export interface LicenceSettingsView extends LicenceSettingsRequest {
  project_id: string;
}

export interface CreatorLicenceStats {
  byTier: Record<TierId, { count: number; revenue: number }>;
  coupons: {
    code: string;
    kind: 'percent' | 'fixed';
    value: number;
    active: boolean;
    expires_at: string | null;
    max_uses: number | null;
    reserved_uses: number;
    redemptions: number;
    discount_total: number;
  }[];
  recent: {
    order_id: string;
    project_title: string;
    tier: TierId;
    amount: number;
    created_at: string;
    coupon: string | null;
  }[];
  /** Every sale, also those past the listed ones. */
  total_sales: number;
}

/**
 * The creator's own published beats: the catalogue filtered on the creator (its creator index, issue 16),
 * newest first, up to 5 pages of 48.
 */
export function useMyBeats(userId: string) {
  return useQuery({
    queryKey: ['me', 'beats', userId],
    queryFn: async ({ signal }) => {
      const mine: { id: string; title: string }[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < 5; page++) {
        const query = new URLSearchParams({ creator: userId, sort: 'newest', limit: '48' });
        if (cursor) query.set('cursor', cursor);
        const answer: CataloguePage = await apiRequest(`/api/projects?${query.toString()}`, {
          signal,
          auth: false,
        });
        for (const p of answer.items) mine.push({ id: p.id, title: p.title });
        cursor = answer.cursor;
        if (!cursor) break;
      }
      return mine;
    },
  });
}

export function useLicenceSettings(projectId: string | undefined) {
  return useQuery({
    queryKey: ['me', 'licence-settings', projectId],
    enabled: Boolean(projectId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ settings: LicenceSettingsView }>(`/api/creator/projects/${projectId}/licences`, {
          signal,
        })
      ).settings,
  });
}

export function useSaveLicenceSettings(projectId: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LicenceSettingsRequest) =>
      apiRequest(`/api/creator/projects/${projectId}/licences`, { method: 'PUT', body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['me', 'licence-settings', projectId] }),
  });
}

export function useCreatorLicenceStats() {
  return useQuery({
    queryKey: ['me', 'licence-stats'],
    queryFn: ({ signal }) => apiRequest<CreatorLicenceStats>('/api/creator/licences', { signal }),
  });
}

export function useCreateCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<CouponInput>) =>
      apiRequest<{ coupon: Coupon }>('/api/creator/coupons', { method: 'POST', body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['me', 'licence-stats'] }),
  });
}

export function useDeactivateCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest(`/api/creator/coupons/${encodeURIComponent(code)}`, { method: 'DELETE' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['me', 'licence-stats'] }),
  });
}

export function agreementUrl(orderId: string) {
  return apiRequest<{ url: string }>(`/api/licences/${orderId}/agreement`);
}

export interface CreatorOffer {
  id: string;
  project_title: string;
  tier: TierId;
  buyer_name: string;
  list_price: number;
  amount: number;
  counter_amount: number | null;
  accepted_amount: number | null;
  status: 'pending' | 'countered' | 'accepted' | 'declined' | 'paid';
  /** Until when an accepted offer can be paid. */
  expires_at: string | null;
}

export function useCreatorOffers() {
  return useQuery({
    queryKey: ['me', 'creator-offers'],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ items: CreatorOffer[] }>('/api/creator/offers', { signal })).items,
  });
}

export function useRespondOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      ...body
    }: {
      id: string;
      action: 'accept' | 'decline' | 'counter';
      amount?: number;
    }) => apiRequest(`/api/creator/offers/${id}`, { method: 'POST', body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['me', 'creator-offers'] }),
  });
}

/** Stores the creator-confirmed musical key of a published beat (canonical 'A minor'). */
export function saveMusicalKey(projectId: string, key: string) {
  return apiRequest<{ key: string | null }>(
    `/api/creator/projects/${encodeURIComponent(projectId)}/musical-data`,
    { method: 'PUT', body: { key } },
  );
}
