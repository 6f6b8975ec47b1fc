/** Public types of the realtime connection wrapper. */
import type {
  ApiResponse,
  ConversationReadPayload,
  ErrorCode,
  Message,
  Order,
  OrderCreatePayload,
  OrderUpdatePayload,
} from '@agrivet/shared';

export interface OutboxError {
  status: number;
  /** The stable code to decide on (CONTRACT.md §7); `message` is for people. */
  code: ErrorCode;
  message: string;
  fields?: Record<string, string>;
}

export type ConnectionStatus = 'connecting' | 'online' | 'offline';

/** Image bytes for a message. Convert a File first: `new Uint8Array(await file.arrayBuffer())`. */
export type ImageBytes = Uint8Array | ArrayBuffer;

export interface SendMessageInput {
  conversation_id: number;
  message?: string;
  /** A `POST upload` of the sender (CONTRACT.md §7): a photo or a voice note, used by one message. */
  upload_id?: number;
  image?: ImageBytes;
  image_type?: string;
}

/** The writes that go through the outbox, with what each one's acknowledgement carries. */
export interface WriteEvents {
  'message:send': { payload: SendMessageInput; result: Message };
  'order:create': { payload: Omit<OrderCreatePayload, 'client_id'>; result: Order };
  'order:update': { payload: OrderUpdatePayload; result: Order };
  'conversation:read': { payload: ConversationReadPayload; result: unknown };
}
export type WriteEvent = keyof WriteEvents;

/** Options of a write (RealtimeClient.sendMessage / createOrder / updateOrder / markRead). */
export interface WriteOptions {
  /**
   * The write's client_id, when the caller needs it before the write is queued (generate it with
   * newClientId). Used when it is a non-empty string of at most LIMITS.clientIdMax characters without
   * surrounding whitespace; otherwise (or when absent) the outbox generates one. The queued item's
   * client_id is the one that counts.
   */
  client_id?: string;
}

/**
 * pending: waiting to be sent (or to be resent after a disconnect / time-out);
 * sending: emitted, waiting for the acknowledgement;
 * sent: the API answered 200 (the item has left the outbox);
 * failed: the API refused it (4xx) — it has left the outbox, `error` says why.
 */
export type OutboxState = 'pending' | 'sending' | 'sent' | 'failed';

export interface OutboxItem<E extends WriteEvent = WriteEvent> {
  client_id: string;
  event: E;
  payload: WriteEvents[E]['payload'];
  state: OutboxState;
  /** Emissions so far (1 after the first try). */
  attempts: number;
  /** Epoch milliseconds when it was queued. */
  queued_at: number;
  /** Why it failed: the API's status, code and Arabic message (field messages for 422). */
  error?: OutboxError;
  /** The acknowledged result once sent (for message:send: the stored message). */
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
