import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { LoadingState } from '@/components/ui/loading-state';
import { loginHref } from '@/config/paths';
import { lazyRoute } from '@/lib/lazy-route';
import { selectIsLoggedIn, useSession } from '@/stores/session';

// The user query (and TanStack Query with it) stays out of the first load: only signed-in screens need it.
// A signed-in screen opened cold preloads it (app/router.tsx SIGNED_IN_FIRST) and the first render then
// draws the screen through it at once: as a plain React.lazy it suspended once, its fallback was committed
// and React held the screen's reveal at least 300 ms after that fallback (FALLBACK_THROTTLE_MS).
const userGate = lazyRoute(
  () => import('./user-gate'),
  (m) => m.default,
);
export const preloadUserGate = userGate.preload;
const UserGate = userGate.Component;

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
