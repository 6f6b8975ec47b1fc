import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { loginHref } from '@/config/paths';
import { selectIsLoggedIn, useSession } from '@/stores/session';
import { LoadingState } from '@/components/ui/loading-state';

/** Routes that need a session: visitors go to /login?next=the page (a farmer comes back after login). */
export function RequireAuth() {
  const loggedIn = useSession(selectIsLoggedIn);
  const status = useSession((s) => s.status);
  const location = useLocation();
  if (!loggedIn)
    return <Navigate to={loginHref(location.pathname + location.search)} replace state={{ from: location.pathname }} />;
  if (status === 'restoring') return <LoadingState />;
  return <Outlet />;
}
