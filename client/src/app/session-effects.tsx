/**
 * Session side effects: the signed-in effects (and the user query with them) load only while a token
 * is held.
 *
 * They open the live connection, so they must not wait for React's reveal of a suspended lazy: as a plain
 * React.lazy their first render suspended, the fallback was committed, and the retry that mounts them was
 * committed only once no other part of the screen (a thread's lazy menus, the next screen's chunk) kept
 * re-rendering within 300 ms (FALLBACK_THROTTLE_MS) — on a busy first screen ~0.7 s later, and messages sent
 * meanwhile raised no alert. A signed-in page opened cold (app/start.tsx) preloads them, and the first render
 * mounts them with the screen.
 */
import { Suspense } from 'react';
import { lazyRoute } from '@/lib/lazy-route';
import { useToken } from '@/stores/session';

const signedInEffects = lazyRoute(
  () => import('./signed-in-effects'),
  (m) => m.default,
);
export const preloadSignedInEffects = signedInEffects.preload;
const SignedInEffects = signedInEffects.Component;

export function SessionEffects() {
  const token = useToken();
  if (!token) return null;
  return (
    <Suspense fallback={null}>
      <SignedInEffects />
    </Suspense>
  );
}
