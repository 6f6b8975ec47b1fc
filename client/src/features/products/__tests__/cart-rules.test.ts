import { CART_STORAGE_KEY } from '@agrivet/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { createProduct } from '@test/factories';
import { cartCount, cartTotalCents, useCart } from '@/stores/cart';
import { addToCart } from '@/features/products/lib/add-to-cart';

const stored = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null');

describe('cart rules (SPEC.md §4, §5, CONTRACT.md §5)', () => {
  beforeEach(() => {
    localStorage.clear();
    useCart.setState({ carts: {} });
  });

  it('refuses to add without login and leaves the carts untouched', () => {
    expect(addToCart(createProduct(), 2, false)).toBe('login-required');
    expect(useCart.getState().carts).toEqual({});
  });

  it("adds a product to its store's cart and keeps it in localStorage with the store's name", () => {
    const product = { ...createProduct({ id: 5, price_cents: 1250 }), store: { id: 3, name_store: 'صيدلية الربيع' } };
    expect(addToCart(product, 2, true)).toBe('added');
    expect(useCart.getState().carts[3]?.items).toEqual([
      { product_id: 5, quantity: 2, name: 'بذور قمح', price_cents: 1250 },
    ]);
    expect(stored()).toEqual({
      version: 2,
      carts: [
        {
          store_id: 3,
          store_name: 'صيدلية الربيع',
          items: [{ product_id: 5, quantity: 2, name: 'بذور قمح', price_cents: 1250 }],
          pending: null,
        },
      ],
    });
  });

  it('adding the same product again updates its quantity instead of adding a line', () => {
    addToCart(createProduct({ id: 5 }), 2, true);
    addToCart(createProduct({ id: 6, name: 'سماد' }), 1, true);
    addToCart(createProduct({ id: 5 }), 4, true);
    const items = useCart.getState().carts[3]?.items ?? [];
    expect(items.map((i) => [i.product_id, i.quantity])).toEqual([
      [5, 4],
      [6, 1],
    ]);
    expect(cartCount(items)).toBe(5);
    expect(cartTotalCents(items)).toBe(4 * 1250 + 1250);
  });

  it("a product of another store goes to that store's cart; the first cart stays", () => {
    addToCart(createProduct({ id: 5, store_id: 3 }), 2, true);
    addToCart(createProduct({ id: 9, store_id: 4 }), 1, true);
    expect(useCart.getState().carts[3]?.items.map((i) => i.product_id)).toEqual([5]);
    expect(useCart.getState().carts[4]?.items.map((i) => i.product_id)).toEqual([9]);
  });

  it("while a store's order is pending, adding to it answers 'order-pending'; other stores still take products", () => {
    addToCart(createProduct({ id: 5, store_id: 3 }), 2, true);
    useCart.getState().markPending(3, 'c-1');
    expect(addToCart(createProduct({ id: 6, store_id: 3 }), 1, true)).toBe('order-pending');
    expect(addToCart(createProduct({ id: 9, store_id: 4 }), 1, true)).toBe('added');
  });
});
