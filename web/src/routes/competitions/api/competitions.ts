import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompetitionCard, CompetitionStatus } from '../../../../../shared/schemas/site';
import type { CreatorStats } from '../../../../../shared/schemas/marketplace';
import { apiRequest } from '../../../api/client';

export const competitionsQuery = (status: CompetitionStatus) =>
  queryOptions({
    queryKey: ['competitions', status],
    queryFn: ({ signal }) =>
      apiRequest<{ items: CompetitionCard[] }>(`/api/competitions?status=${status}`, { auth: false, signal }),
    staleTime: 60_000,
  });

export function useCompetitions(status: CompetitionStatus, enabled = true) {
  return useQuery({ ...competitionsQuery(status), enabled });
}

export const leaderboardQuery = () =>
  queryOptions({
    queryKey: ['leaderboard'],
    queryFn: ({ signal }) =>
      apiRequest<{ items: CreatorStats[] }>('/api/creators/leaderboard', { auth: false, signal }),
    staleTime: 60_000,
  });

export function useLeaderboard(enabled = true) {
  return useQuery({ ...leaderboardQuery(), enabled });
}
