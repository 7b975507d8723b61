import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';

export function useRareOffers(enabled: boolean) {
  return useQuery({
    queryKey: ['offers', 'rare'],
    queryFn: async ({ signal }) => {
      // The schemas (and zod) load beside the request instead of with the page's code (catalogue.ts).
      const [body, { RareOffers }] = await Promise.all([
        apiRequest<unknown>('/api/offers/rare', { auth: false, signal }),
        import('./schemas'),
      ]);
      return RareOffers.parse(body).items;
    },
    enabled,
    staleTime: 60_000,
  });
}
