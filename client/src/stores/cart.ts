/**
 * Cart in localStorage (SPEC.md §4): one store's products, product_id → quantity, name, price.
 * Adding the same product again updates its quantity; opening a store's page clears it (`openStore`).
 * While the cart's order (order:create) is queued or in flight, `pending` holds its client_id and the
 * cart is locked: no second order, no edits, no clearing — across navigation and reloads — until the
 * outbox reports it acknowledged (`settle(id, 'sent')` empties it) or refused (`'failed'` unlocks it).
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

interface StoredCart {
  store_id: number | null;
  items: CartItem[];
  pending: PendingOrder | null;
}

const EMPTY: StoredCart = { store_id: null, items: [], pending: null };

function readPending(value: unknown): PendingOrder | null {
  const p = value as Partial<PendingOrder> | null | undefined;
  return p && typeof p.client_id === 'string' && typeof p.placed_at === 'number'
    ? { client_id: p.client_id, placed_at: p.placed_at }
    : null;
}

/** The cart saved in localStorage; anything malformed reads as empty. */
export function loadCart(): StoredCart {
  return readCart() ?? { ...EMPTY };
}

/** The saved cart, or null when nothing is saved or storage cannot be read (malformed reads as empty). */
function readCart(): StoredCart | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredCart>;
    const items = Array.isArray(parsed.items)
      ? parsed.items.filter(
          (i): i is CartItem =>
            typeof i?.product_id === 'number' && typeof i.quantity === 'number' && typeof i.price_cents === 'number',
        )
      : [];
    return {
      store_id: typeof parsed.store_id === 'number' ? parsed.store_id : null,
      items,
      pending: items.length > 0 ? readPending(parsed.pending) : null,
    };
  } catch {
    return { ...EMPTY };
  }
}

function save(cart: StoredCart): void {
  try {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(cart));
  } catch {
    // storage full or unavailable: the cart lives in memory only
  }
}

interface CartState extends StoredCart {
  /** Adds a line, or sets the quantity of a product already in the cart (false while an order is pending). */
  add: (storeId: number, item: CartItem) => boolean;
  setQuantity: (productId: number, quantity: number) => void;
  remove: (productId: number) => void;
  /** Empties the cart (and forgets a pending order); with a store id it also binds the cart to that store. */
  clear: (storeId?: number | null) => void;
  /**
   * Opening a store's product page (SPEC.md §4): clears the cart, except while its order is pending or
   * when `fromOwnCart` (coming back to this store's page from this store's cart).
   */
  openStore: (storeId: number, fromOwnCart: boolean) => void;
  /** The cart's order was queued with this client_id: lock the cart. */
  markPending: (clientId: string) => void;
  /**
   * The outbox answered for the pending order: 'sent' empties the cart, 'failed' unlocks it. Reads the
   * saved cart first (another tab may have settled it, or changed it since): only a cart whose pending
   * order is still `clientId` is touched. Returns whether it was.
   */
  settle: (clientId: string, outcome: 'sent' | 'failed') => boolean;
  /** Another tab saved the cart: take its state (no write back). */
  syncFromStorage: () => void;
}

export const useCart = create<CartState>((set, get) => {
  const commit = (next: StoredCart) => {
    save(next);
    set(next);
  };
  return {
    ...loadCart(),
    add: (storeId, item) => {
      const { store_id, items, pending } = get();
      if (pending) return false;
      const base = store_id === storeId ? items : [];
      const exists = base.some((i) => i.product_id === item.product_id);
      const next = exists
        ? base.map((i) => (i.product_id === item.product_id ? { ...i, ...item } : i))
        : [...base, item];
      commit({ store_id: storeId, items: next, pending: null });
      return true;
    },
    setQuantity: (productId, quantity) => {
      const { store_id, items, pending } = get();
      if (pending) return;
      commit({ store_id, items: items.map((i) => (i.product_id === productId ? { ...i, quantity } : i)), pending });
    },
    remove: (productId) => {
      const { store_id, items, pending } = get();
      if (pending) return;
      commit({ store_id, items: items.filter((i) => i.product_id !== productId), pending });
    },
    clear: (storeId = null) => commit({ store_id: storeId, items: [], pending: null }),
    openStore: (storeId, fromOwnCart) => {
      const { store_id, pending } = get();
      if (pending) return;
      if (fromOwnCart && store_id === storeId) return;
      get().clear(storeId);
    },
    markPending: (clientId) => {
      const { store_id, items } = get();
      if (items.length === 0) return;
      commit({ store_id, items, pending: { client_id: clientId, placed_at: Date.now() } });
    },
    settle: (clientId, outcome) => {
      // The saved cart is the shared truth across tabs; this tab's copy may be stale.
      const saved = readCart();
      if (saved && saved.pending?.client_id !== clientId) {
        set(saved);
        return false;
      }
      const { store_id, items, pending } = saved ?? get();
      if (!pending || pending.client_id !== clientId) return false;
      if (outcome === 'sent') commit({ store_id: null, items: [], pending: null });
      else commit({ store_id, items, pending: null });
      return true;
    },
    syncFromStorage: () => set(loadCart()),
  };
});

export const cartTotalCents = (items: readonly CartItem[]): number =>
  items.reduce((sum, i) => sum + i.price_cents * i.quantity, 0);
export const cartCount = (items: readonly CartItem[]): number => items.reduce((n, i) => n + i.quantity, 0);

/**
 * Keeps this tab's cart in step with the others': a \`storage\` event for the cart key (or a cleared
 * storage) reloads it, so a cart another tab settled or edited is not overwritten with a stale copy.
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
