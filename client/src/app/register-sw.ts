/**
 * Registers the service worker from the site root after the page has loaded (SPEC.md §1); only logs.
 * The app's code may itself arrive after the load event (main.tsx starts a server-rendered page then):
 * register at once in that case, or no server-rendered page would ever get the worker.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then((reg) => console.info('service worker registered', reg?.scope))
      .catch((err: unknown) => console.warn('service worker registration failed', err));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
