/** Registers the service worker from the site root after the page has loaded (SPEC.md §1); only logs. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then((reg) => console.info('service worker registered', reg?.scope))
      .catch((err: unknown) => console.warn('service worker registration failed', err));
  });
}
