/**
 * Places a store's cart as an order through the realtime client's `order:create` (CONTRACT.md §4, §7):
 * queued in the outbox while offline and sent with its client_id when the connection returns. The
 * delivery details (province, address, phone, optional note) go with it.
 */
import { type CartItem, formatCents } from '@agrivet/shared';
import { cartTotalCents } from '@/stores/cart';
import { useRealtime } from '@/stores/realtime';

export interface DeliveryInput {
  province: number;
  address: string;
  phone: string;
  note?: string | null;
}

export function placeOrder(storeId: number, items: readonly CartItem[], delivery: DeliveryInput) {
  const note = delivery.note?.trim();
  return useRealtime.getState().write('order:create', {
    store_id: storeId,
    total: formatCents(cartTotalCents(items)),
    items: items.map((i) => ({ product_id: i.product_id, quantity: i.quantity })),
    delivery: {
      province: delivery.province,
      address: delivery.address.trim(),
      phone: delivery.phone.trim(),
      ...(note ? { note } : {}),
    },
  });
}
