/**
 * Registers the service worker from the site root after the page has loaded (SPEC.md §1); only logs.
 *
 * The worker precaches only the shell (client/vite.config.ts) and caches the rest when a page uses
 * it. What this page loaded before the worker controlled it (its route's chunks, the logo) is handed
 * to the worker once it does — `warmUp`, read from the HTTP cache, so no new download — so the page
 * just visited opens offline too. With Save-Data on, nothing is fetched in the background: no warm-up.
 */

/** Same-origin files the page loaded that the worker caches at run time (vite.config.ts runtimeCaching). */
const CACHED_AT_RUN_TIME = /^\/(assets|images|icons)\//;

export const saveData = (): boolean =>
  (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;

/** The page's own static files so far (scripts, styles, fonts, images), as same-origin paths. */
export function loadedFiles(): string[] {
  const paths = new Set<string>();
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name, location.href);
    if (url.origin === location.origin && CACHED_AT_RUN_TIME.test(url.pathname)) paths.add(url.pathname);
  }
  return [...paths];
}

/**
 * Passes the page's files through the worker (which caches them: CacheFirst) once it controls the
 * page; resolves with their number when done. Nothing to do when a worker controlled the page from
 * the start (its files went through it) or under Save-Data.
 */
export async function warmUp(container: ServiceWorkerContainer = navigator.serviceWorker): Promise<number> {
  if (saveData() || container.controller) return 0;
  await new Promise<void>((resolve) => container.addEventListener('controllerchange', () => resolve(), { once: true }));
  const files = loadedFiles();
  // One after another, not ~45 fetch() calls in one task (50–100 ms on a slow phone, while the page
  // is still settling): each answer comes from the HTTP cache, so the whole warm-up stays short.
  for (const path of files) {
    await fetch(path).then(
      (r) => r.arrayBuffer(),
      () => null,
    );
  }
  return files.length;
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const register = () => {
    const warm = warmUp();
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then((reg) => console.info('service worker registered', reg?.scope))
      .catch((err: unknown) => console.warn('service worker registration failed', err));
    warm.catch(() => {});
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
