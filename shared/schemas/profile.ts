import { z } from 'zod';
import { textField } from '../text-input';

export const Role = z.enum(['client', 'creator']);
export type Role = z.infer<typeof Role>;

/** Staff groups, granted by an operator (never at sign-up): `studio` reads the studio site's requests. */
export const STAFF_GROUPS = ['studio'] as const;
/** Every Cognito group of the user pool: one per role, plus the staff groups. */
export const USER_POOL_GROUPS = [...Role.options, ...STAFF_GROUPS] as const;

export const Profile = z.object({
  id: z.string(),
  full_name: z.string(),
  email: z.string(),
  role: Role,
  created_at: z.string(),
});
export type Profile = z.infer<typeof Profile>;

/** What a user may change on their own profile. */
export const ProfileUpdate = z
  .object({
    full_name: textField('full_name', { min: 1, max: 120 }),
  })
  .strict();
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;
