/**
 * The cart's order from placement to acknowledgement (SPEC.md §4, CONTRACT.md §4). Placing queues
 * `order:create` in the outbox and locks the cart with the write's client_id (stores/cart.ts), so the
 * same cart cannot be ordered twice — also after navigating away or reloading. This tab settles the
 * order from the write's result; after a reload (the result promise is gone) `reconcilePendingOrder`
 * watches the outbox: once the connection is online and the client_id has left the outbox, the order
 * list tells whether it was stored (client_id) — then the cart is emptied — or refused.
 */
import type { CartItem } from '@agrivet/shared';
import { notify } from '../../../components/ui/toaster';
import { i18n } from '../../../i18n';
import { useCart } from '../../../stores/cart';
import { useRealtime } from '../../../stores/realtime';
import { getRecentOrders } from '../api/get-recent-orders';
import { placeOrder } from '../api/place-order';

/** Orders whose result promise this tab holds (settled by `placeCartOrder` itself). */
const tracked = new Set<string>();
let checking: string | null = null;

/** Places the cart's order unless one is already pending; returns its client_id (null when locked). */
export function placeCartOrder(storeId: number, items: readonly CartItem[]): string | null {
  const cart = useCart.getState();
  if (cart.pending || items.length === 0) return null;
  const { client_id, result } = placeOrder(storeId, items);
  tracked.add(client_id);
  cart.markPending(client_id);
  result
    .then(() => {
      useCart.getState().settle(client_id, 'sent');
      notify.success(i18n.t('cart.added'));
    })
    .catch((err: unknown) => {
      useCart.getState().settle(client_id, 'failed');
      notify.error(err, i18n.t('errors.requestFailed'));
    })
    .finally(() => tracked.delete(client_id));
  return client_id;
}

/** After a reload: settle a pending order this tab did not place, from the outbox and the order list. */
export async function reconcilePendingOrder(): Promise<void> {
  const { pending, store_id } = useCart.getState();
  if (!pending || tracked.has(pending.client_id) || checking === pending.client_id) return;
  const { status, outbox } = useRealtime.getState();
  // Only an online connection has loaded its saved outbox and had the chance to send it.
  if (status !== 'online') return;
  // 'local-…': placed before the connection code had loaded; the outbox knows its real client_id.
  const local = pending.client_id.startsWith('local-');
  const entry = outbox.find(
    (e) =>
      e.event === 'order:create' && (e.client_id === pending.client_id || (local && e.payload.store_id === store_id)),
  );
  if (entry) {
    if (entry.client_id !== pending.client_id) useCart.getState().markPending(entry.client_id);
    return; // still queued or in flight: wait for the outbox to change
  }
  checking = pending.client_id;
  try {
    const orders = await getRecentOrders();
    const stored = orders.some(
      (o) =>
        o.client_id === pending.client_id ||
        (local && o.store_id === store_id && Date.parse(o.created_at) >= pending.placed_at - 60_000),
    );
    useCart.getState().settle(pending.client_id, stored ? 'sent' : 'failed');
    if (stored) notify.success(i18n.t('cart.added'));
    else notify.error(null, i18n.t('errors.requestFailed'));
  } catch {
    // Offline again or the API is down: the next change of the connection or the outbox retries.
  } finally {
    checking = null;
  }
}

/** Runs `reconcilePendingOrder` whenever the connection, the outbox or the pending order changes. */
export function watchPendingOrder(): () => void {
  const run = () => void reconcilePendingOrder();
  const offRealtime = useRealtime.subscribe((s, prev) => {
    if (s.status !== prev.status || s.outbox !== prev.outbox) run();
  });
  const offCart = useCart.subscribe((s, prev) => {
    if (s.pending !== prev.pending) run();
  });
  run();
  return () => {
    offRealtime();
    offCart();
  };
}
