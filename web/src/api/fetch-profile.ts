import * as z from 'zod';
import { Profile } from '../../../shared/schemas/profile';
import { apiRequest } from './client';

const ProfileResponse = z.object({ profile: Profile });

/** GET /api/me/profile (needs the ID token). */
export async function fetchMyProfile(signal?: AbortSignal): Promise<Profile> {
  const { profile } = await apiRequest('/api/me/profile', { schema: ProfileResponse, signal });
  return profile;
}
