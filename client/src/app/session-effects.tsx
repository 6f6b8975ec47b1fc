/** Session side effects: restore the saved token on load; the signed-in effects load only for accounts. */
import { lazy, Suspense, useEffect } from 'react';
import { useSession } from '../stores/session';

const SignedInEffects = lazy(() => import('./signed-in-effects'));

export function SessionEffects() {
  const token = useSession((s) => s.token);
  useEffect(() => {
    void useSession.getState().restore();
  }, []);
  if (!token) return null;
  return (
    <Suspense fallback={null}>
      <SignedInEffects />
    </Suspense>
  );
}
