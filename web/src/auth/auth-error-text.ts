import type { TFunction } from 'i18next';

/**
 * What to tell the user when Cognito (through Amplify) refuses an account action, in their language.
 * Cognito and Amplify answer English ('Invalid password', 'Incorrect username or password.'), which
 * showed as is in the pt-BR and es-ES forms (issue 18): the exception's name picks our text instead.
 */
export type AuthAction = 'signIn' | 'signUp' | 'confirm' | 'resend' | 'changePassword';

type AuthErrorKey =
  | 'wrongCredentials'
  | 'wrongCurrentPassword'
  | 'passwordPolicy'
  | 'emailTaken'
  | 'codeMismatch'
  | 'codeExpired'
  | 'tooManyAttempts'
  | 'notConfirmed'
  | 'missingField'
  | 'invalidInput'
  | 'network';

/**
 * Real Cognito answers a wrong password with NotAuthorizedException and a password the pool's policy
 * refuses with InvalidPasswordException ('Password did not conform with policy…'); the local twin
 * (cognito-local) answers a wrong password with InvalidPasswordException ('Invalid password'). The
 * policy case is told apart by its message.
 */
function keyFor(name: string, message: string, action: AuthAction): AuthErrorKey | null {
  const wrongPassword = action === 'changePassword' ? 'wrongCurrentPassword' : 'wrongCredentials';
  switch (name) {
    case 'NotAuthorizedException':
    case 'UserNotFoundException':
      return wrongPassword;
    case 'InvalidPasswordException':
      return /conform|policy/i.test(message) || action === 'signUp' ? 'passwordPolicy' : wrongPassword;
    case 'UsernameExistsException':
    case 'AliasExistsException':
      return 'emailTaken';
    case 'CodeMismatchException':
      return 'codeMismatch';
    case 'ExpiredCodeException':
      return 'codeExpired';
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return 'tooManyAttempts';
    case 'UserNotConfirmedException':
      return 'notConfirmed';
    case 'InvalidParameterException':
      return 'invalidInput';
    case 'NetworkError':
      return 'network';
  }
  // Amplify's own checks before any request: EmptySignInPassword, EmptyConfirmSignUpCode, ...
  if (name.startsWith('Empty')) return 'missingField';
  return null;
}

export function authErrorText(error: unknown, action: AuthAction, t: TFunction): string {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : '';
  const key = keyFor(name, message, action);
  return key ? t(`auth.errors.${key}`) : t('auth.unknownError');
}
