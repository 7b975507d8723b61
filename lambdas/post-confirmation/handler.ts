import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { Role } from '../../shared/schemas/profile';
import { cleanText } from '../../shared/text-input';
import { cognito } from '../_lib/clients';
import { createProfile } from '../_lib/db/profiles';
import { createEmptyWallet } from '../_lib/db/wallets';
import { logger } from '../_lib/logger';

/**
 * Cognito PostConfirmation trigger: every confirmed user gets a profile, an empty 5D Coins wallet and
 * the group of their role. Idempotent, since Cognito may retry a trigger.
 */
export async function handler(event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const attributes = event.request.userAttributes;
  const sub = attributes.sub ?? event.userName;
  const role = Role.catch('client').parse(attributes['custom:role']);
  const now = new Date().toISOString();
  await createProfile({
    id: sub,
    // The sign-up name reached Cognito without our API: the shared text rule is applied by removal.
    full_name: cleanText(attributes.name ?? '', { max: 120 }),
    email: attributes.email ?? '',
    role,
    created_at: now,
  });
  await createEmptyWallet(sub, now);
  await cognito.send(
    new AdminAddUserToGroupCommand({
      UserPoolId: event.userPoolId,
      Username: event.userName,
      GroupName: role,
    }),
  );
  logger.info('profile created', { sub, role });
  return event;
}
