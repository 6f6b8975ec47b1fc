/**
 * Places the cart as an order through the realtime client's `order:create` (CONTRACT.md §4): queued in
 * the outbox while offline and sent with its client_id when the connection returns.
 */
import { type CartItem, formatCents } from '@agrivet/shared';
import { cartTotalCents } from '../../../stores/cart';
import { useRealtime } from '../../../stores/realtime';

export function placeOrder(storeId: number, items: readonly CartItem[]) {
  return useRealtime.getState().write('order:create', {
    store_id: storeId,
    total: formatCents(cartTotalCents(items)),
    items: items.map((i) => ({ product_id: i.product_id, quantity: i.quantity })),
  });
}
