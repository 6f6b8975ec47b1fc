/**
 * "Worth trying again": the browser came back online, or the relay connection (re)opened — the API
 * is reachable again. Screens showing a load error retry by themselves on it (components/ui/states.tsx
 * ErrorState). The browser's state comes from lib/online.ts (TanStack's onlineManager, one listener).
 */
import { onOnlineChange } from '@/lib/online';

const RECONNECTED = 'agrivet:reconnected';

/** Called by the chat's realtime binding (api/conversations.ts) each time the relay connection opens. */
export function announceReconnected(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(RECONNECTED));
}

/** Calls `listener` when the browser comes back online or the relay (re)connects; returns the unsubscribe. */
export function onBackOnline(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const stopOnline = onOnlineChange((online) => {
    if (online) listener();
  });
  window.addEventListener(RECONNECTED, listener);
  return () => {
    stopOnline();
    window.removeEventListener(RECONNECTED, listener);
  };
}
