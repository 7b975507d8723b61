import { CompetitionListQuery } from '../../shared/schemas/site';
import { listActiveCompetitionCards, listFinishedCompetitionCards } from '../_lib/db/competitions';
import { EDGE_CACHE } from '../../shared/edge-cache';
import { httpHandler, parseQuery, publicJson } from '../_lib/http';

/** GET /api/competitions?status=active|finished: the cards of the /competitions tabs. */
export const handler = httpHandler(async (event) => {
  const { status } = parseQuery(event, CompetitionListQuery);
  const items =
    status === 'finished'
      ? await listFinishedCompetitionCards()
      : await listActiveCompetitionCards(new Date());
  return publicJson({ items }, EDGE_CACHE.standings);
});
