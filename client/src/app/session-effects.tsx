/**
 * Session side effects: the signed-in effects (and the user query with them) load only while a token
 * is held.
 *
 * They open the live connection, so they mount the moment their code is in, by a plain state update, not
 * through Suspense: as a React.lazy their first render suspended, the fallback was committed, and the retry
 * that mounts them was held by React's 300 ms reveal throttle and restarted by every other update on a busy
 * first screen (a thread's lazy menus, the composer) — on the store's inbox they mounted ~0.7 s after their
 * code was in, and messages sent meanwhile raised no alert. A signed-in page opened cold has their code
 * fetched beside the screen's already (the route table's modulepreload links: client/vite-route-preload.ts).
 */
import type { ComponentType } from 'react';
import { useEffect } from 'react';
import { create } from 'zustand';
import { useToken } from '@/stores/session';

const useLoaded = create<{ Effects: ComponentType | null }>(() => ({ Effects: null }));

export function SessionEffects() {
  const token = useToken();
  const Effects = useLoaded((s) => s.Effects);
  useEffect(() => {
    // a failed chunk is tried again on the next sign-in or page load
    if (token && !Effects)
      import('./signed-in-effects').then(
        (m) => useLoaded.setState({ Effects: m.default }),
        () => {},
      );
  }, [token, Effects]);
  return token && Effects ? <Effects /> : null;
}
