import { ACHIEVEMENTS_SHOWN, LEADERBOARD_SIZE, levelFromXp } from '../../shared/gamification';
import { listAchievementsByRarity } from '../_lib/db/achievements';
import { getActiveCompetition } from '../_lib/db/competitions';
import { topCreators } from '../_lib/db/creator-stats';
import { NotFound } from '../_lib/errors';
import { EDGE_CACHE } from '../../shared/edge-cache';
import { httpHandler, publicJson } from '../_lib/http';

/**
 * Public gamification reads: GET /api/creators/leaderboard (top 5 by XP), GET /api/achievements
 * (6, rarest first), GET /api/competitions/active (the active monthly competition or null).
 */
export const handler = httpHandler(async (event) => {
  switch (event.routeKey) {
    case 'GET /api/creators/leaderboard': {
      const top = await topCreators(LEADERBOARD_SIZE);
      return publicJson(
        { items: top.map((entry) => ({ ...entry, progress: levelFromXp(entry.xp_points) })) },
        EDGE_CACHE.standings,
      );
    }
    case 'GET /api/achievements':
      return publicJson({ items: await listAchievementsByRarity(ACHIEVEMENTS_SHOWN) }, EDGE_CACHE.standings);
    case 'GET /api/competitions/active':
      return publicJson(
        { competition: (await getActiveCompetition(new Date())) ?? null },
        EDGE_CACHE.competitions,
      );
    default:
      throw new NotFound();
  }
});
