import { Navigate, useLocation } from 'react-router-dom';
import { loginHref } from '@/config/paths';
import { selectIsLoggedIn, useSession } from '@/stores/session';
import UserGate from './user-gate';

/** Routes that need a session: visitors go to /login?next=the page (a farmer comes back after login). */
export function RequireAuth() {
  const loggedIn = useSession(selectIsLoggedIn);
  const location = useLocation();
  if (!loggedIn)
    return <Navigate to={loginHref(location.pathname + location.search)} replace state={{ from: location.pathname }} />;
  return <UserGate />;
}
