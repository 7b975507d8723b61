import * as z from 'zod';
import type { ApiErrorCode } from './errors';

/**
 * Entering a competition (issue 18): a signed-in user enters a running competition with one of their own
 * published tracks, once. The rules here are pure; the API checks them against the stored competition and
 * project (never the client's word), then writes the entry and the new count in one transaction whose
 * conditions hold the same rules at write time (lambdas/_lib/db/competition-entries.ts).
 */

export const CompetitionEntryRequest = z
  .object({
    competition_id: z.string().trim().min(1).max(128),
    project_id: z.string().trim().min(1).max(128),
  })
  .strict();
export type CompetitionEntryRequest = z.infer<typeof CompetitionEntryRequest>;

/** One user's entry in one competition, with the track it enters (its title as it was when entered). */
export const CompetitionEntry = z.object({
  competition_id: z.string(),
  project_id: z.string(),
  title: z.string(),
  entered_at: z.string(),
});
export type CompetitionEntry = z.infer<typeof CompetitionEntry>;

/** A competition's filled spots as the entry's answers carry them (fresher than the edge-cached list). */
export const CompetitionCount = z.object({
  id: z.string(),
  participants: z.number(),
  max_participants: z.number(),
});
export type CompetitionCount = z.infer<typeof CompetitionCount>;

/** POST /api/me/competition-entries: the entry (new: 201; the same one again: 200) and the new count. */
export const CompetitionEntryAnswer = z.object({
  entry: CompetitionEntry,
  competition: CompetitionCount,
  created: z.boolean(),
});
export type CompetitionEntryAnswer = z.infer<typeof CompetitionEntryAnswer>;

/** GET /api/me/competition-entries: the caller's entries, each with its competition's current count. */
export const MyCompetitionEntries = z.object({
  items: z.array(CompetitionEntry.extend({ competition: CompetitionCount })),
});
export type MyCompetitionEntries = z.infer<typeof MyCompetitionEntries>;

/** GET /api/me/competition-tracks: the caller's published tracks that may enter a competition. */
export const CompetitionTrack = z.object({
  id: z.string(),
  title: z.string(),
  genre: z.string(),
  created_at: z.string(),
});
export const CompetitionTracks = z.object({ items: z.array(CompetitionTrack) });
export type CompetitionTrack = z.infer<typeof CompetitionTrack>;

/** What the rule needs of a competition. */
export interface EnterableCompetition {
  starts_at: string;
  ends_at: string;
  is_active: boolean;
  participants: number;
  max_participants: number;
}

/** What the rule needs of the track. */
export interface EnterableTrack {
  creator_id: string;
  status: 'published' | 'sold';
}

export interface EntryRefusal {
  status: 403 | 404 | 409;
  code: ApiErrorCode;
}

/** Why a competition takes no entry at `now` (not started, finished, full), or undefined when it takes one. */
export function competitionRefusal(competition: EnterableCompetition, now: Date): EntryRefusal | undefined {
  const at = now.toISOString();
  if (competition.starts_at > at) return { status: 409, code: 'COMPETITION_NOT_STARTED' };
  if (!competition.is_active || competition.ends_at <= at)
    return { status: 409, code: 'COMPETITION_FINISHED' };
  if (competition.participants >= competition.max_participants)
    return { status: 409, code: 'COMPETITION_FULL' };
  return undefined;
}

/**
 * Why `track` may not enter for `callerSub` (none: not found; another creator's; sold with an exclusive
 * licence, whose rights are the buyer's now), or undefined when it may.
 */
export function trackRefusal(track: EnterableTrack | undefined, callerSub: string): EntryRefusal | undefined {
  if (!track) return { status: 404, code: 'COMPETITION_TRACK_NOT_FOUND' };
  if (track.creator_id !== callerSub) return { status: 403, code: 'COMPETITION_TRACK_NOT_YOURS' };
  if (track.status !== 'published') return { status: 409, code: 'COMPETITION_TRACK_SOLD' };
  return undefined;
}
