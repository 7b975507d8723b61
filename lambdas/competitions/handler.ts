import { CompetitionListQuery } from '../../shared/schemas/site';
import { listActiveCompetitionCards, listFinishedCompetitionCards } from '../_lib/db/competitions';
import { httpHandler, json, parseQuery } from '../_lib/http';

/** GET /api/competitions?status=active|finished: the cards of the /competitions tabs. */
export const handler = httpHandler(async (event) => {
  const { status } = parseQuery(event, CompetitionListQuery);
  const items =
    status === 'finished'
      ? await listFinishedCompetitionCards()
      : await listActiveCompetitionCards(new Date());
  return json(200, { items });
});
