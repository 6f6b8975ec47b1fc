/**
 * The browser's online state, from one source: TanStack's onlineManager (its own `online`/`offline`
 * listener pair on window, set up with the first subscriber — the only one in the app). The offline
 * banner, the offline-copy note, the chat header, the relay's reconnect-now (stores/realtime.ts), the
 * queued chat media (stores/chat-media.ts), TanStack's paused queries and ErrorState's retry all read it.
 * TanStack v5 starts at "online" whatever the browser says; a page opened offline starts offline here.
 */
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/** Takes the browser's current state (navigator.onLine) as the starting point; run when this module loads. */
export function startFromNavigator(): void {
  if (typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean')
    onlineManager.setOnline(navigator.onLine);
}
startFromNavigator();

export const isOnline = (): boolean => onlineManager.isOnline();

/** Calls `listener` with each change of the online state; returns the unsubscribe. */
export const onOnlineChange = (listener: (online: boolean) => void): (() => void) => onlineManager.subscribe(listener);

/** The online state, live. */
export function useOnline(): boolean {
  return useSyncExternalStore(onOnlineChange, isOnline, () => true);
}
