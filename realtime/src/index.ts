/** @agrivet/realtime — the browser's (and Node's) client of the relay (README.md in this workspace). */
export { newClientId } from './client-id';
export { NOT_CONNECTED_AR, RealtimeClient, type RealtimeOptions } from './client';
export { MessageSync } from './message-sync';
export { LOST_SEND_FAILURE, mayExceedFrameCap, Outbox, type OutboxTransport, type SendResult } from './outbox';
export {
  deserializeOutbox,
  LocalStorageOutboxStorage,
  MemoryOutboxStorage,
  type OutboxStorage,
  serializeOutbox,
} from './storage';
export type {
  ConnectionStatus,
  ImageBytes,
  OutboxChange,
  OutboxError,
  OutboxItem,
  OutboxState,
  Queued,
  SendMessageInput,
  WriteEvent,
  WriteEvents,
} from './types';
