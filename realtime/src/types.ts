/** Public types of the realtime client. */
import type {
  ApiResponse,
  ConversationReadPayload,
  ErrorCode,
  Message,
  MessageSendPayload,
  Order,
  OrderCreatePayload,
  OrderUpdatePayload,
} from '@agrivet/shared';

export type ConnectionStatus = 'connecting' | 'online' | 'offline';

export interface OutboxError {
  status: number;
  /** The stable code to decide on (CONTRACT.md §7); `message` is for people. */
  code: ErrorCode;
  message: string;
  fields?: Record<string, string>;
}

export type SendMessageInput = Omit<MessageSendPayload, 'client_id'>;

/** The writes that go through the outbox, with what each one's acknowledgement carries. */
export interface WriteEvents {
  'message:send': { payload: SendMessageInput; result: Message };
  'order:create': { payload: Omit<OrderCreatePayload, 'client_id'>; result: Order };
  'order:update': { payload: OrderUpdatePayload; result: Order };
  'conversation:read': { payload: ConversationReadPayload; result: unknown };
}
export type WriteEvent = keyof WriteEvents;

/**
 * pending: waiting to be sent (or resent after a disconnect / time-out); sending: emitted, waiting for
 * the acknowledgement; sent: the API answered 200; failed: the API refused it (`error` says why).
 */
export type OutboxState = 'pending' | 'sending' | 'sent' | 'failed';

export interface OutboxItem<E extends WriteEvent = WriteEvent> {
  client_id: string;
  event: E;
  payload: WriteEvents[E]['payload'];
  state: OutboxState;
  /** Emissions so far. */
  attempts: number;
  /** Epoch ms when it was queued: the order of the outbox. */
  queued_at: number;
  error?: OutboxError;
  /** The acknowledged result once sent (message:send: the stored message). */
  result?: WriteEvents[E]['result'];
}

export interface Queued<E extends WriteEvent> {
  item: OutboxItem<E>;
  /** Settles when the item leaves the outbox: the API's envelope, success or refusal. */
  done: Promise<ApiResponse<WriteEvents[E]['result']>>;
}

export interface OutboxChange {
  type: 'queued' | 'sending' | 'retry' | 'sent' | 'failed';
  item: OutboxItem;
}
