/**
 * TanStack Query's context for the whole app without TanStack Query in the first load. The client
 * (lib/query-client.ts) is created by the first screen that needs server state — every feature's api
 * module builds its keys from it — and hands itself over here when its module runs; until then (the
 * landing page) the context is empty. The provider element is the same before and after, so nothing
 * below it remounts when the client arrives. Mounting the client (focus/online listeners) is what
 * TanStack's own QueryClientProvider does.
 */
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientContext } from '@tanstack/react-query';
import { type ReactNode, useEffect, useSyncExternalStore } from 'react';

let current: QueryClient | undefined;
let restored: Promise<void> = Promise.resolve();
const listeners = new Set<() => void>();

/** Called once by lib/query-client.ts with the app's client and its restore from IndexedDB. */
export function provideQueryClient(client: QueryClient, restoring: Promise<void>): void {
  current = client;
  restored = restoring;
  for (const listener of listeners) listener();
}

/**
 * Resolves once the persisted catalogue was read back into the cache (at once when no screen has
 * loaded the client): main.tsx waits for it, so a repeat visit's first render shows the last catalogue.
 */
export function queryCacheRestored(): Promise<void> {
  return restored;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => current;

/** `client`: a fixed client instead of the app's one (the server renders each request with its own). */
export function QueryProvider({ children, client: fixed }: { children: ReactNode; client?: QueryClient }) {
  const shared = useSyncExternalStore(subscribe, snapshot, snapshot);
  const client = fixed ?? shared;
  useEffect(() => {
    if (!client) return;
    client.mount();
    return () => client.unmount();
  }, [client]);
  return <QueryClientContext.Provider value={client}>{children}</QueryClientContext.Provider>;
}
