import { FavoriteCreate } from '../../shared/schemas/marketplace';
import { requireCaller } from '../_lib/auth';
import { listFavorites, removeFavorite } from '../_lib/db/favorites';
import { NotFound } from '../_lib/errors';
import { httpHandler, json, parseBody, pathParam } from '../_lib/http';
import { favoriteView, likeProject } from '../_lib/marketplace';

/** GET, POST /api/me/favorites and DELETE /api/me/favorites/{id}: always the caller's own favourites. */
export const handler = httpHandler(async (event) => {
  const caller = requireCaller(event);
  switch (event.routeKey) {
    case 'GET /api/me/favorites': {
      const favorites = await listFavorites(caller.sub);
      return json(200, { items: await Promise.all(favorites.map(favoriteView)) });
    }
    case 'POST /api/me/favorites': {
      const { projectId } = parseBody(event, FavoriteCreate);
      const { favorite, created } = await likeProject(caller, projectId);
      return json(created ? 201 : 200, { favorite: await favoriteView(favorite) });
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
