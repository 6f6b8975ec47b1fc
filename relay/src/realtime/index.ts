/** @agrivet/relay/realtime — the client side of the relay (README.md beside this file). */
export { newClientId } from './client-id';
export { RealtimeClient, type RealtimeOptions } from './client';
export { MessageSync } from './message-sync';
export { Outbox, type OutboxTransport, type SendResult } from './outbox';
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
