/**
 * The app itself, imported by main.tsx (the entry) once the page has painted: hydrates the page the
 * server rendered, or renders the shell.
 */
import '@/i18n';
import { CacheProvider } from '@emotion/react';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { restoreStoredLang, setLang, storedLang } from '@/i18n';
import { queryCacheRestored } from '@/lib/query-provider';
import { loadTopBar } from '@/components/layout/public-layout';
import { createStyleCache } from '@/lib/theme/style-cache';
import { readToken } from '@/lib/token-storage';
import { AppProvider } from './provider';
import { AppRouter, preloadFirstScreen } from './router';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

const app = (
  <StrictMode>
    <CacheProvider value={createStyleCache()}>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </CacheProvider>
  </StrictMode>
);

const firstScreen = preloadFirstScreen(window.location.pathname, readToken() !== null);
// The public layout's top bar (a lazy chunk) downloads beside the screen. A server-rendered page does not
// wait for it: its HTML is on screen and it hydrates on its own once in.
const topBar = loadTopBar().catch(() => {});

if (root.hasAttribute('data-server-rendered')) {
  // The server rendered this page (server/src/render.ts): its HTML is already on screen. Hydration waits
  // for the screen's chunk and, when the page has data, for the query cache the server used
  // (app/hydrate-state.ts), so the first render matches the HTML and nothing is fetched twice.
  const stateEl = document.getElementById('agrivet-state');
  const state = stateEl
    ? import('./hydrate-state').then(async (m) => {
        const data = m.readServerState();
        if (data) await m.applyServerState(data, readToken() !== null);
      })
    : null;
  if (storedLang() === 'en') {
    // The server renders Arabic. An English reader's page is drawn again in English instead of hydrated:
    // hydrating the Arabic HTML and switching after it made each part that hydrated after the switch (the
    // top bar, the footer: lazy chunks that come later) a mismatch — React error 418, that part thrown
    // away and drawn again. Drawn once the screen, its data, the top bar and the English strings are in.
    // (setLang once more after the chunks: the English of the parts they brought — the top bar's, the
    // footer's — is loaded with a part's code only for an English reader, i18n/index.ts addStrings)
    void Promise.all([firstScreen, state, topBar, setLang('en')])
      .then(() => setLang('en'))
      .catch(() => {})
      .then(() => createRoot(root).render(app));
  } else
    void Promise.all([firstScreen, state])
      .catch(() => {})
      .then(() => {
        // In a transition: React hydrates in slices of a few milliseconds, yielding to the browser in
        // between (a tap or a scroll is not held up by one long task), each Suspense boundary on its own.
        startTransition(() => {
          hydrateRoot(root, app, {
            onRecoverableError: (error) => console.error('hydration:', error),
          });
        });
      });
} else {
  // The shell (index.html: signed-in screens, the service worker's offline copy). The screen being
  // opened is loaded before the first render so that render shows it at once instead of a loading state
  // first; a catalogue screen loads the query client with it and its saved copy (IndexedDB) is read back
  // first, so a repeat visit shows the last list at once, offline too. Never waits more than 1.5 s.
  restoreStoredLang();
  const FIRST_SCREEN_WAIT_MS = 1500;
  const start = () => createRoot(root).render(app);
  if (firstScreen) {
    void Promise.race([
      Promise.all([firstScreen.then(queryCacheRestored), topBar]),
      new Promise((r) => setTimeout(r, FIRST_SCREEN_WAIT_MS)),
    ])
      .catch(() => {})
      .then(start);
  } else {
    // The top bar too (signed-in screens of the public layout), so the first render does not show a gap.
    void Promise.race([topBar, new Promise((r) => setTimeout(r, FIRST_SCREEN_WAIT_MS))])
      .catch(() => {})
      .then(start);
  }
}
// After the load event (register-sw.ts): its code need not come with the first load.
void import('./register-sw').then(
  (m) => m.registerServiceWorker(),
  () => {},
);
