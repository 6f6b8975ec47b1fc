/** The socket contract of CONTRACT.md §4 as typed event maps for socket.io. */
import type { ApiResponse, Message, Order } from './entities';

export type Ack<T> = (response: ApiResponse<T>) => void;

export interface ConversationJoinPayload {
  conversation_id: number;
}
export interface MessageSendPayload {
  conversation_id: number;
  message?: string;
  /** Image bytes (the relay forwards them as a multipart file). */
  image?: ArrayBuffer | Uint8Array | Buffer;
  /** Optional MIME type / file name of the image. */
  image_type?: string;
  client_id: string;
}
export interface TypingPayload {
  conversation_id: number;
  typing: boolean;
}
export interface ConversationReadPayload {
  conversation_id: number;
  last_read_message_id: number;
}
export interface OrderCreatePayload {
  store_id: number;
  /** 2-decimal string or number, checked by the API against its own prices. */
  total: string | number;
  items: { product_id: number; quantity: number }[];
  client_id: string;
}
export interface OrderUpdatePayload {
  order_id: number;
  status: number;
}

export interface ClientToServerEvents {
  'conversation:join': (payload: ConversationJoinPayload, ack: Ack<{ conversation_id: number }>) => void;
  'conversation:leave': (payload: ConversationJoinPayload, ack: Ack<{ conversation_id: number }>) => void;
  'message:send': (payload: MessageSendPayload, ack: Ack<Message>) => void;
  typing: (payload: TypingPayload, ack?: Ack<null>) => void;
  'conversation:read': (payload: ConversationReadPayload, ack: Ack<unknown>) => void;
  'order:create': (payload: OrderCreatePayload, ack: Ack<Order>) => void;
  'order:update': (payload: OrderUpdatePayload, ack: Ack<Order>) => void;
}

export interface ServerToClientEvents {
  'message:new': (payload: { message: Message }) => void;
  typing: (payload: { conversation_id: number; user_id: number; typing: boolean }) => void;
  'conversation:read': (payload: { conversation_id: number; user_id: number; last_read_message_id: number }) => void;
  'order:new': (payload: { order: Order }) => void;
  'order:status': (payload: { order: Order }) => void;
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
