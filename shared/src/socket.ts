/** The socket contract of CONTRACT.md §4 as typed event maps for socket.io. */
import type { Conversation, ConversationWithMessages, Message, MessageDeletedPush, Order, Report } from './entities';
import type { Subscription, SubscriptionPayment, SubscriptionRequest } from './subscriptions';
import type { ApiResponse } from './errors';

export type Ack<T> = (response: ApiResponse<T>) => void;

export interface ConversationJoinPayload {
  conversation_id: number;
  /**
   * Re-sync in the join itself: the relay's access-check GET asks for the messages after this id, and
   * the acknowledgement carries them (`has_more` when capped). Absent: the conversation without messages.
   */
  after_id?: number;
}
export interface MessageSendPayload {
  conversation_id: number;
  message?: string;
  /** A `POST upload` of the sender (CONTRACT.md §7): the way to attach a photo or a voice note. */
  upload_id?: number;
  client_id: string;
}
/** Forwards POST message/delete/{message_id}; acked with the deleted message. */
export interface MessageDeletePayload {
  message_id: number;
}
export interface TypingPayload {
  conversation_id: number;
  typing: boolean;
}
/** Read and/or delivered receipt: at least one pointer (read implies delivered). */
export interface ConversationReadPayload {
  conversation_id: number;
  last_read_message_id?: number;
  last_delivered_message_id?: number;
}
/** Pushed to the room: the participant's current pointers after a receipt. */
export interface ConversationReadPush {
  conversation_id: number;
  user_id: number;
  last_read_message_id: number;
  last_delivered_message_id: number;
}
export interface OrderCreatePayload {
  store_id: number;
  /** 2-decimal string or number, checked by the API against its own prices. */
  total: string | number;
  items: { product_id: number; quantity: number }[];
  client_id: string;
  /**
   * Required by the API (CONTRACT.md §7: without it order/create answers 422); the relay passes it
   * on as sent. Optional in this type only while older queued payloads may lack it.
   */
  delivery?: { province: number | string; address: string; phone: string; note?: string | null };
}
/** order/update/{id}'s body beside the id (CONTRACT.md §8): status and/or stage, eta; a rejection needs a reason. */
export interface OrderUpdatePayload {
  order_id: number;
  status?: number;
  stage?: 'new' | 'accepted' | 'out_for_delivery';
  eta?: string | null;
  reason?: string | null;
}

export interface ClientToServerEvents {
  /** Acked with the envelope of the forwarded conversation/get/{id} (messages after `after_id`, else none). */
  'conversation:join': (payload: ConversationJoinPayload, ack: Ack<ConversationWithMessages>) => void;
  'conversation:leave': (payload: ConversationJoinPayload, ack: Ack<{ conversation_id: number }>) => void;
  'message:send': (payload: MessageSendPayload, ack: Ack<Message>) => void;
  'message:delete': (payload: MessageDeletePayload, ack: Ack<Message>) => void;
  typing: (payload: TypingPayload, ack?: Ack<null>) => void;
  'conversation:read': (payload: ConversationReadPayload, ack: Ack<Conversation>) => void;
  'order:create': (payload: OrderCreatePayload, ack: Ack<Order>) => void;
  'order:update': (payload: OrderUpdatePayload, ack: Ack<Order>) => void;
}

export interface ServerToClientEvents {
  'message:new': (payload: { message: Message }) => void;
  /** Pushed like `message:new` (conversation room, both participants, admin) after a delete. */
  'message:deleted': (payload: MessageDeletedPush) => void;
  typing: (payload: { conversation_id: number; user_id: number; typing: boolean }) => void;
  'conversation:read': (payload: ConversationReadPush) => void;
  'order:new': (payload: { order: Order }) => void;
  'order:status': (payload: { order: Order }) => void;
  /** A conversation's inbox state changed (resolved / re-opened …): to the store's room and `admin` (§8). */
  'conversation:updated': (payload: { conversation: Conversation }) => void;
  /** A new report for the admin's queue: to `admin` (§8). */
  'report:new': (payload: { report: Report }) => void;
  /**
   * A store account asked to renew its plan (POST subscription/request): to `admin`, so the request is
   * in the admin's list without a reload. Beyond CONTRACT.md §8, which names no event for it.
   */
  'subscription:request': (payload: { request: SubscriptionRequest }) => void;
  /**
   * The admin recorded a payment for a store account (POST subscription/payment): to that account's
   * `user:{id}` room, so its plan, its open request and its receipts show the payment without a
   * reload. Beyond CONTRACT.md §8, like `subscription:request`.
   */
  'subscription:payment': (payload: { payment: SubscriptionPayment; subscription: Subscription | null }) => void;
  /**
   * Sent by the relay to a socket just before it closes it because the account opened more than
   * its cap of sockets (docs/relay.md "Limits"): a newer connection replaced this one. The client
   * must NOT reconnect on its own (the relay disconnects it with socket.io's "io server disconnect").
   */
  [SOCKET_REPLACED]: (payload: { reason: typeof SOCKET_REPLACED; limit: number }) => void;
}

/** Rooms the relay joins (the server chooses them, never the client). */
export const rooms = {
  user: (id: number) => `user:${id}`,
  store: (id: number) => `store:${id}`,
  conversation: (id: number) => `conversation:${id}`,
  admin: 'admin',
} as const;

/** Refusal message of `connect_error` for a bad token. */
export const SOCKET_UNAUTHORIZED = 'unauthorized';

/**
 * `connect_error` message when this address failed too many handshakes (bad or missing tokens) in a
 * short time: the client may retry later, as for `unavailable`.
 */
export const SOCKET_RATE_LIMITED = 'rate_limited';

/**
 * The event (and its `reason`) a socket gets just before the relay closes it because the account
 * has more sockets open than its cap (default 10, on every relay together): the oldest go. A client
 * that hears it stops reconnecting (another tab or device of the account took its place).
 */
export const SOCKET_REPLACED = 'connection:replaced';

/**
 * Sessions the API ended (logout, password change, a disabled account, an expired token), told to
 * every relay at once so their sockets close within a second (docs/relay.md "Ending sessions"): in
 * process for `npm start`, through this Redis pub/sub channel when REDIS_URL is set. The periodic
 * re-check of each socket's token stays as the safety net.
 */
export const SESSION_ENDS_CHANNEL = 'agrivet:session-ends';

export interface SessionEnd {
  user_id: number;
  /** Only the sockets of this token (SHA-256 hex of it, as the API stores it); absent: every one of the user's. */
  token_hash?: string;
  /** Every socket of the user except this token's (a password change keeps the device that made it). */
  except_token_hash?: string;
}

/**
 * Domain events the API publishes after a committed write (CONTRACT.md §8): every relay delivers
 * `event` with `payload` to its own sockets in any of `rooms` (each socket once). In process for
 * `npm start`, on this Redis pub/sub channel when REDIS_URL is set.
 */
export const API_EVENTS_CHANNEL = 'agrivet:events';

/** Server → client events the API originates (typing and the socket cap's notice stay the relay's own). */
export type ApiEventName = Exclude<keyof ServerToClientEvents, 'typing' | typeof SOCKET_REPLACED>;

export type ApiEvent = {
  [K in ApiEventName]: {
    event: K;
    /** Rooms of `rooms` above (`user:1`, `store:2`, `conversation:3`, `admin`). */
    rooms: string[];
    payload: Parameters<ServerToClientEvents[K]>[0];
  };
}[ApiEventName];

/** The relay's room of the sockets authenticated with one token (by its SHA-256 hex). */
export const sessionRoom = (tokenHash: string) => `session:${tokenHash}`;
