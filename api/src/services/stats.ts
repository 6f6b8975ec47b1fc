/**
 * Dashboard figures (shared StoreStats / AdminStats): a few grouped counts each, days bucketed in
 * UTC over the last 30 days (oldest first, days without rows reported as 0).
 */
import {
  type AdminStats,
  ORDER_STATUSES,
  type OrderStatus,
  PROVINCES,
  type StoreStats,
  USER_TYPES,
  type UserType,
} from '@agrivet/shared';
import { type ExpressionBuilder, type Kysely, type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../db/create-db';
import { toCount } from '../db/time';
import type { Database } from '../db/types';
import { replyStats } from './inbox';

export const STATS_DAYS = 30;

/** The last STATS_DAYS UTC dates (YYYY-MM-DD), oldest first, ending today. */
export function lastDays(now = new Date(), days = STATS_DAYS): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** The UTC date of a timestamp column as YYYY-MM-DD, on either dialect. */
function dayOf(dialect: Dialect, column: string): RawBuilder<string> {
  return dialect === 'postgres'
    ? sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`
    : sql<string>`substr(${sql.ref(column)}, 1, 10)`;
}

function zeroCounts<K extends number>(keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
}

/** Any message not written by `userId` above the conversation's `marker` pointer. */
function peerMessageAbove(
  eb: ExpressionBuilder<Database, 'conversations'>,
  marker: 'sender_last_read_id' | 'receiver_last_read_id',
  userId: number,
) {
  return eb
    .selectFrom('messages as peer')
    .select(sql<number>`1`.as('one'))
    .whereRef('peer.conversation_id', '=', 'conversations.id')
    .whereRef('peer.id', '>', `conversations.${marker}`)
    .where('peer.user_id', '<>', userId);
}

export async function storeStats(
  db: Kysely<Database>,
  dialect: Dialect,
  owner: { userId: number; storeId: number | null },
  now = new Date(),
): Promise<StoreStats> {
  const days = lastDays(now);
  const storeId = owner.storeId ?? 0;
  const [byStatus, perDay, products, unread, replies] = await Promise.all([
    db
      .selectFrom('orders')
      .select((eb) => ['status', eb.fn.countAll().as('n')])
      .where('store_id', '=', storeId)
      .groupBy('status')
      .execute(),
    db
      .selectFrom('orders')
      .select((eb) => [
        dayOf(dialect, 'created_at').as('day'),
        eb.fn.countAll().as('n'),
        eb.fn.sum<number | string>('total_cents').as('cents'),
      ])
      .where('store_id', '=', storeId)
      .where('created_at', '>=', `${days[0]}T00:00:00.000Z`)
      .groupBy(dayOf(dialect, 'created_at'))
      .execute(),
    db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('store_id', '=', storeId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('conversations')
      .select((eb) => eb.fn.countAll().as('n'))
      // A message of the other participant above the owner's read marker (their own may lie above
      // it: message/create moves the author's marker over the author's own messages only).
      .where((eb) =>
        eb.or([
          eb.and([
            eb('receiver_id', '=', owner.userId),
            eb('last_message_id', '>', eb.ref('receiver_last_read_id')),
            eb.exists(peerMessageAbove(eb, 'receiver_last_read_id', owner.userId)),
          ]),
          eb.and([
            eb('sender_id', '=', owner.userId),
            eb('last_message_id', '>', eb.ref('sender_last_read_id')),
            eb.exists(peerMessageAbove(eb, 'sender_last_read_id', owner.userId)),
          ]),
        ]),
      )
      .executeTakeFirstOrThrow(),
    owner.storeId === null
      ? Promise.resolve({ median_first_reply_minutes: null, waiting_now: 0, longest_wait_minutes: null })
      : replyStats(db, owner.storeId, now),
  ]);

  const ordersByStatus = zeroCounts<OrderStatus>(ORDER_STATUSES);
  for (const r of byStatus) ordersByStatus[r.status as OrderStatus] = toCount(r.n as number);
  const dayRows = new Map(perDay.map((r) => [r.day, r]));
  return {
    orders_by_status: ordersByStatus,
    orders_per_day: days.map((date) => {
      const r = dayRows.get(date);
      return { date, count: toCount(r?.n as number), total_cents: toCount(r?.cents) };
    }),
    products_count: toCount(products.n as number),
    unread_conversations: toCount(unread.n as number),
    replies,
  };
}

export async function adminStats(db: Kysely<Database>, dialect: Dialect, now = new Date()): Promise<AdminStats> {
  const days = lastDays(now);
  const [byType, byProvince, perDay, orders, replies] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => ['type', eb.fn.countAll().as('n')])
      .groupBy('type')
      .execute(),
    db
      .selectFrom('stores')
      .select((eb) => ['city', eb.fn.countAll().as('n')])
      .groupBy('city')
      .execute(),
    db
      .selectFrom('messages')
      .select((eb) => [dayOf(dialect, 'created_at').as('day'), eb.fn.countAll().as('n')])
      .where('created_at', '>=', `${days[0]}T00:00:00.000Z`)
      .groupBy(dayOf(dialect, 'created_at'))
      .execute(),
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
    replyStats(db, null, now),
  ]);

  const usersByType = zeroCounts<UserType>(USER_TYPES);
  for (const r of byType) usersByType[r.type as UserType] = toCount(r.n as number);
  const storesPerCity = new Map(byProvince.map((r) => [r.city, toCount(r.n as number)]));
  const messagesPerDay = new Map(perDay.map((r) => [r.day, toCount(r.n as number)]));
  return {
    users_by_type: usersByType,
    stores_by_province: PROVINCES.map((p) => ({ city: p.id, city_name: p.name, count: storesPerCity.get(p.id) ?? 0 })),
    messages_per_day: days.map((date) => ({ date, count: messagesPerDay.get(date) ?? 0 })),
    orders_count: toCount(orders.n as number),
    replies,
  };
}
