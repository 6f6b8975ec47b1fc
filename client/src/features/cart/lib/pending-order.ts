/**
 * The cart's order from placement to acknowledgement (SPEC.md §4, CONTRACT.md §4). Placing queues
 * `order:create` in the outbox and locks the cart with the write's client_id (stores/cart.ts) — the
 * outbox's own id, also when the connection code was still loading — so the same cart cannot be
 * ordered twice, also after navigating away or reloading. This tab settles the order from the
 * write's result. After a reload (the result promise is gone) the saved outbox resends the order and
 * `watchPendingOrder` settles it from the outbox's result (onOutboxResult). Every tab keeps its own
 * outbox (lib/realtime/tab-outbox-storage.ts) while the cart is shared: an order still saved in any
 * tab's outbox keeps the cart locked here — the tab that holds it settles it and writes the cart,
 * which the other tabs follow (`storage` events). Only an order that left every outbox is looked up in
 * the order list (client_id) once the connection is online: stored — the cart is emptied — or, when
 * still missing after a short re-check, refused.
 */
import '@/i18n/shop';
import type { CartItem } from '@agrivet/shared';
import { notify } from '@/components/ui/toaster';
import { i18n } from '@/i18n';
import { type Carts, followCartStorage, pendingCarts, useCart } from '@/stores/cart';
import { onOutboxResult, useRealtime } from '@/stores/realtime';
import { getRecentOrders } from '@/features/cart/api/get-recent-orders';
import { type DeliveryInput, placeOrder } from '@/features/cart/api/place-order';

/** Orders whose result promise this tab holds (settled by `placeCartOrder` itself). */
const tracked = new Set<string>();
/** How writes left the outbox while this page watched (client_id → outcome). */
const results = new Map<string, 'sent' | 'failed'>();
/** The running `reconcilePendingOrder`, and whether it was asked again meanwhile. */
let inFlight: Promise<void> | null = null;
let again = false;

/** Whether some store's cart is still waiting for the order `clientId`. */
const isPending = (clientId: string): boolean =>
  Object.values(useCart.getState().carts).some((c) => c.pending?.client_id === clientId);

/**
 * Places that store's cart as an order, delivered as `delivery`, unless its order is already pending;
 * returns the write's client_id (null when locked or empty). Only that store's cart is locked, and
 * emptied once the order is stored.
 */
export function placeCartOrder(storeId: number, items: readonly CartItem[], delivery: DeliveryInput): string | null {
  const cart = useCart.getState().carts[storeId];
  if (!cart || cart.pending || items.length === 0) return null;
  const { client_id, result } = placeOrder(storeId, items, delivery);
  tracked.add(client_id);
  useCart.getState().markPending(storeId, client_id);
  result
    .then(() => {
      useCart.getState().settle(client_id, 'sent');
      notify.success(i18n.t('cart.added'), { action: 'order-place' });
    })
    .catch((err: unknown) => {
      useCart.getState().settle(client_id, 'failed');
      notify.error(err, i18n.t('errors.requestFailed'), { action: 'order-place' });
    })
    .finally(() => tracked.delete(client_id));
  return client_id;
}

/** Settles the pending order `clientId` (if it still is a pending one) and tells the user. */
function settlePending(clientId: string, outcome: 'sent' | 'failed', error?: string): void {
  if (!isPending(clientId)) return;
  if (!useCart.getState().settle(clientId, outcome)) return;
  if (outcome === 'sent') notify.success(i18n.t('cart.added'), { action: 'order-place' });
  else notify.error(error ? new Error(error) : null, i18n.t('errors.requestFailed'), { action: 'order-place' });
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

/** How long a write that left every outbox may still be on its way into the order list. */
export const RECHECK_AFTER_MS = 3_000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Lookup = 'settled' | 'queued' | 'offline' | 'stored' | 'missing';

/**
 * Where the pending order `clientId` is now: settled or changed meanwhile, still queued (this tab's
 * outbox, or any tab's saved one — alive or not), not checkable (offline, no answer), or looked up
 * in the order list: stored or missing.
 */
async function lookUp(clientId: string, legacy: boolean, storeId: number | null, placedAt: number): Promise<Lookup> {
  if (!isPending(clientId)) return 'settled';
  const known = results.get(clientId);
  if (known) {
    settlePending(clientId, known);
    return 'settled';
  }
  const { status, outbox } = useRealtime.getState();
  // Only an online connection has loaded its saved outbox and had the chance to send it.
  if (status !== 'online') return 'offline';
  // Legacy 'local-…' id, saved by an earlier version for an order placed before the connection code
  // had loaded: the outbox (by store) knows its real client_id, else the order list (by store and time).
  const isIt = (e: { client_id: string; event: string; payload: unknown }) =>
    e.event === 'order:create' &&
    (e.client_id === clientId || (legacy && (e.payload as { store_id?: unknown }).store_id === storeId));
  const entry = outbox.find(isIt);
  if (entry) {
    if (entry.client_id !== clientId && storeId !== null) useCart.getState().markPending(storeId, entry.client_id);
    return 'queued'; // still queued or in flight here: its result (onOutboxResult) settles it
  }
  // Queued in another tab (its outbox is never adopted while that tab lives): that tab settles it
  // from the result and writes the cart; this tab follows it (storage events).
  // (Loaded on demand: it comes with the connection code, already loaded once online.)
  const { findSavedWrite } = await import('@/lib/realtime/tab-outbox-storage');
  if (!isPending(clientId)) return 'settled';
  if (findSavedWrite(isIt, undefined, legacy ? undefined : clientId)) return 'queued';
  try {
    const orders = await getRecentOrders();
    const stored = orders.some(
      (o) =>
        o.client_id === clientId || (legacy && o.store_id === storeId && Date.parse(o.created_at) >= placedAt - 60_000),
    );
    return stored ? 'stored' : 'missing';
  } catch {
    return 'offline'; // offline again or the API is down: the next change retries
  }
}

/**
 * Settles a pending order this tab did not place (after a reload, or placed in another tab) from the
 * outbox results, every tab's saved outbox and the order list. It is refused only when it left every
 * outbox and the order list still lacks it a moment later (a write may be on its way): an order queued
 * in another tab keeps the cart locked — that tab reports its result.
 */
export function reconcilePendingOrder(): Promise<void> {
  // One check at a time; a call meanwhile (connection, outbox, cart or storage changed) runs it again
  // once the current one is done, and its promise covers that run too.
  if (inFlight) {
    again = true;
    return inFlight;
  }
  const loop = async () => {
    try {
      do {
        again = false;
        await reconcileOnce();
      } while (again);
    } finally {
      inFlight = null;
    }
  };
  inFlight = loop();
  return inFlight;
}

async function reconcileOnce(): Promise<void> {
  for (const cart of pendingCarts(useCart.getState().carts)) {
    const pending = cart.pending;
    if (!pending || tracked.has(pending.client_id)) continue;
    const clientId = pending.client_id;
    const legacy = clientId.startsWith('local-');
    let found = await lookUp(clientId, legacy, cart.store_id, pending.placed_at);
    if (found === 'missing') {
      await wait(RECHECK_AFTER_MS);
      if (tracked.has(clientId)) continue;
      found = await lookUp(clientId, legacy, cart.store_id, pending.placed_at);
    }
    if (found === 'stored') settlePending(clientId, 'sent');
    else if (found === 'missing') settlePending(clientId, 'failed');
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
  const pendingIds = (carts: Carts) =>
    pendingCarts(carts)
      .map((c) => c.pending?.client_id)
      .join(',');
  const offCart = useCart.subscribe((s, prev) => {
    if (pendingIds(s.carts) !== pendingIds(prev.carts)) run();
  });
  // Another tab settled or changed the cart: follow it (which re-runs the check above when needed).
  const offCartStorage = followCartStorage();
  // Another tab's saved outbox (`outbox:{userId}:{tabId}`, lib/realtime/tab-outbox-storage.ts)
  // changed, e.g. the order left it: check again.
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key.startsWith('outbox:')) run();
  };
  globalThis.window?.addEventListener('storage', onStorage);
  run();
  return () => {
    offResults();
    offRealtime();
    offCart();
    offCartStorage();
    globalThis.window?.removeEventListener('storage', onStorage);
  };
}
