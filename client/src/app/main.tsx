/**
 * The entry: a few hundred bytes that decide when the app's code (start.tsx: React, Chakra, the router,
 * the screen) downloads. A page the server rendered is already readable and its links work, so on a
 * weak link its pictures and fonts go first: the app starts after the load event (at most
 * START_AFTER_MS later), its code and the screen's chunks (named by the server in
 * <meta name="agrivet-preload">) fetched together then. On a link limited by bandwidth the code arrives
 * about as early as when it competed with the pictures, and the pictures are not held up by it. The
 * shell (index.html: signed-in screens, the offline copy) starts at once.
 */
import './fonts.css';
import './global.css';

const START_AFTER_MS = 3000;
let started = false;

/** The next task: the browser paints and answers a tap between two steps of the start. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The app's code runs in four tasks instead of one (on a slow phone one task of ~300 ms, all of the
 * page's Total Blocking Time): React and react-dom (the react chunk), then the libraries built on them
 * (the framework chunk: Chakra's core, Emotion, the router, i18next — importing one of its modules
 * evaluates the chunk), then the theme (Chakra's createSystem: every token turned into CSS), then the app
 * and the screen (start.tsx), which hydrates. Each step's modules are already downloading (preloaded
 * above); vite.config.ts draws the chunks.
 */
async function startApp(): Promise<void> {
  await import('react-dom/client');
  await nextTask();
  await import('@chakra-ui/react/styled-system');
  await nextTask();
  await import('@/lib/theme/system');
  await nextTask();
  await import('./start');
}

function start(): void {
  if (started) return;
  started = true;
  const chunks = document.querySelector<HTMLMetaElement>('meta[name="agrivet-preload"]')?.content;
  for (const file of chunks ? chunks.split(' ') : []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = `/${file}`;
    document.head.appendChild(link);
  }
  void startApp();
}

const serverRendered = document.getElementById('root')?.hasAttribute('data-server-rendered');
if (!serverRendered || document.readyState === 'complete') start();
else {
  window.addEventListener('load', start, { once: true });
  setTimeout(start, START_AFTER_MS);
}
