/**
 * Browser page signals the realtime client reacts to, read from globalThis so the same code runs in
 * Node (where they do not exist and nothing is watched): the `online` event and page visibility.
 */
interface EventSource {
  addEventListener?: (type: string, fn: () => void) => void;
  removeEventListener?: (type: string, fn: () => void) => void;
}
type PageDocument = EventSource & { visibilityState?: string };

const pageDocument = (): PageDocument | undefined => (globalThis as { document?: PageDocument }).document;

/** True only when a browser says the page is hidden (a background tab, a locked phone). */
export function isPageHidden(): boolean {
  return pageDocument()?.visibilityState === 'hidden';
}

/** Calls fn when the device reports it is back online. Returns the unsubscribe function. */
export function onBackOnline(fn: () => void): () => void {
  const target = globalThis as EventSource;
  if (typeof target.addEventListener !== 'function') return () => {};
  target.addEventListener('online', fn);
  return () => target.removeEventListener?.('online', fn);
}

/** Calls fn(visible) when the page is shown or hidden. Returns the unsubscribe function. */
export function onVisibilityChange(fn: (visible: boolean) => void): () => void {
  const doc = pageDocument();
  if (typeof doc?.addEventListener !== 'function') return () => {};
  const listener = () => fn(!isPageHidden());
  doc.addEventListener('visibilitychange', listener);
  return () => doc.removeEventListener?.('visibilitychange', listener);
}
