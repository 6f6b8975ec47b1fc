/**
 * The entry: hydrates the page the server rendered (server/src/render.ts: the public pages, in Arabic),
 * or renders the shell (index.html: signed-in screens, the service worker's offline copy). A lazy screen
 * whose chunk is not in yet keeps the server's HTML until it arrives (React hydrates each Suspense
 * boundary on its own).
 */
import './fonts.css';
import './global.css';
import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { setLang, storedLang } from '@/i18n';
import { createStyleCache } from '@/lib/theme/style-cache';
import { readToken } from '@/lib/token-storage';
import { applyServerState, readServerState } from './hydrate-state';
import { AppProvider } from './provider';
import { registerServiceWorker } from './register-sw';
import { AppRouter } from './router';

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

// The server's answers go into the query cache first, so the first render shows what the HTML shows.
const state = readServerState();
if (state) applyServerState(state, readToken() !== null);

if (root.hasAttribute('data-server-rendered') && storedLang() === 'ar') hydrateRoot(root, app);
else {
  // The shell; or a rendered page for a reader who chose English, drawn again in English (the server
  // renders Arabic: hydrating it and switching after would not match). Arabic if English cannot load.
  const lang = storedLang() === 'en' ? setLang('en').catch(() => {}) : Promise.resolve();
  void lang.then(() => createRoot(root).render(app));
}

registerServiceWorker();
