import { ProfileUpdate } from '../../shared/schemas/profile';
import { requireCaller } from '../_lib/auth';
import { getProfile, updateProfile } from '../_lib/db/profiles';
import { NotFound } from '../_lib/errors';
import { httpHandler, json, parseBody } from '../_lib/http';

/** GET /api/me/profile and PATCH /api/me/profile: the caller's own profile, never anyone else's. */
export const handler = httpHandler(async (event) => {
  const caller = requireCaller(event);
  if (event.requestContext.http.method === 'PATCH') {
    const changes = parseBody(event, ProfileUpdate);
    const updated = await updateProfile(caller.sub, changes);
    if (!updated) throw new NotFound('PROFILE_NOT_FOUND');
    return json(200, { profile: updated });
  }
  const profile = await getProfile(caller.sub);
  if (!profile) throw new NotFound('PROFILE_NOT_FOUND');
  return json(200, { profile });
});
