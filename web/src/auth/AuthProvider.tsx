import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { setIdTokenSource } from '../api/client';
import { myProfileQuery } from '../api/profile';
import { hasStoredSession, loadRawWebConfig, peekUserPoolClientId } from '../config';
import type { SignUpInput } from './amplify';
import { AuthContext, type AuthState, type SessionUser } from './session';

const loadAuth = () => import('./amplify');

// API calls ask Amplify for a fresh ID token; the module loads only when such a call is made.
setIdTokenSource(async () => (await loadAuth()).currentIdToken());

/** Restores a stored session without loading Amplify when there is none to restore. */
async function restoreSession(): Promise<SessionUser | null> {
  const clientId = peekUserPoolClientId(await loadRawWebConfig());
  if (!clientId || !hasStoredSession(clientId)) return null;
  return (await loadAuth()).currentSessionUser();
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(true);
  const [user, setUser] = useState<SessionUser | null>(null);

  useEffect(() => {
    let cancelled = false;
    restoreSession()
      .then((restored) => {
        if (!cancelled) setUser(restored);
      })
      .catch((error: unknown) => {
        console.error('Session check failed', error);
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const profileQuery = useQuery(myProfileQuery(user?.id ?? null));
  useEffect(() => {
    if (profileQuery.error) console.error('Error fetching profile', profileQuery.error);
  }, [profileQuery.error]);

  const signIn = useCallback(async (email: string, password: string) => {
    const auth = await loadAuth();
    const outcome = await auth.signInWithPassword(email, password);
    if (outcome === 'signedIn') setUser(await auth.currentSessionUser());
    return outcome;
  }, []);

  const signUp = useCallback(async (input: SignUpInput) => (await loadAuth()).signUpAccount(input), []);

  const confirmSignUp = useCallback(
    async (email: string, code: string) => (await loadAuth()).confirmAccount(email, code),
    [],
  );

  const resendSignUpCode = useCallback(
    async (email: string) => (await loadAuth()).resendConfirmationCode(email),
    [],
  );

  const signOut = useCallback(async () => {
    await (await loadAuth()).signOutOfSession();
    setUser(null);
    queryClient.removeQueries({ queryKey: ['me'] });
  }, [queryClient]);

  const value = useMemo<AuthState>(
    () => ({
      loading,
      user,
      profile: user ? (profileQuery.data ?? null) : null,
      profileLoading: user !== null && profileQuery.isPending,
      signIn,
      signUp,
      confirmSignUp,
      resendSignUpCode,
      signOut,
    }),
    [
      loading,
      user,
      profileQuery.data,
      profileQuery.isPending,
      signIn,
      signUp,
      confirmSignUp,
      resendSignUpCode,
      signOut,
    ],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
