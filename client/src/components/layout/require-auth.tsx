import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { LoadingState } from '@/components/ui/loading-state';
import { loginHref } from '@/config/paths';
import { lazyRoute } from '@/lib/lazy-route';
import { selectIsLoggedIn, useSession } from '@/stores/session';

// The user query (and TanStack Query with it) stays out of the first load: only signed-in screens need it.
const userGate = lazyRoute(
  () => import('./user-gate'),
  (m) => m.default,
);
const UserGate = userGate.Component;
/** A signed-in screen opened cold (app/router.tsx) loads the gate beside its own chunk. */
export const preloadUserGate = userGate.preload;

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
