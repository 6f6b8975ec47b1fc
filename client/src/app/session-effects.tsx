/**
 * Session side effects: the signed-in effects (and the user query with them) load only while a token
 * is held.
 */
import { Suspense } from 'react';
import { lazyRoute } from '@/lib/lazy-route';
import { useToken } from '@/stores/session';

const signedInEffects = lazyRoute(
  () => import('./signed-in-effects'),
  (m) => m.default,
);
const SignedInEffects = signedInEffects.Component;
/** A signed-in screen drawn by the client (app/start.tsx) starts with them: the connection at once. */
export const preloadSignedInEffects = signedInEffects.preload;

export function SessionEffects() {
  const token = useToken();
  if (!token) return null;
  return (
    <Suspense fallback={null}>
      <SignedInEffects />
    </Suspense>
  );
}
