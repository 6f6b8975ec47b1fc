/**
 * Orders with their buyer, store (the store may be gone: orders outlive it) and delivery details,
 * and the items and reviews of a set of orders in one query each (lists never load per order).
 */
import type { Order } from '@agrivet/shared';
import type { Kysely } from 'kysely';
import type { Database, OrderItemRow, ReviewRow } from '../db/types';
import { presentOrder } from '../presenters/order';

export function selectOrders(db: Kysely<Database>) {
  return db
    .selectFrom('orders')
    .leftJoin('users as buyer', 'buyer.id', 'orders.user_id')
    .leftJoin('stores', 'stores.id', 'orders.store_id')
    .select([
      'orders.id',
      'orders.user_id',
      'orders.store_id',
      'orders.total_cents',
      'orders.status',
      'orders.client_id',
      'orders.delivery_province',
      'orders.delivery_address',
      'orders.delivery_phone',
      'orders.delivery_note',
      'orders.stage',
      'orders.eta',
      'orders.reason',
      'orders.cancelled_by',
      'orders.conversation_id',
      'orders.created_at',
      'orders.updated_at',
      'buyer.name as buyer_name',
      'buyer.phone as buyer_phone',
      'stores.name_store as store_name',
      'stores.user_id as store_owner_id',
    ]);
}

export type OrderListRow = Awaited<ReturnType<ReturnType<typeof selectOrders>['executeTakeFirstOrThrow']>>;

/** Items of these orders, grouped by order id (each group in insertion order). */
export async function itemsByOrder(db: Kysely<Database>, orderIds: number[]): Promise<Map<number, OrderItemRow[]>> {
  const groups = new Map<number, OrderItemRow[]>();
  if (orderIds.length === 0) return groups;
  const rows = await db
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = groups.get(row.order_id) ?? [];
    list.push(row);
    groups.set(row.order_id, list);
  }
  return groups;
}

/** The buyers' reviews of these orders, by order id (an order has at most one). */
export async function reviewsByOrder(db: Kysely<Database>, orderIds: number[]): Promise<Map<number, ReviewRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.selectFrom('reviews').selectAll().where('order_id', 'in', orderIds).execute();
  return new Map(rows.map((r) => [r.order_id, r]));
}

/** Orders as the API answers them, with their items and reviews (two queries for the whole set). */
export async function presentOrderRows(db: Kysely<Database>, rows: OrderListRow[]): Promise<Order[]> {
  const ids = rows.map((r) => r.id);
  const [items, reviews] = await Promise.all([itemsByOrder(db, ids), reviewsByOrder(db, ids)]);
  return rows.map((r) => presentOrder(r, items.get(r.id) ?? [], reviews.get(r.id)));
}

/** A store's reviews with the reviewer's name, newest first (store/reviews/{id}). */
export function selectStoreReviews(db: Kysely<Database>, storeId: number) {
  return db
    .selectFrom('reviews')
    .innerJoin('users', 'users.id', 'reviews.user_id')
    .select([
      'reviews.id',
      'reviews.rating',
      'reviews.comment',
      'reviews.created_at',
      'reviews.updated_at',
      'users.name as user_name',
    ])
    .where('reviews.store_id', '=', storeId)
    .orderBy('reviews.id', 'desc');
}

export type StoreReviewRow = Awaited<ReturnType<ReturnType<typeof selectStoreReviews>['executeTakeFirstOrThrow']>>;
