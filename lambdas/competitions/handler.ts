import { CompetitionEntryRequest } from '../../shared/competition-entry';
import { CompetitionListQuery } from '../../shared/schemas/site';
import { listActiveCompetitionCards, listFinishedCompetitionCards } from '../_lib/db/competitions';
import { listUserEntries } from '../_lib/db/competition-entries';
import { enterWithTrack, tracksForEntry } from '../_lib/competitions/entries';
import { EDGE_CACHE } from '../../shared/edge-cache';
import { requireCaller } from '../_lib/auth';
import { NotFound } from '../_lib/errors';
import { httpHandler, json, parseBody, parseQuery, publicJson } from '../_lib/http';

/**
 * GET /api/competitions?status=active|finished: the cards of the /competitions tabs (edge-cached, the
 * same for everyone). The caller's own side lives under /api/me (never cached, signed in): entering with
 * a track, their entries with each competition's current count, and the tracks they may enter.
 */
export const handler = httpHandler(async (event) => {
  switch (event.routeKey) {
    case 'GET /api/competitions': {
      const { status } = parseQuery(event, CompetitionListQuery);
      const items =
        status === 'finished'
          ? await listFinishedCompetitionCards()
          : await listActiveCompetitionCards(new Date());
      return publicJson({ items }, EDGE_CACHE.competitions);
    }
    case 'POST /api/me/competition-entries': {
      const caller = requireCaller(event);
      const answer = await enterWithTrack(caller.sub, parseBody(event, CompetitionEntryRequest));
      return json(answer.created ? 201 : 200, answer);
    }
    case 'GET /api/me/competition-entries':
      return json(200, { items: await listUserEntries(requireCaller(event).sub) });
    case 'GET /api/me/competition-tracks':
      return json(200, { items: await tracksForEntry(requireCaller(event).sub) });
    default:
      throw new NotFound();
  }
});
