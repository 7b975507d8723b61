import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import { useAuth } from './session';

/** Layout route for pages that need sign-in: 'Carregando...' while the session is checked, then /auth. */
export function RequireAuth() {
  const { loading, user } = useAuth();
  const location = useLocation();
  if (loading) return <PageLoading />;
  if (!user) return <Navigate to="/auth" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
