/**
 * Orders with their buyer and store (the store may be gone: orders outlive it), and the items of a
 * set of orders in one query (lists never load items per order).
 */
import type { Kysely } from 'kysely';
import type { Database, OrderItemRow } from '../db/types';

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
