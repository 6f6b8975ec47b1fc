import '@fontsource/cairo/arabic-400.css';
import '@fontsource/cairo/arabic-700.css';
import '@fontsource/cairo/latin-400.css';
import '@fontsource/cairo/latin-700.css';
import '../i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { queryCacheRestored } from '../lib/query-provider';
import { AppProvider } from './provider';
import { registerServiceWorker } from './register-sw';
import { AppRouter, preloadFirstScreen } from './router';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

function start(container: HTMLElement) {
  createRoot(container).render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
}

// The screen being opened (its chunks are already downloading, see vite-route-preload.ts) is loaded
// before the first render, so that render shows it at once instead of a loading state first: one
// render and one paint fewer on a slow phone. A catalogue screen loads the query client with it: its
// saved copy (IndexedDB) is read back first, so a repeat visit shows the last list at once, offline too.
// Never waits more than FIRST_SCREEN_WAIT_MS.
const FIRST_SCREEN_WAIT_MS = 1500;
const firstScreen = preloadFirstScreen(window.location.pathname);
if (firstScreen) {
  void Promise.race([firstScreen.then(queryCacheRestored), new Promise((r) => setTimeout(r, FIRST_SCREEN_WAIT_MS))])
    .catch(() => {})
    .then(() => start(root));
} else {
  start(root);
}
registerServiceWorker();
