/**
 * Carts in localStorage, one per store (CONTRACT.md §5): each store's cart keeps its products
 * (product_id → quantity, name, price at the time it was added) across reloads and visits to other
 * stores. Adding the same product again updates its quantity. Placing an order empties only that
 * store's cart. While a store's order (order:create) is queued or in flight, that cart's `pending`
 * holds its client_id and the cart is locked — no second order, no edits — across navigation and
 * reloads, until the outbox reports it acknowledged (`settle(id, 'sent')` removes that cart) or
 * refused (`'failed'` unlocks it). The other stores' carts stay as they are.
 *
 * Kept by zustand's `persist` (version 2) under CART_STORAGE_KEY, stored as `{ version: 2, carts:
 * StoreCart[] }` (cartStorage below maps persist's `{state, version}` to it). The single cart version 1
 * saved (`{store_id, items, pending}`, no version) is migrated to its store's cart; every stored cart
 * and line is checked when read (`merge`), anything malformed reads as no cart.
 */
import { CART_STORAGE_KEY, type CartItem } from '@agrivet/shared';
import { create } from 'zustand';
import { type PersistStorage, persist } from 'zustand/middleware';

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

/** Stored carts (a list) → Carts; malformed entries are dropped. */
function readList(list: unknown): Carts {
  const carts: Carts = {};
  for (const entry of Array.isArray(list) ? list : []) {
    const cart = readStoreCart(entry);
    if (cart) carts[cart.store_id] = cart;
  }
  return carts;
}

/** The persisted carts of version 1 (one cart, `{store_id, items, pending}`) as version 2's list. */
function migrateCarts(persisted: unknown, version: number): { carts: unknown } {
  if (version < 2 && persisted && typeof persisted === 'object' && 'store_id' in persisted)
    return { carts: [persisted] };
  return { carts: (persisted as { carts?: unknown } | null)?.carts };
}

/** Parses what localStorage holds (either version); anything malformed reads as no carts. */
export function parseCarts(raw: string | null): Carts {
  if (!raw) return {};
  try {
    const value = JSON.parse(raw) as { version?: unknown } | null;
    return readList(migrateCarts(value, typeof value?.version === 'number' ? value.version : 1).carts);
  } catch {
    return {};
  }
}

/** The saved carts (what another tab may have written); an unreadable storage reads as none. */
export function loadCarts(): Carts {
  try {
    return parseCarts(localStorage.getItem(CART_STORAGE_KEY));
  } catch {
    return {};
  }
}

/**
 * persist's storage: `{version: 2, carts: [...]}` in localStorage, the format saved browsers hold
 * (and what the e2e specs read), instead of persist's `{state, version}` envelope. Version 1's single
 * cart has no `version`: read as 1, migrated by persist's `migrate`. Without localStorage (server
 * rendering, a blocked storage) the carts live in memory only; nothing saved reads as no carts.
 */
const cartStorage: PersistStorage<{ carts: unknown }> = {
  getItem: (name) => {
    try {
      const storage = globalThis.localStorage;
      if (!storage) return null;
      const raw = storage.getItem(name);
      // nothing saved (or another tab cleared it): no carts
      if (!raw) return { state: { carts: [] }, version: 2 };
      const value = JSON.parse(raw) as { version?: unknown; carts?: unknown } | null;
      if (!value || typeof value !== 'object') return null;
      return typeof value.version === 'number'
        ? { state: { carts: value.carts }, version: value.version }
        : { state: value as { carts: unknown }, version: 1 };
    } catch {
      return null;
    }
  },
  setItem: (name, { state, version }) => {
    try {
      globalThis.localStorage?.setItem(name, JSON.stringify({ version, carts: Object.values(state.carts as Carts) }));
    } catch {
      // storage full or unavailable: the carts live in memory only
    }
  },
  removeItem: (name) => {
    try {
      globalThis.localStorage?.removeItem(name);
    } catch {
      // unavailable
    }
  },
};

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

export const useCart = create<CartState>()(
  persist(
    (set, get) => {
      const commit = (carts: Carts) => set({ carts });
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
        // Created empty, then persist puts the saved carts in: the store's *initial* state
        // (getInitialState) stays the server's (no carts), which zustand hands to React while it hydrates
        // a server-rendered page, so the top bar's count and a store page's lines render as the server
        // did until hydration is over.
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
          // The saved carts are the shared truth across tabs; this tab's copy may be stale. localStorage is
          // synchronous, so persist's rehydrate has put them in before the next line.
          void useCart.persist.rehydrate();
          const cart = Object.values(get().carts).find((c) => c.pending?.client_id === clientId);
          if (!cart) return false;
          commit(withCart(cart.store_id, outcome === 'sent' ? null : { ...cart, pending: null }));
          return true;
        },
        syncFromStorage: () => void useCart.persist.rehydrate(),
      };
    },
    {
      name: CART_STORAGE_KEY,
      version: 2,
      storage: cartStorage,
      partialize: (state) => ({ carts: state.carts }),
      migrate: (persisted, version) => migrateCarts(persisted, version),
      // every stored cart and line checked; an unreadable storage keeps the carts held in memory
      merge: (persisted, current) =>
        persisted ? { ...current, carts: readList((persisted as { carts?: unknown }).carts) } : current,
    },
  ),
);

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
