/**
 * Adapter from @agrivet/relay/realtime's RealtimeClient to the app's RealtimePort.
 * (Pending: the relay's client has not landed yet; until it does the app reports "offline".)
 */
import type { ConnectionStatus, OutboxEntry, RealtimePort } from './port';

export function connectRealtime(_origin: string, _token: string): RealtimePort {
  const outboxListeners = new Set<(e: OutboxEntry[]) => void>();
  const status: ConnectionStatus = 'offline';
  return {
    status,
    onStatus: (l) => {
      l(status);
      return () => {};
    },
    on: () => () => {},
    write: () => ({ client_id: '', result: Promise.reject(new Error('offline')) }),
    typing: () => {},
    openConversation: () => {},
    closeConversation: () => {},
    onOutbox: (l) => {
      outboxListeners.add(l);
      return () => outboxListeners.delete(l);
    },
    close: () => {},
  };
}
