/**
 * The database schema as Kysely sees it. Money is integer cents, booleans are 0/1 integers,
 * timestamps are ISO text on SQLite and timestamptz on PostgreSQL (read back as string or Date:
 * presenters normalise them with `toIso`). Write timestamps with `nowIso()` (db/time.ts).
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Read as string (SQLite) or Date (PostgreSQL); written as an ISO string. */
export type Timestamp = ColumnType<string | Date, string, string>;
export type NullableTimestamp = ColumnType<string | Date | null, string | null | undefined, string | null>;

export interface UsersTable {
  id: Generated<number>;
  name: string;
  phone: string;
  password_hash: string;
  address: string | null;
  /** Delivery province (1-12) or null (migration 009). */
  province: ColumnType<number | null, number | null | undefined, number | null>;
  image: string | null;
  /** 0 admin, 1 store account, 2 farmer, 3 nursery. */
  type: number;
  /** 0 active, 1 disabled, 2 trial: for store accounts it follows the subscription (migration 011). */
  status: number;
  /** Store accounts: 'trial' | 'monthly' | 'yearly', or null (none: status as set). */
  sub_plan: ColumnType<string | null, string | null | undefined, string | null>;
  sub_ends_at: NullableTimestamp;
  /** 3 Damascus days after sub_ends_at: expired from then on. */
  sub_grace_ends_at: NullableTimestamp;
  /** 1: the admin set status 1 by hand (the subscription does not lift it). */
  suspended: ColumnType<number, number | undefined, number>;
  blocked_at: NullableTimestamp;
  blocked_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** normalizeArabic(name + phone), for user/getAll?q. */
  search_text: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AuthTokensTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 (hex) of the opaque token; the token itself is never stored. */
  token_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface PasswordResetRequestsTable {
  id: Generated<number>;
  phone: string;
  user_id: number | null;
  created_at: Timestamp;
  resolved_at: NullableTimestamp;
}

export interface StoresTable {
  id: Generated<number>;
  user_id: number;
  /** Province id (1-12). */
  city: number;
  address: string;
  name_store: string;
  image: string | null;
  /** 0 pharmacy, 1 veterinary, 3 nursery. */
  type: number;
  /** normalizeArabic(name_store + address + province name), for search. */
  search_text: string;
  /** 0/1, set by the admin (migration 009). */
  verified: ColumnType<number, number | undefined, number>;
  /** Review aggregate, kept with every review write (services/orders-rating.ts). */
  rating_sum: ColumnType<number, number | undefined, number>;
  rating_count: ColumnType<number, number | undefined, number>;
  /** The average × 10, rounded (45 = 4.5); 0 while unrated, so it sorts last. */
  rating_tenths: ColumnType<number, number | undefined, number>;
  /** Opening hours as JSON text (shared StoreHoursEntry[]), null = always open (migration 012). */
  hours: ColumnType<string | null, string | null | undefined, string | null>;
  away_message: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Chat activity of a store, apart from `stores` so its version does not move with the chat (migration 012). */
export interface StoreActivityTable {
  store_id: number;
  last_active_at: NullableTimestamp;
  /** Cached median of reply_times over the last 30 days (null under 5 answered conversations). */
  reply_minutes: ColumnType<number | null, number | null | undefined, number | null>;
}

/** One answered wait: seconds from the customer's first unanswered message to the store's reply (migration 012). */
export interface ReplyTimesTable {
  id: Generated<number>;
  store_id: number;
  conversation_id: number;
  seconds: number;
  replied_at: Timestamp;
}

/** A store's saved reply (migration 012). */
export interface QuickRepliesTable {
  id: Generated<number>;
  store_id: number;
  shortcut: string;
  text: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PostsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  description: string;
  image: string | null;
  is_special: number;
  search_text: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProductsTable {
  id: Generated<number>;
  store_id: number;
  name: string;
  description: string | null;
  /** 0 medical, 1 summer seeds, 2 winter seeds, 3 fertilizers. */
  type: number;
  price_cents: number;
  is_special: number;
  image: string | null;
  search_text: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ConversationsTable {
  id: Generated<number>;
  /** The user who started it (usually a farmer). */
  sender_id: number;
  /** The store's owner. */
  receiver_id: number;
  store_id: number;
  sender_last_read_id: ColumnType<number, number | undefined, number>;
  receiver_last_read_id: ColumnType<number, number | undefined, number>;
  /** Highest message id that reached each side (>= its read pointer: read implies delivered). */
  sender_last_delivered_id: ColumnType<number, number | undefined, number>;
  receiver_last_delivered_id: ColumnType<number, number | undefined, number>;
  last_message_id: number | null;
  /** 1: that side blocked the other in this conversation (conversation/block, migration 011). */
  blocked_by_sender: ColumnType<number, number | undefined, number>;
  blocked_by_receiver: ColumnType<number, number | undefined, number>;
  /** 0/1: the store marked it resolved; a new customer message re-opens it (migration 012). */
  resolved: ColumnType<number, number | undefined, number>;
  /** The customer's oldest unanswered message time, null when nobody waits (migration 012). */
  waiting_since: NullableTimestamp;
  /** The last automatic away reply (one per 12 h). */
  away_sent_at: NullableTimestamp;
  /** normalizeArabic(customer name + phone), for the inbox search. */
  customer_search: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MessagesTable {
  id: Generated<number>;
  conversation_id: number;
  user_id: number;
  message: string | null;
  image: string | null;
  client_id: string | null;
  created_at: Timestamp;
  /** The attachment's JSON, unsigned paths (media/attachments.ts); null when none or deleted (migration 007). */
  attachment: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set when the message was deleted: text, image and attachment are then null (migration 007). */
  deleted_at: NullableTimestamp;
  /** The card's JSON (shared MessageCard), null for none (migration 012). */
  card: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 for the store's automatic away reply. */
  auto: ColumnType<number, number | undefined, number>;
  /** normalizeArabic(message), for the inbox search. */
  search_text: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A stored image or voice note waiting for (or used by) one message of its uploader (migration 007). */
export interface UploadsTable {
  id: Generated<number>;
  user_id: number;
  /** 'image' | 'audio' */
  kind: string;
  /** Relative to STORAGE_DIR, unsigned: messages/ab.webp, voice/ab.mp3. */
  path: string;
  thumb: string | null;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  created_at: Timestamp;
  /** The message using it; null while unused, or once that message is gone (used_at then set). */
  message_id: ColumnType<number | null, number | null | undefined, number | null>;
  used_at: NullableTimestamp;
}

/** A browser's Web Push subscription (migration 007). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  /** The session that subscribed: a revoked (or deleted) session gets no pushes. */
  token_id: number | null;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Subscribed or delivered to (migration 013): the least recently used goes past 10 per account. */
  last_used_at: NullableTimestamp;
  /** Sends that failed in a row (migration 013). */
  failures: Generated<number>;
  /** Nothing is sent before this time (back-off after failures, migration 013). */
  retry_at: NullableTimestamp;
}

/** Server secrets shared by every API instance (migration 007): key → value. */
export interface SettingsTable {
  key: string;
  value: string;
}

export interface OrdersTable {
  id: Generated<number>;
  user_id: number;
  /** No foreign key: an order outlives a deleted store. */
  store_id: number;
  total_cents: number;
  /** 0 in progress, 1 completed, 2 rejected. */
  status: number;
  client_id: string | null;
  /** Where it goes (migration 009): null on orders placed before delivery details were asked for. */
  delivery_province: ColumnType<number | null, number | null | undefined, number | null>;
  delivery_address: ColumnType<string | null, string | null | undefined, string | null>;
  delivery_phone: ColumnType<string | null, string | null | undefined, string | null>;
  delivery_note: ColumnType<string | null, string | null | undefined, string | null>;
  /** 'new' | 'accepted' | 'out_for_delivery' (migration 012). */
  stage: ColumnType<string, string | undefined, string>;
  eta: ColumnType<string | null, string | null | undefined, string | null>;
  reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** 'buyer' or null. */
  cancelled_by: ColumnType<string | null, string | null | undefined, string | null>;
  conversation_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One buyer's rating of one completed order (migration 009). */
export interface ReviewsTable {
  id: Generated<number>;
  order_id: number;
  store_id: number;
  user_id: number;
  /** 1-5 */
  rating: number;
  comment: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  /** Null-able: the product may be deleted later; name and price are kept. */
  product_id: number | null;
  name: string;
  price_cents: number;
  quantity: number;
}

/** Per counted table (migration 005): exact row count and a version that moves on every change. */
export interface TableStatsTable {
  table_name: string;
  /** bigint: a string on PostgreSQL. */
  row_count: number | string;
  version: number | string;
}

export interface Database {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  password_reset_requests: PasswordResetRequestsTable;
  stores: StoresTable;
  posts: PostsTable;
  products: ProductsTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  reviews: ReviewsTable;
  table_stats: TableStatsTable;
  uploads: UploadsTable;
  push_subscriptions: PushSubscriptionsTable;
  settings: SettingsTable;
  subscription_requests: SubscriptionRequestsTable;
  subscription_payments: SubscriptionPaymentsTable;
  subscription_reminders: SubscriptionRemindersTable;
  reports: ReportsTable;
  admin_audit: AdminAuditTable;
  store_activity: StoreActivityTable;
  reply_times: ReplyTimesTable;
  quick_replies: QuickRepliesTable;
}

/** Subscriptions and oversight (migration 011). */
export interface SubscriptionRequestsTable {
  id: Generated<number>;
  user_id: number;
  plan: string;
  method: string;
  reference: string | null;
  /** 'open' | 'closed'; one open per user (partial unique index). */
  state: ColumnType<string, string | undefined, string>;
  payment_id: number | null;
  created_at: Timestamp;
  closed_at: NullableTimestamp;
}

export interface SubscriptionPaymentsTable {
  id: Generated<number>;
  user_id: number;
  plan: string;
  method: string;
  amount_cents: number;
  reference: string | null;
  request_id: number | null;
  period_start: Timestamp;
  period_end: Timestamp;
  recorded_by: number;
  created_at: Timestamp;
}

export interface SubscriptionRemindersTable {
  user_id: number;
  ends_at: string;
  days: number;
  sent_at: Timestamp;
}

export interface ReportsTable {
  id: Generated<number>;
  reporter_id: number;
  reported_user_id: number;
  conversation_id: number;
  message_id: number | null;
  reason: string;
  note: string | null;
  state: ColumnType<string, string | undefined, string>;
  action: string | null;
  resolved_by: number | null;
  resolved_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface AdminAuditTable {
  id: Generated<number>;
  actor_id: number;
  action: string;
  target_type: string;
  target_id: number;
  /** JSON text or null. */
  detail: string | null;
  created_at: Timestamp;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type StoreRow = Selectable<StoresTable>;
export type PostRow = Selectable<PostsTable>;
export type ProductRow = Selectable<ProductsTable>;
export type ConversationRow = Selectable<ConversationsTable>;
export type MessageRow = Selectable<MessagesTable>;
export type UploadRow = Selectable<UploadsTable>;
export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type ReviewRow = Selectable<ReviewsTable>;
