import { createContext, useContext } from 'react';
import type { Profile } from '../../../shared/schemas/profile';
import type { SignInOutcome, SignUpInput } from './amplify';

export interface SessionUser {
  id: string;
  email: string;
}

export interface AuthState {
  /** True until the first session check ends. */
  loading: boolean;
  user: SessionUser | null;
  /** True once the user signed out in this tab, until the next sign-in: protected pages then go home. */
  signedOut: boolean;
  /** The user's profile from GET /api/me/profile; null while loading, signed out or on failure. */
  profile: Profile | null;
  profileLoading: boolean;
  signIn(email: string, password: string): Promise<SignInOutcome>;
  signUp(input: SignUpInput): Promise<'confirmSignUp' | 'done'>;
  confirmSignUp(email: string, code: string): Promise<void>;
  resendSignUpCode(email: string): Promise<void>;
  signOut(): Promise<void>;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider>');
  return state;
}
