import { CART_STORAGE_KEY } from '@agrivet/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { followCartStorage, loadCart, useCart } from '../cart';

const line = { product_id: 5, quantity: 2, name: 'بذور قمح', price_cents: 1250 };

describe('cart with a pending order', () => {
  beforeEach(() => {
    useCart.getState().clear();
    useCart.getState().add(3, line);
  });

  it('keeps the pending client_id with the cart in localStorage (survives a reload)', () => {
    useCart.getState().markPending('c-1');
    const saved = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null');
    expect(saved.pending.client_id).toBe('c-1');
    expect(loadCart().pending?.client_id).toBe('c-1');
  });

  it("still reads a legacy 'local-…' pending id saved by an earlier version (settled by pending-order.ts)", () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({ store_id: 3, items: [line], pending: { client_id: 'local-1700000000000', placed_at: 1 } }),
    );
    expect(loadCart().pending).toEqual({ client_id: 'local-1700000000000', placed_at: 1 });
  });

  it('is locked while pending: no edits, no new products, no clearing by a store page', () => {
    useCart.getState().markPending('c-1');
    expect(useCart.getState().add(4, { ...line, product_id: 9 })).toBe(false);
    useCart.getState().setQuantity(5, 7);
    useCart.getState().remove(5);
    useCart.getState().openStore(4, false);
    expect(useCart.getState().store_id).toBe(3);
    expect(useCart.getState().items).toEqual([line]);
  });

  it("'sent' empties the cart, 'failed' unlocks it, another client_id is ignored", () => {
    useCart.getState().markPending('c-1');
    useCart.getState().settle('other', 'sent');
    expect(useCart.getState().items).toHaveLength(1);
    useCart.getState().settle('c-1', 'failed');
    expect(useCart.getState().pending).toBeNull();
    expect(useCart.getState().items).toHaveLength(1);
    useCart.getState().markPending('c-2');
    useCart.getState().settle('c-2', 'sent');
    expect(useCart.getState().items).toEqual([]);
    expect(loadCart()).toEqual({ store_id: null, items: [], pending: null });
  });

  it('opening a store page clears the cart, except when coming back from its own cart', () => {
    useCart.getState().openStore(3, true);
    expect(useCart.getState().items).toHaveLength(1);
    useCart.getState().openStore(4, true);
    expect(useCart.getState().items).toEqual([]);
    expect(useCart.getState().store_id).toBe(4);
    useCart.getState().add(4, line);
    useCart.getState().openStore(4, false);
    expect(useCart.getState().items).toEqual([]);
  });
});

describe('cart shared by tabs', () => {
  beforeEach(() => {
    useCart.getState().clear();
    useCart.getState().add(3, line);
  });

  it('follows a cart another tab saved (storage event), and stops when asked', () => {
    const stop = followCartStorage();
    useCart.getState().markPending('c-1');
    // Another tab settled the order: it wrote an empty cart.
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ store_id: null, items: [], pending: null }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'other' }));
    expect(useCart.getState().pending?.client_id).toBe('c-1');
    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    expect(useCart.getState().items).toEqual([]);
    expect(useCart.getState().pending).toBeNull();
    stop();
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ store_id: 3, items: [line], pending: null }));
    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    expect(useCart.getState().items).toEqual([]);
  });

  it('settle only touches a saved cart whose pending order is the one settled', () => {
    useCart.getState().markPending('c-1');
    // Another tab: c-1 refused, the cart ordered again as c-2 (this tab's copy is stale).
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({ store_id: 3, items: [line], pending: { client_id: 'c-2', placed_at: 1 } }),
    );
    expect(useCart.getState().settle('c-1', 'sent')).toBe(false);
    expect(loadCart().pending?.client_id).toBe('c-2');
    expect(loadCart().items).toHaveLength(1);
    expect(useCart.getState().pending?.client_id).toBe('c-2');
    expect(useCart.getState().settle('c-2', 'sent')).toBe(true);
    expect(loadCart().items).toEqual([]);
  });
});
