/**
 * The cart's order from placement to acknowledgement (SPEC.md §4, CONTRACT.md §4). Placing queues
 * `order:create` in the outbox and locks the cart with the write's client_id (stores/cart.ts) — the
 * outbox's own id, also when the connection code was still loading — so the same cart cannot be
 * ordered twice, also after navigating away or reloading. This tab settles the order from the
 * write's result. After a reload (the result promise is gone) the saved outbox resends the order and
 * `watchPendingOrder` settles it from the outbox's result (onOutboxResult). Only an order that left
 * the outbox before this page saw it (sent by an earlier page load or another tab) is looked up in
 * the order list (client_id) once the connection is online: stored — the cart is emptied — or refused.
 */
import type { CartItem } from '@agrivet/shared';
import { notify } from '../../../components/ui/toaster';
import { i18n } from '../../../i18n';
import { useCart } from '../../../stores/cart';
import { onOutboxResult, useRealtime } from '../../../stores/realtime';
import { getRecentOrders } from '../api/get-recent-orders';
import { placeOrder } from '../api/place-order';

/** Orders whose result promise this tab holds (settled by `placeCartOrder` itself). */
const tracked = new Set<string>();
/** How writes left the outbox while this page watched (client_id → outcome). */
const results = new Map<string, 'sent' | 'failed'>();
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

/** Settles the pending order `clientId` (if it still is the pending one) and tells the user. */
function settlePending(clientId: string, outcome: 'sent' | 'failed', error?: string): void {
  if (useCart.getState().pending?.client_id !== clientId) return;
  useCart.getState().settle(clientId, outcome);
  if (outcome === 'sent') notify.success(i18n.t('cart.added'));
  else notify.error(error ? new Error(error) : null, i18n.t('errors.requestFailed'));
}

/**
 * A write left the outbox: settles the pending order it is (unless `placeCartOrder` holds its result
 * promise) and remembers the outcome, so `reconcilePendingOrder` need not ask the order list.
 */
export function handleOutboxResult(clientId: string, outcome: 'sent' | 'failed', error?: string): void {
  results.set(clientId, outcome);
  if (results.size > 50) results.delete(results.keys().next().value as string);
  if (!tracked.has(clientId)) settlePending(clientId, outcome, error);
}

/** After a reload: settle a pending order this tab did not place, from the outbox and the order list. */
export async function reconcilePendingOrder(): Promise<void> {
  const { pending, store_id } = useCart.getState();
  if (!pending || tracked.has(pending.client_id) || checking === pending.client_id) return;
  const known = results.get(pending.client_id);
  if (known) return settlePending(pending.client_id, known);
  const { status, outbox } = useRealtime.getState();
  // Only an online connection has loaded its saved outbox and had the chance to send it.
  if (status !== 'online') return;
  // Legacy 'local-…' id, saved by an earlier version for an order placed before the connection code
  // had loaded: the outbox (by store) knows its real client_id, else the order list (by store and time).
  const legacy = pending.client_id.startsWith('local-');
  const entry = outbox.find(
    (e) =>
      e.event === 'order:create' && (e.client_id === pending.client_id || (legacy && e.payload.store_id === store_id)),
  );
  if (entry) {
    if (entry.client_id !== pending.client_id) useCart.getState().markPending(entry.client_id);
    return; // still queued or in flight: its result (onOutboxResult) settles it
  }
  // It left the outbox before this page saw it: ask the order list.
  const clientId = pending.client_id;
  checking = clientId;
  try {
    const orders = await getRecentOrders();
    const stored = orders.some(
      (o) =>
        o.client_id === clientId ||
        (legacy && o.store_id === store_id && Date.parse(o.created_at) >= pending.placed_at - 60_000),
    );
    settlePending(clientId, stored ? 'sent' : 'failed');
  } catch {
    // Offline again or the API is down: the next change of the connection or the outbox retries.
  } finally {
    checking = null;
  }
}

/**
 * Settles the pending order from outbox results, and runs `reconcilePendingOrder` whenever the
 * connection, the outbox or the pending order changes.
 */
export function watchPendingOrder(): () => void {
  const run = () => void reconcilePendingOrder();
  const offResults = onOutboxResult(handleOutboxResult);
  const offRealtime = useRealtime.subscribe((s, prev) => {
    if (s.status !== prev.status || s.outbox !== prev.outbox) run();
  });
  const offCart = useCart.subscribe((s, prev) => {
    if (s.pending !== prev.pending) run();
  });
  run();
  return () => {
    offResults();
    offRealtime();
    offCart();
  };
}
