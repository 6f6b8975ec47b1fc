/**
 * Session side effects: the signed-in effects (and the user query with them) load only while a token
 * is held.
 */
import { lazy, Suspense } from 'react';
import { useToken } from '@/stores/session';

const SignedInEffects = lazy(() => import('./signed-in-effects'));

export function SessionEffects() {
  const token = useToken();
  if (!token) return null;
  return (
    <Suspense fallback={null}>
      <SignedInEffects />
    </Suspense>
  );
}
