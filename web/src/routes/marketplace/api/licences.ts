import { useQuery } from '@tanstack/react-query';
import type { PublicLicences, TierId } from '../../../../../shared/licensing/tiers';
import { apiRequest } from '../../../api/client';

/** The beat's enabled licence tiers with price and terms (public); checked, for the beat page and the dialog. */
export async function fetchBeatLicences(projectId: string, signal?: AbortSignal): Promise<PublicLicences> {
  // zod loads beside the request, not with the marketplace page's code (see ./schemas).
  const [body, { PublicLicencesAnswer }] = await Promise.all([
    apiRequest<unknown>(`/api/projects/${encodeURIComponent(projectId)}/licences`, { signal }),
    import('./schemas'),
  ]);
  return PublicLicencesAnswer.parse(body);
}

export function useBeatLicences(projectId: string | undefined) {
  return useQuery({
    queryKey: ['licences', projectId],
    enabled: Boolean(projectId),
    queryFn: ({ signal }) => fetchBeatLicences(projectId!, signal),
  });
}

export function previewCoupon(projectId: string, tier: TierId, coupon: string) {
  return apiRequest<{ price: number; amount: number; discount: number; code: string }>(
    '/api/licences/coupon-preview',
    { method: 'POST', body: { projectId, tier, coupon } },
  );
}

/** Starts the licence checkout; the server prices the tier and applies the coupon. */
export function startLicenceCheckout(projectId: string, tier: TierId, coupon?: string) {
  return apiRequest<{ url: string; id: string }>('/api/functions/create-payment', {
    method: 'POST',
    body: { projectId, tier, ...(coupon ? { coupon } : {}) },
  });
}

export interface OfferView {
  id: string;
  project_id: string;
  project_title: string;
  tier: TierId;
  buyer_name: string;
  list_price: number;
  amount: number;
  counter_amount: number | null;
  accepted_amount: number | null;
  status: 'pending' | 'countered' | 'accepted' | 'declined' | 'paid';
  expires_at: string | null;
}

/** The signed-in buyer's offers (all beats); the dialog shows the ones on its beat. */
export function useMyOffers(enabled: boolean) {
  return useQuery({
    queryKey: ['me', 'offers'],
    enabled,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ items: OfferView[] }>('/api/me/offers', { signal })).items,
  });
}

export function sendOffer(projectId: string, tier: TierId, amount: number) {
  return apiRequest<{ offer: OfferView }>('/api/offers', {
    method: 'POST',
    body: { projectId, tier, amount },
  });
}

export function respondToCounter(id: string, action: 'accept' | 'decline') {
  return apiRequest<{ offer: OfferView }>(`/api/offers/${id}/respond`, { method: 'POST', body: { action } });
}

export function startOfferCheckout(projectId: string, tier: TierId, offerId: string) {
  return apiRequest<{ url: string; id: string }>('/api/functions/create-payment', {
    method: 'POST',
    body: { projectId, tier, offerId },
  });
}

/** What POST /api/licences/analyse answers for an uploaded file (lambdas/_lib/licensing/detect.ts). */
export interface AudioDetection {
  duration_seconds: number;
  bpm: number | null;
  bpm_confidence: number;
  /** False: the BPM is only a guess ("tempo unclear"): shown as such, never filled in or filtered on. */
  bpm_clear: boolean;
  key: string | null;
  key_confidence: number;
  key_clear: boolean;
}

/** Duration, BPM and key of one of the caller's uploads (WAV, MP3, FLAC, OGG; audio/, stems/ or uploads/). */
export function analyseUpload(key: string, signal?: AbortSignal) {
  return apiRequest<AudioDetection>('/api/licences/analyse', { method: 'POST', body: { key }, signal });
}
