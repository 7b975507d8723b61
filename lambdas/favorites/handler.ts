import { MarksQuery } from '../../shared/schemas/catalogue';
import { FavoriteCreate } from '../../shared/schemas/marketplace';
import { requireCaller } from '../_lib/auth';
import { favoritedAmong, listFavorites, removeFavorite } from '../_lib/db/favorites';
import { purchasedProjectIds } from '../_lib/db/purchases';
import { NotFound } from '../_lib/errors';
import { httpHandler, json, parseBody, parseQuery, pathParam } from '../_lib/http';
import { favoriteView, likeProject } from '../_lib/marketplace';

/**
 * GET, POST /api/me/favorites and DELETE /api/me/favorites/{id}: always the caller's own favourites.
 * GET /api/me/marks?ids=…: which of the beats a (public, cached) catalogue page shows the caller liked or
 * bought — the page's only personal data, in one small call that is never cached.
 */
export const handler = httpHandler(async (event) => {
  const caller = requireCaller(event);
  switch (event.routeKey) {
    case 'GET /api/me/favorites': {
      const favorites = await listFavorites(caller.sub);
      return json(200, { items: favorites.map(favoriteView) });
    }
    case 'GET /api/me/marks': {
      const { ids } = parseQuery(event, MarksQuery);
      const [favorites, purchased] = await Promise.all([
        favoritedAmong(caller.sub, ids),
        purchasedProjectIds(caller.sub),
      ]);
      return json(200, { favorites, purchased: ids.filter((id) => purchased.has(id)) });
    }
    case 'POST /api/me/favorites': {
      const { projectId } = parseBody(event, FavoriteCreate);
      const { favorite, created } = await likeProject(caller, projectId);
      return json(created ? 201 : 200, { favorite: favoriteView(favorite) });
    }
    case 'DELETE /api/me/favorites/{id}': {
      if (!(await removeFavorite(caller.sub, pathParam(event, 'id'))))
        throw new NotFound('FAVORITE_NOT_FOUND');
      return { statusCode: 204 };
    }
    default:
      throw new NotFound();
  }
});
