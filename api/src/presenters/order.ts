import type { Order, OrderItem, OrderStatus } from '@agrivet/shared';
import type { OrderItemRow } from '../db/types';
import type { OrderListRow } from '../queries/orders';
import { money, toIso } from './common';

/** Shown when the store was deleted after the order (orders outlive their store). */
const DELETED_STORE_NAME = 'متجر محذوف';

export function presentOrderItem(row: OrderItemRow): OrderItem {
  const price = money(row.price_cents);
  return {
    product_id: row.product_id ?? 0,
    name: row.name,
    quantity: row.quantity,
    price: price.text,
    price_cents: price.cents,
  };
}

export function presentOrder(row: OrderListRow, itemRows: OrderItemRow[]): Order {
  const total = money(row.total_cents);
  const items = itemRows.map(presentOrderItem);
  return {
    id: row.id,
    user_id: row.user_id,
    store_id: row.store_id,
    total: total.text,
    total_cents: total.cents,
    status: row.status as OrderStatus,
    client_id: row.client_id,
    items,
    products: items,
    user: { id: row.user_id, name: row.buyer_name ?? '', phone: row.buyer_phone ?? '' },
    store: { id: row.store_id, name_store: row.store_name ?? DELETED_STORE_NAME },
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}
