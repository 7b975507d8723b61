import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import { useAuth } from './session';

/**
 * Layout route for pages that need sign-in: 'Carregando...' while the session is checked, then /auth for a
 * visitor who is not signed in, and the home page for one who has just signed out here (from the page or
 * the header: a sign-in form is not where someone who chose to leave expects to land).
 */
export function RequireAuth() {
  const { loading, user, signedOut } = useAuth();
  const location = useLocation();
  if (loading) return <PageLoading />;
  if (!user && signedOut) return <Navigate to="/" replace />;
  if (!user) return <Navigate to="/auth" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
