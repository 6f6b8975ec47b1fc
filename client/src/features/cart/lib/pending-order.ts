/**
 * The cart's order from placement to acknowledgement (SPEC.md §4, CONTRACT.md §4). Placing queues
 * `order:create` in the outbox (stores/realtime.ts) and locks that store's cart with the write's
 * client_id (stores/cart.ts), so the same cart cannot be ordered twice, also after navigating away or
 * reloading. The outbox keeps the write in localStorage until the API acknowledged it — sent with the
 * same client_id after a drop or a reload, stored once — and reports how it left: the write's result
 * settles the cart on the page that placed it, the outbox's result (onOutboxResult) after a reload. A cart locked by a write no longer saved anywhere (an
 * older version's, or one the storage refused) is unlocked when the connection starts.
 */
import type { CartItem } from '@agrivet/shared';
import { notify } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { i18n } from '@/i18n';
import { pendingCarts, useCart } from '@/stores/cart';
import { isWriteSaved, onOutboxResult, realtimeUserId, useRealtime } from '@/stores/realtime';
import { type DeliveryInput, placeOrder } from '@/api/orders';

/**
 * Places that store's cart as an order, delivered as `delivery`, unless its order is already pending;
 * returns the write's client_id (null when locked or empty).
 */
export function placeCartOrder(storeId: number, items: readonly CartItem[], delivery: DeliveryInput): string | null {
  const cart = useCart.getState().carts[storeId];
  if (!cart || cart.pending || items.length === 0) return null;
  const { client_id, result } = placeOrder(storeId, items, delivery);
  if (!client_id) {
    notify.error(new Error(i18n.t('errors.connection')), i18n.t('errors.requestFailed'), { action: 'order-place' });
    return null;
  }
  useCart.getState().markPending(storeId, client_id);
  // This page hears the result first; after a reload the outbox result settles it (watchPendingOrder).
  result.then(
    () => settle(client_id, 'sent'),
    (err: unknown) => settle(client_id, 'failed', err instanceof Error ? err.message : undefined),
  );
  return client_id;
}

/**
 * Stores whose order was stored while their cart's page was the one open — or still loading: react-router
 * changes the URL before the screen's chunk is in, and a queued order can be sent in that time. That page
 * goes on to /myorders when it mounts (routes/cart.tsx), as the page already on screen does.
 */
const sentOnCartPage = new Set<number>();

/** Whether this store's order was stored while its cart's page was open (asked once). */
export const takeSentOnCartPage = (storeId: number): boolean => sentOnCartPage.delete(storeId);

/** An order:create left the outbox: the cart that waits for it is emptied (sent) or unlocked (refused). */
function settle(clientId: string, outcome: 'sent' | 'failed', error?: string): void {
  const storeId = pendingCarts(useCart.getState().carts).find((c) => c.pending?.client_id === clientId)?.store_id;
  if (!useCart.getState().settle(clientId, outcome)) return;
  if (outcome === 'sent' && storeId !== undefined && globalThis.location?.pathname === paths.cart.getHref(storeId))
    sentOnCartPage.add(storeId);
  if (outcome === 'sent') notify.success(i18n.t('cart.added'), { action: 'order-place' });
  else notify.error(error ? new Error(error) : null, i18n.t('errors.requestFailed'), { action: 'order-place' });
}

/** While signed in: settles pending carts from the outbox's results. */
export function watchPendingOrder(): () => void {
  const offResults = onOutboxResult((clientId, outcome, { event, error }) => {
    if (event === 'order:create') settle(clientId, outcome, error);
  });
  // Once the connection exists its outbox has loaded every saved write: a cart waiting for one that is
  // saved nowhere can never be settled by it.
  const unlockOrphans = () => {
    const userId = realtimeUserId();
    if (userId === null) return false;
    for (const cart of pendingCarts(useCart.getState().carts)) {
      const id = cart.pending?.client_id;
      if (id && !isWriteSaved(userId, id)) useCart.getState().settle(id, 'failed');
    }
    return true;
  };
  let offStatus: (() => void) | null = null;
  if (!unlockOrphans()) {
    offStatus = useRealtime.subscribe((s) => {
      if (s.status !== 'idle' && unlockOrphans()) {
        offStatus?.();
        offStatus = null;
      }
    });
  }
  return () => {
    offResults();
    offStatus?.();
  };
}
