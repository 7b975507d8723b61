import {
  competitionRefusal,
  trackRefusal,
  type CompetitionEntryAnswer,
  type CompetitionEntryRequest,
  type CompetitionTrack,
  type EntryRefusal,
} from '../../../shared/competition-entry';
import type { CompetitionEntry } from '../../../shared/competition-entry';
import { listCreatorProducts } from '../db/creator-profile';
import { enterCompetition, getEntry, readCount } from '../db/competition-entries';
import { getCompetitionCard } from '../db/competitions';
import { getProject } from '../db/projects';
import { AppError, Conflict, NotFound } from '../errors';

const refuse = (refusal: EntryRefusal): AppError => new AppError(refusal.status, refusal.code);

/**
 * The same request again (a retried submit) answers the entry already recorded; another track for the
 * same competition is a 409 naming the track that holds the spot (one entry per user per competition).
 */
async function existingAnswer(stored: CompetitionEntry, projectId: string): Promise<CompetitionEntryAnswer> {
  if (stored.project_id !== projectId)
    throw new Conflict('COMPETITION_ALREADY_ENTERED', { title: stored.title });
  return { entry: stored, competition: await readCount(stored.competition_id), created: false };
}

/**
 * Enters the caller's track in a competition, checked against our records: the competition (running, a
 * free spot) and the project (the caller's own, still published). The write re-checks both conditions,
 * so a race with other entrants or with the competition's end is refused the same way.
 */
export async function enterWithTrack(
  sub: string,
  input: CompetitionEntryRequest,
  now: Date = new Date(),
): Promise<CompetitionEntryAnswer> {
  const card = await getCompetitionCard(input.competition_id);
  if (!card) throw new NotFound('COMPETITION_NOT_FOUND');
  const stored = await getEntry(card.id, sub);
  if (stored) return existingAnswer(stored, input.project_id);
  const closed = competitionRefusal(card, now);
  if (closed) throw refuse(closed);
  const project = await getProject(input.project_id, true);
  const notEligible = trackRefusal(project, sub);
  if (notEligible || !project)
    throw refuse(notEligible ?? { status: 404, code: 'COMPETITION_TRACK_NOT_FOUND' });

  const entry = {
    competition_id: card.id,
    project_id: project.id,
    title: project.title,
    entered_at: now.toISOString(),
  };
  const outcome = await enterCompetition(entry, sub, card.max_participants, now);
  if (outcome.kind === 'entered') return { entry, competition: outcome.count, created: true };
  if (outcome.kind === 'already-entered') return existingAnswer(outcome.entry, input.project_id);
  // Still meeting other entrants' writes after every retry: nothing was written; the user may try again.
  if (outcome.kind === 'contended') throw new Conflict();
  if (!outcome.competition) throw new NotFound('COMPETITION_NOT_FOUND');
  const reason = competitionRefusal(outcome.competition, now);
  // The limit changed between the read and the write: the page shows the new figures on a retry.
  if (!reason) throw new Conflict();
  throw refuse(reason);
}

/** The caller's published tracks, newest first, as the entry form lists them. */
export async function tracksForEntry(sub: string): Promise<CompetitionTrack[]> {
  const projects = await listCreatorProducts(sub);
  return projects
    .filter((project) => !trackRefusal(project, sub))
    .map((project) => ({
      id: project.id,
      title: project.title,
      genre: project.genre,
      created_at: project.created_at,
    }));
}
