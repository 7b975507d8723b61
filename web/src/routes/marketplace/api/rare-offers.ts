import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { LimitedOffer } from '../../../../../shared/schemas/marketplace';
import { apiRequest } from '../../../api/client';

const RareOffers = z.object({ items: z.array(LimitedOffer) });

export function useRareOffers(enabled: boolean) {
  return useQuery({
    queryKey: ['offers', 'rare'],
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/offers/rare', { schema: RareOffers, auth: false, signal })).items,
    enabled,
    staleTime: 60_000,
  });
}
