import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  CompetitionCount,
  CompetitionEntryAnswer,
  CompetitionEntryRequest,
  CompetitionTrack,
  MyCompetitionEntries,
} from '../../../../../shared/competition-entry';
import type { CompetitionCard } from '../../../../../shared/schemas/site';
import { apiRequest } from '../../../api/client';
import { competitionsQuery } from './competitions';

/**
 * The signed-in side of competitions (issue 18), all under /api/me: never cached at the edge, unlike the
 * public list. The user's entries carry their competitions' counts read now, which the list prefers over
 * its cached figures (docs/architecture.md: Competition entries).
 */
export const myEntriesKey = (userId: string) => ['me', userId, 'competition-entries'] as const;
const tracksKey = (userId: string) => ['me', userId, 'competition-tracks'] as const;

export function useMyCompetitionEntries(userId: string | undefined) {
  return useQuery({
    queryKey: myEntriesKey(userId ?? ''),
    queryFn: ({ signal }) => apiRequest<MyCompetitionEntries>('/api/me/competition-entries', { signal }),
    enabled: Boolean(userId),
  });
}

export function useCompetitionTracks(userId: string | undefined) {
  return useQuery({
    queryKey: tracksKey(userId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<{ items: CompetitionTrack[] }>('/api/me/competition-tracks', { signal }),
    enabled: Boolean(userId),
  });
}

/** A card with the freshest count we know: the list's, or the one the user's own entry read (never less). */
export function withCount(card: CompetitionCard, count: CompetitionCount | undefined): CompetitionCard {
  if (!count || count.participants <= card.participants) return card;
  return { ...card, participants: count.participants, max_participants: count.max_participants };
}

/** The entrant sees their entry counted at once: the cached list and their entries take the answer. */
function applyEntry(queryClient: QueryClient, userId: string, answer: CompetitionEntryAnswer) {
  queryClient.setQueryData(competitionsQuery('active').queryKey, (list) =>
    list
      ? {
          items: list.items.map((card) =>
            card.id === answer.competition.id ? withCount(card, answer.competition) : card,
          ),
        }
      : list,
  );
  queryClient.setQueryData(myEntriesKey(userId), (mine: MyCompetitionEntries | undefined) => ({
    items: [
      { ...answer.entry, competition: answer.competition },
      ...(mine?.items ?? []).filter((entry) => entry.competition_id !== answer.entry.competition_id),
    ],
  }));
}

export function useEnterCompetition(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CompetitionEntryRequest) =>
      apiRequest<CompetitionEntryAnswer>('/api/me/competition-entries', { method: 'POST', body: input }),
    onSuccess: (answer) => applyEntry(queryClient, userId, answer),
  });
}
