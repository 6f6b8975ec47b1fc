import { CART_STORAGE_KEY } from '@agrivet/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { followCartStorage, loadCarts, parseCarts, selectCartItems, selectTotalCount, useCart } from '@/stores/cart';

const seeds = { product_id: 5, quantity: 2, name: 'بذور قمح', price_cents: 1250 };
const fertiliser = { product_id: 9, quantity: 1, name: 'سماد', price_cents: 700 };
const vaccine = { product_id: 20, quantity: 3, name: 'لقاح', price_cents: 300 };

/** A fresh copy of the store module, as after a reload (it reads localStorage when created). */
async function reloaded() {
  vi.resetModules();
  return (await import('@/stores/cart')).useCart;
}

beforeEach(() => {
  localStorage.clear();
  useCart.setState({ carts: {} });
});

describe('carts per store (CONTRACT.md §5)', () => {
  it("keeps each store's cart apart: adding to another store does not touch the first", () => {
    useCart.getState().add(3, seeds, 'صيدلية الشام');
    useCart.getState().add(4, vaccine, 'عيادة حمص');
    useCart.getState().add(3, fertiliser);
    const { carts } = useCart.getState();
    expect(carts[3]?.items).toEqual([seeds, fertiliser]);
    expect(carts[3]?.store_name).toBe('صيدلية الشام');
    expect(carts[4]?.items).toEqual([vaccine]);
    expect(selectCartItems(3)(useCart.getState())).toEqual([seeds, fertiliser]);
    expect(selectCartItems(7)(useCart.getState())).toEqual([]);
    // The top bar's count: units in every store's cart.
    expect(selectTotalCount(useCart.getState())).toBe(2 + 1 + 3);
  });

  it('the same product again updates its quantity', () => {
    useCart.getState().add(3, seeds);
    useCart.getState().add(3, { ...seeds, quantity: 7 });
    expect(useCart.getState().carts[3]?.items).toEqual([{ ...seeds, quantity: 7 }]);
  });

  it('survives a reload: every store cart is read back from localStorage', async () => {
    useCart.getState().add(3, seeds, 'صيدلية الشام');
    useCart.getState().add(4, vaccine, 'عيادة حمص');
    const after = await reloaded();
    expect(after.getState().carts[3]).toEqual({
      store_id: 3,
      store_name: 'صيدلية الشام',
      items: [seeds],
      pending: null,
    });
    expect(after.getState().carts[4]?.items).toEqual([vaccine]);
  });

  it("placing an order empties only that store's cart", () => {
    useCart.getState().add(3, seeds);
    useCart.getState().add(4, vaccine);
    useCart.getState().markPending(3, 'c-1');
    expect(useCart.getState().settle('c-1', 'sent')).toBe(true);
    expect(useCart.getState().carts[3]).toBeUndefined();
    expect(useCart.getState().carts[4]?.items).toEqual([vaccine]);
    expect(loadCarts()[4]?.items).toEqual([vaccine]);
    expect(loadCarts()[3]).toBeUndefined();
  });

  it("a pending order locks only its store's cart; 'failed' unlocks it, another client_id is ignored", () => {
    useCart.getState().add(3, seeds);
    useCart.getState().add(4, vaccine);
    useCart.getState().markPending(3, 'c-1');
    expect(useCart.getState().add(3, fertiliser)).toBe(false);
    useCart.getState().setQuantity(3, 5, 9);
    useCart.getState().remove(3, 5);
    expect(useCart.getState().carts[3]?.items).toEqual([seeds]);
    // The other store's cart stays editable.
    expect(useCart.getState().add(4, fertiliser)).toBe(true);
    useCart.getState().setQuantity(4, 20, 5);
    expect(useCart.getState().carts[4]?.items).toEqual([{ ...vaccine, quantity: 5 }, fertiliser]);

    expect(useCart.getState().settle('other', 'sent')).toBe(false);
    expect(useCart.getState().carts[3]?.pending?.client_id).toBe('c-1');
    expect(useCart.getState().settle('c-1', 'failed')).toBe(true);
    expect(useCart.getState().carts[3]).toMatchObject({ items: [seeds], pending: null });
  });

  it('keeps the pending client_id in localStorage (survives a reload)', async () => {
    useCart.getState().add(3, seeds);
    useCart.getState().markPending(3, 'c-1');
    const saved = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null');
    expect(saved.carts[0].pending.client_id).toBe('c-1');
    expect((await reloaded()).getState().carts[3]?.pending?.client_id).toBe('c-1');
  });

  it('removing the last line drops the cart; setPrice takes the store’s current price', () => {
    useCart.getState().add(3, seeds);
    useCart.getState().add(3, fertiliser);
    useCart.getState().setPrice(3, 9, 900);
    expect(useCart.getState().carts[3]?.items[1]?.price_cents).toBe(900);
    useCart.getState().remove(3, 5);
    useCart.getState().remove(3, 9);
    expect(useCart.getState().carts[3]).toBeUndefined();
    expect(parseCarts(localStorage.getItem(CART_STORAGE_KEY))).toEqual({});
  });

  it("reads the single cart an earlier version saved (with a legacy 'local-…' pending id) as that store's", () => {
    const carts = parseCarts(
      JSON.stringify({ store_id: 3, items: [seeds], pending: { client_id: 'local-1700000000000', placed_at: 1 } }),
    );
    expect(carts[3]).toEqual({
      store_id: 3,
      store_name: '',
      items: [seeds],
      pending: { client_id: 'local-1700000000000', placed_at: 1 },
    });
    expect(parseCarts(JSON.stringify({ store_id: null, items: [], pending: null }))).toEqual({});
  });

  it('reads anything malformed as no carts, and drops malformed lines', () => {
    expect(parseCarts('{not json')).toEqual({});
    expect(parseCarts(JSON.stringify({ carts: 'x' }))).toEqual({});
    const carts = parseCarts(
      JSON.stringify({
        version: 2,
        carts: [
          { store_id: 3, items: [seeds, { product_id: 'x' }, { ...fertiliser, quantity: 0 }] },
          { store_id: -1, items: [seeds] },
        ],
      }),
    );
    expect(Object.keys(carts)).toEqual(['3']);
    expect(carts[3]?.items).toEqual([seeds]);
  });

  it('persist (version 2) migrates the single cart version 1 saved, and writes it back as version 2', async () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({ store_id: 3, items: [seeds], pending: { client_id: 'c-9', placed_at: 5 } }),
    );
    const after = await reloaded();
    expect(after.persist.getOptions().version).toBe(2);
    expect(after.getState().carts[3]).toEqual({
      store_id: 3,
      store_name: '',
      items: [seeds],
      pending: { client_id: 'c-9', placed_at: 5 },
    });
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null')).toEqual({
      version: 2,
      carts: [{ store_id: 3, store_name: '', items: [seeds], pending: { client_id: 'c-9', placed_at: 5 } }],
    });
    // what a server-rendered page hydrates with: no carts (the saved ones come after)
    expect(after.getInitialState().carts).toEqual({});
  });

  it('settle reads the saved carts first: a cart another tab already settled is not settled again', () => {
    useCart.getState().add(3, seeds);
    useCart.getState().markPending(3, 'c-1');
    // another tab heard the outbox's answer and removed that cart, then added to another store's
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({ version: 2, carts: [{ store_id: 4, store_name: '', items: [vaccine], pending: null }] }),
    );
    expect(useCart.getState().settle('c-1', 'failed')).toBe(false);
    expect(useCart.getState().carts[3]).toBeUndefined();
    expect(useCart.getState().carts[4]?.items).toEqual([vaccine]);
  });

  it('follows another tab: a storage event for the cart key reloads the carts', () => {
    const target = new EventTarget();
    const stop = followCartStorage(target as unknown as Window);
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({ version: 2, carts: [{ store_id: 8, store_name: 'مشتل', items: [seeds], pending: null }] }),
    );
    target.dispatchEvent(Object.assign(new Event('storage'), { key: CART_STORAGE_KEY }));
    expect(useCart.getState().carts[8]?.items).toEqual([seeds]);
    stop();
  });
});
