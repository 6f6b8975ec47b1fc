/** @agrivet/realtime — the browser's (and Node's) client of the relay (README.md in this workspace). */
export { newClientId } from './client-id';
export { NOT_CONNECTED_AR, RealtimeClient, type RealtimeOptions, type WriteOptions } from './client';
export { Listeners } from './listeners';
export { isUsableClientId, Outbox, type OutboxTransport, type SendResult } from './outbox';
export { LocalStorageOutboxStorage, MemoryOutboxStorage, type OutboxStorage, type StorageLike } from './storage';
export type {
  ConnectionStatus,
  OutboxChange,
  OutboxError,
  OutboxItem,
  OutboxState,
  Queued,
  SendMessageInput,
  WriteEvent,
  WriteEvents,
} from './types';
