/**
 * Session side effects: the signed-in effects (and the user query with them) load only while a token
 * is held.
 *
 * They open the live connection, so they mount the moment their code is in, by a plain state update, not
 * through Suspense: as a React.lazy their first render suspended, the fallback was committed, and the retry
 * that mounts them was held by React's 300 ms reveal throttle and restarted by every other update on a busy
 * first screen (a thread's lazy menus, the composer) — on the store's inbox they mounted ~0.7 s after their
 * code was in, and messages sent meanwhile raised no alert.
 */
import type { ComponentType } from 'react';
import { useEffect, useReducer, useState } from 'react';
import { useToken } from '@/stores/session';

/** The effects' component once its code is in: kept for a later sign-in in the same page. */
let loaded: ComponentType | null = null;

/** The longest wait before the effects' code is asked for again while the browser says it is online. */
const MAX_WAIT_MS = 60_000;

export function SessionEffects() {
  const token = useToken();
  const [Effects, setEffects] = useState(() => loaded);
  // each failed load asks again once: on the `online` event or the timer, whichever comes first
  const [attempt, again] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!token || Effects) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    import('./signed-in-effects').then(
      (m) => setEffects(() => (loaded = m.default)),
      () => {
        if (cancelled) return;
        // The chunk did not come (the app opened offline before it was cached, or the link dropped):
        // without it there is no live connection and no outbox, so it is asked for again when the
        // browser is back online, and, while it says it is online, after 2, 4, 8 … 60 s (the effect's
        // cleanup drops the other one). The browser fetches a failed module again (whatwg/html#10327:
        // the Chromium of the e2e tests, 156, does).
        window.addEventListener('online', again);
        if (navigator.onLine) timer = setTimeout(again, Math.min(MAX_WAIT_MS, 2_000 * 2 ** attempt));
      },
    );
    return () => {
      cancelled = true;
      window.removeEventListener('online', again);
      clearTimeout(timer);
    };
  }, [token, Effects, attempt]);
  return token && Effects ? <Effects /> : null;
}
