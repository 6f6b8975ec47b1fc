/**
 * Session side effects: restore the saved token on load (retried on 'online', on a visible tab and with
 * a backoff when it fails for any reason but 401); the signed-in effects load only for accounts.
 */
import { lazy, Suspense, useEffect } from 'react';
import { useSession, watchSessionRetries } from '@/stores/session';

const SignedInEffects = lazy(() => import('./signed-in-effects'));

export function SessionEffects() {
  const token = useSession((s) => s.token);
  useEffect(() => {
    void useSession.getState().restore();
    return watchSessionRetries();
  }, []);
  if (!token) return null;
  return (
    <Suspense fallback={null}>
      <SignedInEffects />
    </Suspense>
  );
}
