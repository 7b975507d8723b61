import { randomUUID } from 'node:crypto';
import {
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { inject } from 'vitest';

/**
 * Real accounts for the integration tests, through the Cognito proxy the web app uses: sign-up, the
 * confirmation code cognito-local printed (read from the global setup's control server), confirmation
 * (PostConfirmation trigger) and sign-in.
 */

export const TEST_PASSWORD = 'senha-forte-123';

/** The newest confirmation code printed for `email`; cognito-local logs it asynchronously, so this waits a little. */
export async function confirmationCode(email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await fetch(`${inject('controlUrl')}/codes/${encodeURIComponent(email)}`);
    const { code } = (await response.json()) as { code: string | null };
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no confirmation code captured for ${email}`);
}

export interface SignedUpUser {
  sub: string;
  email: string;
  password: string;
  idToken: string;
}

/** SignUp with name and role → ConfirmSignUp with the printed code → InitiateAuth (USER_PASSWORD_AUTH). */
export async function signUpConfirmed(
  cognito: CognitoIdentityProviderClient,
  options: { name: string; role: 'client' | 'creator'; emailPrefix?: string },
): Promise<SignedUpUser> {
  const clientId = inject('userPoolClientId');
  const email = `${options.emailPrefix ?? options.role}.${randomUUID().slice(0, 8)}@example.com`;
  const password = TEST_PASSWORD;
  const signUp = await cognito.send(
    new SignUpCommand({
      ClientId: clientId,
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'name', Value: options.name },
        { Name: 'custom:role', Value: options.role },
      ],
    }),
  );
  await cognito.send(
    new ConfirmSignUpCommand({
      ClientId: clientId,
      Username: email,
      ConfirmationCode: await confirmationCode(email),
    }),
  );
  const auth = await cognito.send(
    new InitiateAuthCommand({
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  return { sub: signUp.UserSub!, email, password, idToken: auth.AuthenticationResult!.IdToken! };
}
