/**
 * Everything that touches Amplify Auth. Loaded lazily (dynamic import) so pages that never need a
 * session, and signed-out visitors, do not download it.
 */
import { Amplify } from 'aws-amplify';
import { ConsoleLogger } from 'aws-amplify/utils';
import { confirmSignUp, fetchAuthSession, resendSignUpCode, signIn, signOut, signUp } from 'aws-amplify/auth';
import type { Role } from '../../../shared/schemas/profile';
import { WebConfig } from '../../../shared/schemas/web-config';
import { loadRawWebConfig } from '../config';
import type { SessionUser } from './session';

let configured: Promise<WebConfig> | null = null;

/** Reads /config.json once and points Amplify at the user pool (cognito-local in `npm start`). */
export function configureAuth(): Promise<WebConfig> {
  configured ??= loadRawWebConfig().then((raw) => {
    const config = WebConfig.parse(raw);
    // A custom endpoint is set only for the local twin's cognito-local, on purpose; Amplify warns about
    // it on every configure (every page load), so its warnings are muted for this one call.
    const level = ConsoleLogger.LOG_LEVEL;
    if (config.userPoolEndpoint) ConsoleLogger.LOG_LEVEL = 'ERROR';
    try {
      Amplify.configure({
        Auth: {
          Cognito: {
            userPoolId: config.userPoolId,
            userPoolClientId: config.userPoolClientId,
            ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
            loginWith: { email: true },
          },
        },
      });
    } finally {
      ConsoleLogger.LOG_LEVEL = level;
    }
    return config;
  });
  configured.catch(() => {
    configured = null;
  });
  return configured;
}

async function authFlowType(): Promise<WebConfig['authFlowType']> {
  return (await configureAuth()).authFlowType;
}

/** The current session's user, from the ID token; null when signed out or the refresh failed. */
export async function currentSessionUser(): Promise<SessionUser | null> {
  await configureAuth();
  const { tokens } = await fetchAuthSession();
  const payload = tokens?.idToken?.payload;
  if (!payload || typeof payload.sub !== 'string') return null;
  return { id: payload.sub, email: typeof payload.email === 'string' ? payload.email : '' };
}

/** A valid ID token for `Authorization: Bearer`, refreshed by Amplify when it is about to expire. */
export async function currentIdToken(): Promise<string | null> {
  await configureAuth();
  const { tokens } = await fetchAuthSession();
  return tokens?.idToken?.toString() ?? null;
}

export type SignInOutcome = 'signedIn' | 'confirmSignUp';

export async function signInWithPassword(email: string, password: string): Promise<SignInOutcome> {
  const flow = await authFlowType();
  const result = await signIn({ username: email, password, options: { authFlowType: flow } });
  if (result.isSignedIn) return 'signedIn';
  if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') return 'confirmSignUp';
  throw new Error(`Unsupported sign-in step: ${result.nextStep.signInStep}`);
}

export interface SignUpInput {
  fullName: string;
  email: string;
  password: string;
  role: Role;
}

/** Creates the account (username = e-mail). Returns whether a confirmation code is still needed. */
export async function signUpAccount(input: SignUpInput): Promise<'confirmSignUp' | 'done'> {
  await configureAuth();
  const result = await signUp({
    username: input.email,
    password: input.password,
    options: { userAttributes: { email: input.email, name: input.fullName, 'custom:role': input.role } },
  });
  return result.nextStep.signUpStep === 'CONFIRM_SIGN_UP' ? 'confirmSignUp' : 'done';
}

export async function confirmAccount(email: string, code: string): Promise<void> {
  await configureAuth();
  await confirmSignUp({ username: email, confirmationCode: code });
}

export async function resendConfirmationCode(email: string): Promise<void> {
  await configureAuth();
  await resendSignUpCode({ username: email });
}

export async function signOutOfSession(): Promise<void> {
  await configureAuth();
  await signOut();
}
