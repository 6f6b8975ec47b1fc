/**
 * Carts in localStorage, one per store (CONTRACT.md §5): each store's cart keeps its products
 * (product_id → quantity, name, price at the time it was added) across reloads and visits to other
 * stores. Adding the same product again updates its quantity. Placing an order empties only that
 * store's cart. While a store's order (order:create) is queued or in flight, that cart's `pending`
 * holds its client_id and the cart is locked — no second order, no edits — across navigation and
 * reloads, until the outbox reports it acknowledged (`settle(id, 'sent')` removes that cart) or
 * refused (`'failed'` unlocks it). The other stores' carts stay as they are.
 *
 * Saved as `{ version: 2, carts: StoreCart[] }` under CART_STORAGE_KEY; the single cart an earlier
 * version saved (`{store_id, items, pending}`) is read as that store's cart.
 */
import { CART_STORAGE_KEY, type CartItem } from '@agrivet/shared';
import { create } from 'zustand';

export interface PendingOrder {
  /**
   * The outbox client_id of the order:create write. A cart saved by an earlier version may hold a
   * 'local-…' placeholder (order placed before the connection code loaded): still read as is, and
   * features/cart/lib/pending-order.ts settles it.
   */
  client_id: string;
  /** Epoch ms when the order was placed. */
  placed_at: number;
}

export interface StoreCart {
  store_id: number;
  /** The store's name when the last product was added ('' for a cart saved by an earlier version). */
  store_name: string;
  items: CartItem[];
  pending: PendingOrder | null;
}

/** storeId → that store's cart; only non-empty carts are kept. */
export type Carts = Record<number, StoreCart>;

function readPending(value: unknown): PendingOrder | null {
  const p = value as Partial<PendingOrder> | null | undefined;
  return p && typeof p.client_id === 'string' && typeof p.placed_at === 'number'
    ? { client_id: p.client_id, placed_at: p.placed_at }
    : null;
}

function readItems(value: unknown): CartItem[] {
  return Array.isArray(value)
    ? value
        .filter(
          (i): i is CartItem =>
            typeof i?.product_id === 'number' &&
            typeof i.quantity === 'number' &&
            typeof i.price_cents === 'number' &&
            Number.isInteger(i.quantity) &&
            i.quantity > 0,
        )
        .map((i) => ({
          product_id: i.product_id,
          quantity: i.quantity,
          name: typeof i.name === 'string' ? i.name : '',
          price_cents: i.price_cents,
        }))
    : [];
}

function readStoreCart(value: unknown): StoreCart | null {
  const c = value as Partial<StoreCart> | null | undefined;
  if (!c || typeof c.store_id !== 'number' || !Number.isInteger(c.store_id) || c.store_id <= 0) return null;
  const items = readItems(c.items);
  if (items.length === 0) return null;
  return {
    store_id: c.store_id,
    store_name: typeof c.store_name === 'string' ? c.store_name : '',
    items,
    pending: readPending(c.pending),
  };
}

/** Parses what localStorage holds (either version); anything malformed reads as no carts. */
export function parseCarts(raw: string | null): Carts {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  const carts: Carts = {};
  const value = parsed as { carts?: unknown; store_id?: unknown } | null;
  const list = Array.isArray(value?.carts) ? value.carts : value && 'store_id' in value ? [value] : [];
  for (const entry of list) {
    const cart = readStoreCart(entry);
    if (cart) carts[cart.store_id] = cart;
  }
  return carts;
}

/** The carts saved in localStorage, or null when storage cannot be read. */
function readCarts(): Carts | null {
  try {
    return parseCarts(localStorage.getItem(CART_STORAGE_KEY));
  } catch {
    return null;
  }
}

/** The saved carts; an unreadable storage reads as none. */
export function loadCarts(): Carts {
  return readCarts() ?? {};
}

function save(carts: Carts): void {
  try {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ version: 2, carts: Object.values(carts) }));
  } catch {
    // storage full or unavailable: the carts live in memory only
  }
}

interface CartState {
  carts: Carts;
  /**
   * Adds a line to that store's cart, or sets the quantity of a product already in it (false while
   * that store's order is pending). Other stores' carts are untouched.
   */
  add: (storeId: number, item: CartItem, storeName?: string) => boolean;
  setQuantity: (storeId: number, productId: number, quantity: number) => void;
  /** Replaces a line's saved price (the farmer accepted the store's current price). */
  setPrice: (storeId: number, productId: number, priceCents: number) => void;
  remove: (storeId: number, productId: number) => void;
  /** Empties that store's cart (and forgets its pending order). */
  clear: (storeId: number) => void;
  /** That store's order was queued with this client_id: lock its cart. */
  markPending: (storeId: number, clientId: string) => void;
  /**
   * The outbox answered for a pending order: 'sent' empties the cart that holds it, 'failed' unlocks
   * it. Reads the saved carts first (another tab may have settled it, or changed them since): only a
   * cart whose pending order is still `clientId` is touched. Returns whether one was.
   */
  settle: (clientId: string, outcome: 'sent' | 'failed') => boolean;
  /** Another tab saved the carts: take their state (no write back). */
  syncFromStorage: () => void;
}

export const useCart = create<CartState>((set, get) => {
  const commit = (carts: Carts) => {
    save(carts);
    set({ carts });
  };
  /** The carts with `storeId`'s replaced (removed when it has no items left). */
  const withCart = (storeId: number, cart: StoreCart | null): Carts => {
    const next = { ...get().carts };
    if (cart && cart.items.length > 0) next[storeId] = cart;
    else delete next[storeId];
    return next;
  };
  const editable = (storeId: number): StoreCart | null => {
    const cart = get().carts[storeId];
    return cart && !cart.pending ? cart : null;
  };
  return {
    // Created empty, then the saved carts are put in (below): the store's *initial* state is the
    // server's (no carts), which zustand hands to React while it hydrates a server-rendered page, so
    // the top bar's count and a store page's lines render as the server did until hydration is over.
    carts: {},
    add: (storeId, item, storeName) => {
      const current = get().carts[storeId];
      if (current?.pending) return false;
      const base = current?.items ?? [];
      const exists = base.some((i) => i.product_id === item.product_id);
      const items = exists
        ? base.map((i) => (i.product_id === item.product_id ? { ...i, ...item } : i))
        : [...base, item];
      commit(
        withCart(storeId, {
          store_id: storeId,
          store_name: storeName || current?.store_name || '',
          items,
          pending: null,
        }),
      );
      return true;
    },
    setQuantity: (storeId, productId, quantity) => {
      const cart = editable(storeId);
      if (!cart) return;
      commit(
        withCart(storeId, {
          ...cart,
          items: cart.items.map((i) => (i.product_id === productId ? { ...i, quantity } : i)),
        }),
      );
    },
    setPrice: (storeId, productId, priceCents) => {
      const cart = editable(storeId);
      if (!cart) return;
      commit(
        withCart(storeId, {
          ...cart,
          items: cart.items.map((i) => (i.product_id === productId ? { ...i, price_cents: priceCents } : i)),
        }),
      );
    },
    remove: (storeId, productId) => {
      const cart = editable(storeId);
      if (!cart) return;
      commit(withCart(storeId, { ...cart, items: cart.items.filter((i) => i.product_id !== productId) }));
    },
    clear: (storeId) => commit(withCart(storeId, null)),
    markPending: (storeId, clientId) => {
      const cart = get().carts[storeId];
      if (!cart) return;
      commit(withCart(storeId, { ...cart, pending: { client_id: clientId, placed_at: Date.now() } }));
    },
    settle: (clientId, outcome) => {
      // The saved carts are the shared truth across tabs; this tab's copy may be stale.
      const saved = readCarts();
      if (saved) set({ carts: saved });
      const cart = Object.values(get().carts).find((c) => c.pending?.client_id === clientId);
      if (!cart) return false;
      commit(withCart(cart.store_id, outcome === 'sent' ? null : { ...cart, pending: null }));
      return true;
    },
    syncFromStorage: () => set({ carts: loadCarts() }),
  };
});

// The saved carts, after the initial (server) state: read by every render but the hydrating one.
useCart.setState({ carts: loadCarts() });

const NO_ITEMS: CartItem[] = [];

/** That store's lines (the same empty array when it has none, for stable selectors). */
export const selectCartItems =
  (storeId: number) =>
  (s: { carts: Carts }): CartItem[] =>
    s.carts[storeId]?.items ?? NO_ITEMS;

/** The number of units in every store's cart (the top bar's count). */
export const selectTotalCount = (s: { carts: Carts }): number =>
  Object.values(s.carts).reduce((n, c) => n + cartCount(c.items), 0);

/** The carts whose order is pending. */
export const pendingCarts = (carts: Carts): StoreCart[] => Object.values(carts).filter((c) => c.pending !== null);

export const cartTotalCents = (items: readonly CartItem[]): number =>
  items.reduce((sum, i) => sum + i.price_cents * i.quantity, 0);
export const cartCount = (items: readonly CartItem[]): number => items.reduce((n, i) => n + i.quantity, 0);

/**
 * Keeps this tab's carts in step with the others': a `storage` event for the cart key (or a cleared
 * storage) reloads them, so a cart another tab settled or edited is not overwritten with a stale copy.
 * Returns the function that removes the listener.
 */
export function followCartStorage(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> | undefined = globalThis.window,
): () => void {
  if (!target) return () => {};
  const onStorage = (e: StorageEvent) => {
    if (e.key === CART_STORAGE_KEY || e.key === null) useCart.getState().syncFromStorage();
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}
