import { CART_STORAGE_KEY } from '@agrivet/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { createProduct } from '../../../../test/factories';
import { cartCount, cartTotalCents, loadCart, useCart } from '../../../stores/cart';
import { addToCart } from '../lib/add-to-cart';

const stored = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null');

describe('cart rules (SPEC.md §4, §5)', () => {
  beforeEach(() => useCart.getState().clear());

  it('refuses to add without login and leaves the cart untouched', () => {
    expect(addToCart(createProduct(), 2, false)).toBe('login-required');
    expect(useCart.getState().items).toEqual([]);
  });

  it('adds a product and keeps it in localStorage', () => {
    expect(addToCart(createProduct({ id: 5, price_cents: 1250 }), 2, true)).toBe('added');
    expect(useCart.getState().items).toEqual([{ product_id: 5, quantity: 2, name: 'بذور قمح', price_cents: 1250 }]);
    expect(stored()).toEqual({
      store_id: 3,
      items: [{ product_id: 5, quantity: 2, name: 'بذور قمح', price_cents: 1250 }],
      pending: null,
    });
  });

  it('adding the same product again updates its quantity instead of adding a line', () => {
    addToCart(createProduct({ id: 5 }), 2, true);
    addToCart(createProduct({ id: 6, name: 'سماد' }), 1, true);
    addToCart(createProduct({ id: 5 }), 4, true);
    const items = useCart.getState().items;
    expect(items.map((i) => [i.product_id, i.quantity])).toEqual([
      [5, 4],
      [6, 1],
    ]);
    expect(cartCount(items)).toBe(5);
    expect(cartTotalCents(items)).toBe(4 * 1250 + 1250);
  });

  it('a product of another store starts a new cart', () => {
    addToCart(createProduct({ id: 5, store_id: 3 }), 2, true);
    addToCart(createProduct({ id: 9, store_id: 4 }), 1, true);
    expect(useCart.getState().store_id).toBe(4);
    expect(useCart.getState().items.map((i) => i.product_id)).toEqual([9]);
  });

  it('clearing (opening a store page, a placed order) empties cart and storage', () => {
    addToCart(createProduct(), 3, true);
    useCart.getState().clear(8);
    expect(useCart.getState().items).toEqual([]);
    expect(stored()).toEqual({ store_id: 8, items: [], pending: null });
  });

  it('reads a corrupt or foreign stored cart as empty', () => {
    localStorage.setItem(CART_STORAGE_KEY, '{not json');
    expect(loadCart()).toEqual({ store_id: null, items: [], pending: null });
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({
        store_id: 2,
        items: [{ product_id: 'x' }, { product_id: 1, quantity: 2, name: 'a', price_cents: 5 }],
      }),
    );
    expect(loadCart()).toEqual({
      store_id: 2,
      items: [{ product_id: 1, quantity: 2, name: 'a', price_cents: 5 }],
      pending: null,
    });
  });
});
