import { useSearchParams } from 'react-router-dom';

export const DEFAULT_AFTER_SIGN_IN = '/dashboard';

/**
 * Where to go once signed in: `?next=` when it is a path of this site (a page that sent the visitor here,
 * such as entering a competition), else the dashboard. Never another origin (`//host`, `/\host`).
 */
export function returnPath(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\')
    ? next
    : DEFAULT_AFTER_SIGN_IN;
}

/** The page to open after signing in, and the key of the sign-in toast's line saying where it goes. */
export function useAfterSignIn(): {
  path: string;
  description: 'auth.loginSuccessDescription' | 'auth.loginSuccessReturning';
} {
  const path = returnPath(useSearchParams()[0].get('next'));
  return {
    path,
    description:
      path === DEFAULT_AFTER_SIGN_IN ? 'auth.loginSuccessDescription' : 'auth.loginSuccessReturning',
  };
}
