import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { Profile } from '../../../shared/schemas/profile';
import { setIdTokenSource } from '../api/client';
import { hasStoredSession, loadRawWebConfig, mayHaveStoredSession, peekUserPoolClientId } from '../config';
import type { SignUpInput } from './amplify';
import { AuthContext, type AuthState, type SessionUser } from './session';

const loadAuth = () => import('./amplify');

// API calls ask Amplify for a fresh ID token; the module loads only when such a call is made.
setIdTokenSource(async () => (await loadAuth()).currentIdToken());

/** Restores a stored session without loading Amplify when there is none to restore. */
async function restoreSession(): Promise<SessionUser | null> {
  // No Cognito key at all in storage: signed out, known without waiting for /config.json.
  if (!mayHaveStoredSession()) return null;
  const clientId = peekUserPoolClientId(await loadRawWebConfig());
  if (!clientId || !hasStoredSession(clientId)) return null;
  return (await loadAuth()).currentSessionUser();
}

/** TanStack Query and the profile's query options load with the first signed-in user. */
const loadProfileQuery = () =>
  Promise.all([import('@tanstack/react-query'), import('../api/query-client'), import('../api/profile')]);

interface ProfileState {
  profile: Profile | null;
  pending: boolean;
}

/**
 * The signed-in user's profile from the shared query cache (so pages that invalidate ['me'] refresh the
 * header too), observed without useQuery so signed-out visitors never download TanStack Query.
 */
function useProfile(userId: string | null): ProfileState {
  const [state, setState] = useState<ProfileState & { userId: string | null }>({
    userId: null,
    profile: null,
    pending: false,
  });
  useEffect(() => {
    if (!userId) return;
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    setState({ userId, profile: null, pending: true });
    loadProfileQuery()
      .then(([{ QueryObserver }, { queryClient }, { myProfileQuery }]) => {
        if (cancelled) return;
        const observer = new QueryObserver(queryClient, myProfileQuery(userId));
        let reported: unknown = null;
        const apply = (result: { data?: Profile; isPending: boolean; error: unknown }) => {
          setState({ userId, profile: result.data ?? null, pending: result.isPending });
          if (result.error && result.error !== reported) {
            reported = result.error;
            console.error('Error fetching profile', result.error);
          }
        };
        unsubscribe = observer.subscribe(apply);
        apply(observer.getCurrentResult());
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.error('Error fetching profile', error);
        setState({ userId, profile: null, pending: false });
      });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [userId]);
  // Until the effect above runs for a new user, the previous user's state must not show.
  if (!userId) return { profile: null, pending: false };
  if (state.userId !== userId) return { profile: null, pending: true };
  return { profile: state.profile, pending: state.pending };
}

const noSubscription = () => () => undefined;

export function AuthProvider({ children }: { children: ReactNode }) {
  // Signed out is known at once when storage holds no Cognito session, so the header shows 'Entrar'
  // without a placeholder. Pages prerendered at build (web/prerender) are drawn signed out, so while
  // such a page hydrates this reads false too, and the check then runs as usual.
  const sessionMayExist = useSyncExternalStore(noSubscription, mayHaveStoredSession, () => false);
  const [checked, setChecked] = useState(false);
  const loading = sessionMayExist && !checked;
  const [user, setUser] = useState<SessionUser | null>(null);
  const [signedOut, setSignedOut] = useState(false);

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
        if (!cancelled) setChecked(true);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const profileState = useProfile(user?.id ?? null);

  const signIn = useCallback(async (email: string, password: string) => {
    const auth = await loadAuth();
    const outcome = await auth.signInWithPassword(email, password);
    if (outcome === 'signedIn') {
      setUser(await auth.currentSessionUser());
      setSignedOut(false);
    }
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
    // Signed out in the UI first, so no page starts a request after Amplify drops the tokens (it would
    // go out without one and come back 401); requests already in flight carry a valid token.
    setUser(null);
    setSignedOut(true);
    const [auth, { queryClient }] = await Promise.all([loadAuth(), import('../api/query-client')]);
    await queryClient.cancelQueries({ queryKey: ['me'] });
    queryClient.removeQueries({ queryKey: ['me'] });
    await auth.signOutOfSession();
  }, []);

  const value = useMemo<AuthState>(
    () => ({
      loading,
      user,
      signedOut,
      profile: user ? profileState.profile : null,
      profileLoading: user !== null && profileState.pending,
      signIn,
      signUp,
      confirmSignUp,
      resendSignUpCode,
      signOut,
    }),
    [
      loading,
      user,
      signedOut,
      profileState.profile,
      profileState.pending,
      signIn,
      signUp,
      confirmSignUp,
      resendSignUpCode,
      signOut,
    ],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
