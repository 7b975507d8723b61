import { CreatorSettings } from '../../shared/schemas/marketplace';
import { requireCreator } from '../_lib/auth';
import { getCreatorSettings, saveCreatorSettings } from '../_lib/db/creator-settings';
import { getProfile } from '../_lib/db/profiles';
import { NotFound } from '../_lib/errors';
import { httpHandler, json, parseBody } from '../_lib/http';

/** GET and PUT /api/creator/settings: the creator settings dialog, persisted per creator. */
export const handler = httpHandler(async (event) => {
  const caller = requireCreator(event);
  switch (event.routeKey) {
    case 'GET /api/creator/settings': {
      const profile = await getProfile(caller.sub);
      return json(200, { settings: await getCreatorSettings(caller.sub, profile?.full_name || caller.name) });
    }
    case 'PUT /api/creator/settings': {
      const settings = parseBody(event, CreatorSettings);
      await saveCreatorSettings(caller.sub, settings, new Date().toISOString());
      return json(200, { settings });
    }
    default:
      throw new NotFound();
  }
});
