import { queryOptions } from '@tanstack/react-query';
import type { Profile } from '../../../shared/schemas/profile';

/**
 * The signed-in user's profile, keyed by their id so another user never sees a cached one.
 * The fetcher (and zod with it) loads on first use, keeping both off the signed-out start page.
 */
export function myProfileQuery(userId: string | null) {
  return queryOptions<Profile>({
    queryKey: ['me', 'profile', userId],
    queryFn: async ({ signal }) => (await import('./fetch-profile')).fetchMyProfile(signal),
    enabled: userId !== null,
    staleTime: 60_000,
    retry: 1,
  });
}
