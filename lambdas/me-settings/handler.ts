import { UserSettings } from '../../shared/schemas/site';
import { requireCaller } from '../_lib/auth';
import { getUserSettings, putUserSettings } from '../_lib/db/user-settings';
import { httpHandler, json, parseBody } from '../_lib/http';

/** GET /api/me/settings and PUT /api/me/settings: the caller's own preferences (null before the first save). */
export const handler = httpHandler(async (event) => {
  const caller = requireCaller(event);
  if (event.requestContext.http.method === 'PUT') {
    const settings = parseBody(event, UserSettings);
    const updatedAt = await putUserSettings(caller.sub, settings, new Date());
    return json(200, { settings, updated_at: updatedAt });
  }
  const stored = await getUserSettings(caller.sub);
  return json(200, { settings: stored?.settings ?? null, updated_at: stored?.updated_at ?? null });
});
