/**
 * The JSON shapes the REST API returns (CONTRACT.md §3) — the API's presenters produce exactly
 * these, the client and relay consume them. Dates are ISO-8601 strings, money is a 2-decimal
 * string (`price`, `total`) beside its integer cents (`price_cents`, `total_cents`), booleans are
 * real booleans, image fields are paths relative to /storage/ or null. The envelopes around them
 * (ApiSuccess, ApiFailure) are in errors.ts, beside the codes.
 */
import type { OrderStatus, ProductType, StoreType, UserStatus, UserType } from './enums';
import type { Subscription } from './subscriptions';
import type { MessageCard, OrderCancelledBy, OrderStage, ReplyStats, StoreHoursEntry } from './inbox';

export type Lang = 'ar' | 'en';

/** Laravel's paged list shape. */
export interface Paged<T> {
  current_page: number;
  data: T[];
  last_page: number;
  per_page: number;
  total: number;
}
export const DEFAULT_PER_PAGE = 12;
export const MAX_PER_PAGE = 50;

export interface UserRef {
  id: number;
  name: string;
  image: string | null;
}

export interface StoreRef {
  id: number;
  name_store: string;
  type: StoreType;
  city: number;
  image: string | null;
}

export interface User {
  id: number;
  name: string;
  phone: string;
  address: string | null;
  /** The user's province (1-12) for deliveries, or null; the client pre-fills checkout with it. */
  province: number | null;
  image: string | null;
  type: UserType;
  status: UserStatus;
  has_store: boolean;
  store: StoreRef | null;
  /** Open /forget-password requests (admin user list only; 0 elsewhere). */
  password_reset_requests?: number;
  /** Store accounts: the plan, its end and state (CONTRACT.md §8); null for other accounts. */
  subscription?: Subscription | null;
  /** Blocked by the admin (user/block): cannot sign in. */
  blocked?: boolean;
  /** The admin's reason (admin user list only). */
  blocked_reason?: string | null;
  created_at: string;
}

export interface Store {
  id: number;
  user_id: number;
  /** Province id. */
  city: number;
  /** Arabic province name, for display. */
  city_name: string;
  address: string;
  name_store: string;
  image: string | null;
  type: StoreType;
  products_count: number;
  /** Whether the signed-in caller already has a conversation with this store. */
  has_conversation_with_me: boolean;
  conversation_id: number | null;
  /** phone and status only for the store's owner and the admin (never for visitors or other users). */
  owner: { id: number; name: string; phone?: string; status?: UserStatus };
  /** False while the owner's account is disabled (status 1): the store takes no new orders. */
  available: boolean;
  /** Average of its reviews, one decimal (4.5), or null before the first review. */
  rating_avg: number | null;
  rating_count: number;
  /** Marked by the admin (store/update `{verified}`). */
  verified: boolean;
  /** Opening hours (CONTRACT.md §8), Asia/Damascus; empty = always open. */
  hours: StoreHoursEntry[];
  /** Sent as an automatic reply to a customer who writes while the store is closed (≤ 500), or null. */
  away_message: string | null;
  open_now: boolean;
  /** Median minutes to the store's reply over the last 30 days; null under 5 answered conversations. */
  reply_minutes: number | null;
  /** When the store's account last wrote in a chat, or null. */
  last_active_at: string | null;
  created_at: string;
}

/** GET store/reviews/{id}: one buyer's rating of a completed order (CONTRACT.md §7). */
export interface Review {
  id: number;
  /** 1-5 */
  rating: number;
  comment: string | null;
  /** The buyer's name only (no id, no phone). */
  user: { name: string };
  created_at: string;
  /** Moves when the buyer edits the review. */
  updated_at: string;
}

export interface Post {
  id: number;
  user_id: number;
  title: string;
  description: string;
  image: string | null;
  is_special: boolean;
  author: { id: number; name: string };
  created_at: string;
  updated_at: string;
}

export interface Product {
  id: number;
  store_id: number;
  name: string;
  description: string | null;
  type: ProductType;
  /** "12.50" */
  price: string;
  price_cents: number;
  is_special: boolean;
  image: string | null;
  store: { id: number; name_store: string };
  created_at: string;
  updated_at: string;
}

export interface Message {
  id: number;
  conversation_id: number;
  user_id: number;
  /** Null for an attachment without text, and once deleted. */
  message: string | null;
  /** An image attachment's `path` (as before attachments existed); null otherwise and once deleted. */
  image: string | null;
  /** The photo or voice note (CONTRACT.md §7); null when none and once deleted. */
  attachment: Attachment | null;
  /** Deleted by its author (within 15 minutes) or the admin: text and attachment are gone. */
  deleted: boolean;
  client_id: string | null;
  /** A product or order card (CONTRACT.md §8), or null. */
  card: MessageCard | null;
  /** The store's automatic away reply, sent by the server. */
  auto: boolean;
  created_at: string;
}

export type AttachmentKind = 'image' | 'audio';

/**
 * A chat attachment (CONTRACT.md §7). `path` and `thumb` are relative to /storage/ like every
 * image field, but chat media are private: each carries a signature valid for about a day
 * (`voice/ab.mp3?exp=…&sig=…`). Use them exactly as given (`storageUrl(path)`), never rebuild
 * them, and fetch the message again for fresh ones. Images: WebP ≤ 1600 px with a ≤ 320 px
 * `thumb`, `width`/`height` of the stored image. Voice notes: MP3 (mono), `duration_ms`.
 */
export interface Attachment {
  kind: AttachmentKind;
  path: string;
  thumb?: string;
  width?: number;
  height?: number;
  duration_ms?: number;
}

/** POST upload: the stored file, to be referenced once by message/create `{upload_id}` within 24 h. */
export interface Upload extends Attachment {
  upload_id: number;
}

/** GET push/key: the VAPID application server key (base64url), for `pushManager.subscribe`. */
export interface PushKey {
  public_key: string;
}

/** POST push/subscribe: a browser's `PushSubscription.toJSON()` (expirationTime is ignored). */
export interface PushSubscriptionBody {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export type PushType = 'message' | 'order:new' | 'order:status' | 'subscription';

/**
 * The decrypted payload of a Web Push (CONTRACT.md §7), in Arabic. `url`: the client route to open on
 * click; `tag`: notifications with the same tag replace each other (one per conversation / order).
 */
export interface PushPayload {
  type: PushType;
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** Pushed by the relay like `message:new` once message/delete/{id} succeeded. */
export interface MessageDeletedPush {
  conversation_id: number;
  message_id: number;
}

export interface Conversation {
  id: number;
  /** The farmer (or any user) who started it. */
  sender: UserRef;
  /** The store owner. */
  receiver: UserRef;
  store_id: number;
  store: { id: number; name_store: string; image: string | null };
  last_message: Message | null;
  /** Unread messages for the caller (0 for the admin). */
  unread_count: number;
  /** The highest message id each participant has read. */
  sender_last_read_id: number;
  receiver_last_read_id: number;
  /** The highest message id that reached each participant (read implies delivered). */
  sender_last_delivered_id: number;
  receiver_last_delivered_id: number;
  created_at: string;
  updated_at: string;
}

/** GET conversation/get/{id}: the conversation with its messages, oldest first. */
export interface ConversationWithMessages extends Conversation {
  messages: Message[];
  /** True when older messages exist before the first one returned (page with `before_id`). */
  has_more: boolean;
  /**
   * Only with `after_id` (a re-sync): ids of messages at or before it that were deleted since it was
   * written — the client shows them deleted as if `message:deleted` had come (it could not hear it).
   */
  deleted_ids?: number[];
}

export interface OrderItem {
  product_id: number;
  /** Name and price at the time of ordering. */
  name: string;
  quantity: number;
  price: string;
  price_cents: number;
}

/** Where and to whom an order is delivered (CONTRACT.md §7). */
export interface OrderDelivery {
  /** Province id (1-12). */
  province: number;
  /** Arabic province name, for display. */
  province_name: string;
  address: string;
  phone: string;
  note: string | null;
}

export interface Order {
  id: number;
  user_id: number;
  store_id: number;
  /** "25.00" */
  total: string;
  total_cents: number;
  status: OrderStatus;
  /** Meaningful while status is 0 (CONTRACT.md §8); only moves forward. */
  stage: OrderStage;
  /** The store's delivery estimate (YYYY-MM-DD), or null. */
  eta: string | null;
  /** Why it was rejected or cancelled, or null. */
  reason: string | null;
  cancelled_by: OrderCancelledBy | null;
  /** The buyer's conversation with the store (its cards live there). */
  conversation_id: number | null;
  client_id: string | null;
  items: OrderItem[];
  /** Same as items (SPEC.md's name). */
  products: OrderItem[];
  user: { id: number; name: string; phone: string };
  store: { id: number; name_store: string };
  /** Null only for orders placed before delivery details were asked for. */
  delivery: OrderDelivery | null;
  /** The buyer's rating of this order (order/rate/{id}), or null. */
  review: { rating: number; comment: string | null; created_at: string; updated_at: string } | null;
  created_at: string;
  updated_at: string;
}

export interface AuthPayload {
  token: string;
  user: User;
}

export interface SearchResult {
  stores: Paged<Store>;
  products: Paged<Product>;
  posts: Paged<Post>;
}

export interface PasswordResetRequest {
  id: number;
  user_id: number | null;
  phone: string;
  user_name: string | null;
  created_at: string;
}

export interface StoreStats {
  orders_by_status: Record<OrderStatus, number>;
  /** Last 30 days, oldest first: date as YYYY-MM-DD. */
  orders_per_day: { date: string; count: number; total_cents: number }[];
  products_count: number;
  unread_conversations: number;
  /** Reply time and waiting customers (CONTRACT.md §8). */
  replies: ReplyStats;
}

export interface AdminStats {
  users_by_type: Record<UserType, number>;
  stores_by_province: { city: number; city_name: string; count: number }[];
  /** Last 30 days, oldest first. */
  messages_per_day: { date: string; count: number }[];
  orders_count: number;
  /** Reply time and waiting customers across every store. */
  replies: ReplyStats;
}

/** Cart line kept in local storage. */
export interface CartItem {
  product_id: number;
  quantity: number;
  name: string;
  /** Price in cents at the time it was added (the server re-prices). */
  price_cents: number;
}

/**
 * Thumbnail path stored beside an image: products/ab.webp → products/ab.thumb.webp. A signed chat
 * image keeps its signature (it covers the thumbnail too): messages/ab.webp?exp=1&sig=x →
 * messages/ab.thumb.webp?exp=1&sig=x.
 */
export const thumbPath = (image: string): string => image.replace(/\.webp(?=\?|$)/, '.thumb.webp');

/** A report of a message or a conversation (CONTRACT.md §8 "Admin oversight"). */
export interface Report {
  id: number;
  reporter_id: number;
  conversation_id: number;
  message_id: number | null;
  reason: 'spam' | 'abuse' | 'fraud' | 'other';
  note: string | null;
  state: 'open' | 'closed';
  created_at: string;
  /** Who reported, and whom (the reported message's author, or the other side of the conversation). */
  reporter?: { id: number; name: string; phone: string };
  reported_user?: { id: number; name: string; phone: string; type: number; blocked: boolean };
  /** The reported message, or null for a report of the whole conversation. */
  message?: ReportMessage | null;
  /** A few messages around the reported one (or the conversation's last ones), oldest first. */
  context?: ReportMessage[];
  /** How the admin closed it. */
  action?: 'dismiss' | 'delete_message' | 'block_user' | null;
  resolved_at?: string | null;
}

/** A message as the report queue shows it (text only; attachments named by kind). */
export interface ReportMessage {
  id: number;
  user_id: number;
  message: string | null;
  attachment_kind: 'image' | 'audio' | null;
  /** A product's or an order's card (CONTRACT.md §8), or null; null once deleted. */
  card: MessageCard | null;
  deleted: boolean;
  created_at: string;
}
