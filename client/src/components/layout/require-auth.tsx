import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { LoadingState } from '@/components/ui/loading-state';
import { loginHref } from '@/config/paths';
import { selectIsLoggedIn, useSession } from '@/stores/session';

// The user query (and TanStack Query with it) stays out of the first load: only signed-in screens need it.
const UserGate = lazy(() => import('./user-gate'));

/** Routes that need a session: visitors go to /login?next=the page (a farmer comes back after login). */
export function RequireAuth() {
  const loggedIn = useSession(selectIsLoggedIn);
  const location = useLocation();
  if (!loggedIn)
    return <Navigate to={loginHref(location.pathname + location.search)} replace state={{ from: location.pathname }} />;
  return (
    <Suspense fallback={<LoadingState />}>
      <UserGate />
    </Suspense>
  );
}
