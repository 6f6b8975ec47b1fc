/**
 * Cart in localStorage (SPEC.md §4): one store's products, product_id → quantity, name, price.
 * Adding the same product again updates its quantity; opening a store's page clears it.
 */
import { CART_STORAGE_KEY, type CartItem } from '@agrivet/shared';
import { create } from 'zustand';

interface StoredCart {
  store_id: number | null;
  items: CartItem[];
}

/** The cart saved in localStorage; anything malformed reads as empty. */
export function loadCart(): StoredCart {
  try {
    const raw = localStorage.getItem(CART_STORAGE_KEY);
    if (!raw) return { store_id: null, items: [] };
    const parsed = JSON.parse(raw) as Partial<StoredCart>;
    const items = Array.isArray(parsed.items)
      ? parsed.items.filter(
          (i): i is CartItem =>
            typeof i?.product_id === 'number' && typeof i.quantity === 'number' && typeof i.price_cents === 'number',
        )
      : [];
    return { store_id: typeof parsed.store_id === 'number' ? parsed.store_id : null, items };
  } catch {
    return { store_id: null, items: [] };
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
  /** Adds a line, or sets the quantity of a product already in the cart. */
  add: (storeId: number, item: CartItem) => void;
  setQuantity: (productId: number, quantity: number) => void;
  remove: (productId: number) => void;
  /** Empties the cart; with a store id it also binds the cart to that store. */
  clear: (storeId?: number | null) => void;
}

export const useCart = create<CartState>((set, get) => {
  const commit = (next: StoredCart) => {
    save(next);
    set(next);
  };
  return {
    ...loadCart(),
    add: (storeId, item) => {
      const { store_id, items } = get();
      const base = store_id === storeId ? items : [];
      const exists = base.some((i) => i.product_id === item.product_id);
      const next = exists
        ? base.map((i) => (i.product_id === item.product_id ? { ...i, ...item } : i))
        : [...base, item];
      commit({ store_id: storeId, items: next });
    },
    setQuantity: (productId, quantity) => {
      const { store_id, items } = get();
      commit({ store_id, items: items.map((i) => (i.product_id === productId ? { ...i, quantity } : i)) });
    },
    remove: (productId) => {
      const { store_id, items } = get();
      commit({ store_id, items: items.filter((i) => i.product_id !== productId) });
    },
    clear: (storeId = null) => commit({ store_id: storeId, items: [] }),
  };
});

export const cartTotalCents = (items: readonly CartItem[]): number =>
  items.reduce((sum, i) => sum + i.price_cents * i.quantity, 0);
export const cartCount = (items: readonly CartItem[]): number => items.reduce((n, i) => n + i.quantity, 0);
