import {
  type Order,
  type OrderDelivery,
  type OrderItem,
  type OrderStage,
  type OrderStatus,
  provinceName,
  type Review,
} from '@agrivet/shared';
import type { OrderItemRow, ReviewRow } from '../db/types';
import type { OrderListRow, StoreReviewRow } from '../queries/orders';
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

/** Null for orders placed before delivery details were asked for (migration 009). */
function presentDelivery(row: OrderListRow): OrderDelivery | null {
  if (row.delivery_province === null || row.delivery_address === null || row.delivery_phone === null) return null;
  return {
    province: row.delivery_province,
    province_name: provinceName(row.delivery_province),
    address: row.delivery_address,
    phone: row.delivery_phone,
    note: row.delivery_note,
  };
}

export function presentOrder(row: OrderListRow, itemRows: OrderItemRow[], review?: ReviewRow): Order {
  const total = money(row.total_cents);
  const items = itemRows.map(presentOrderItem);
  return {
    id: row.id,
    user_id: row.user_id,
    store_id: row.store_id,
    total: total.text,
    total_cents: total.cents,
    status: row.status as OrderStatus,
    stage: row.stage as OrderStage,
    eta: row.eta ?? null,
    reason: row.reason ?? null,
    cancelled_by: row.cancelled_by === 'buyer' ? 'buyer' : null,
    conversation_id: row.conversation_id ?? null,
    client_id: row.client_id,
    items,
    products: items,
    user: { id: row.user_id, name: row.buyer_name ?? '', phone: row.buyer_phone ?? '' },
    store: { id: row.store_id, name_store: row.store_name ?? DELETED_STORE_NAME },
    delivery: presentDelivery(row),
    review: review
      ? {
          rating: review.rating,
          comment: review.comment,
          created_at: toIso(review.created_at),
          updated_at: toIso(review.updated_at),
        }
      : null,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

/** A review as store/reviews/{id} lists it: the reviewer's name only. */
export function presentReview(row: StoreReviewRow): Review {
  return {
    id: row.id,
    rating: row.rating,
    comment: row.comment,
    user: { name: row.user_name },
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}
