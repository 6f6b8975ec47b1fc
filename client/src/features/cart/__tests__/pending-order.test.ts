import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY } from '@agrivet/shared';
import { useCart } from '@/stores/cart';
import { useRealtime } from '@/stores/realtime';
import type { OutboxItem } from '@agrivet/realtime';
import type { OutboxEntry } from '@/lib/realtime/port';
import { TabOutboxStorage } from '@/lib/realtime/tab-outbox-storage';
import {
  placeCartOrder,
  RECHECK_AFTER_MS,
  reconcilePendingOrder,
  watchPendingOrder,
} from '@/features/cart/lib/pending-order';
import { memoryStorageArea } from '@test/storage-area';

const DELIVERY = { province: 1, address: 'دوما، الشارع العام', phone: '0933000000' };
/** Store 3's pending order and lines (null / none once its cart is gone). */
const pendingOf = () => useCart.getState().carts[3]?.pending ?? null;
const itemsOf = () => useCart.getState().carts[3]?.items ?? [];

const notify = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), error: vi.fn() }));
vi.mock('@/components/ui/toaster', () => ({ notify }));
const getRecentOrders = vi.hoisted(() => vi.fn());
vi.mock('@/features/cart/api/get-recent-orders', () => ({ getRecentOrders }));
const placeOrder = vi.hoisted(() => vi.fn());
vi.mock('@/features/cart/api/place-order', () => ({ placeOrder }));
// Outbox results as the connection reports them (stores/realtime.ts onOutboxResult).
const results = vi.hoisted(() => new Set<(id: string, outcome: 'sent' | 'failed', error?: string) => void>());
vi.mock('@/stores/realtime', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/stores/realtime')>()),
  onOutboxResult: (l: (id: string, outcome: 'sent' | 'failed', error?: string) => void) => {
    results.add(l);
    return () => results.delete(l);
  },
}));
const report = (id: string, outcome: 'sent' | 'failed', error?: string) => {
  for (const l of [...results]) l(id, outcome, error);
};

const entry = (client_id: string): OutboxEntry => ({
  client_id,
  event: 'order:create',
  payload: { store_id: 3 },
  state: 'pending',
  created_at: Date.now(),
});

beforeEach(() => {
  notify.success.mockReset();
  placeOrder.mockReset();
  notify.error.mockReset();
  getRecentOrders.mockReset();
  useCart.getState().clear(3);
  useCart.getState().add(3, { product_id: 1, quantity: 2, name: 'بذور', price_cents: 1250 });
  useRealtime.setState({ status: 'idle', outbox: [] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('a pending order after a reload', () => {
  it('waits while the order is in the outbox, then empties the cart once the API has it', async () => {
    useCart.getState().markPending(3, 'c-9');
    const stop = watchPendingOrder();
    // Reloaded offline: the saved outbox still holds the order.
    useRealtime.setState({ status: 'offline', outbox: [entry('c-9')] });
    useRealtime.setState({ status: 'online' });
    expect(getRecentOrders).not.toHaveBeenCalled();
    expect(pendingOf()?.client_id).toBe('c-9');

    // Acknowledged: it leaves the outbox.
    getRecentOrders.mockResolvedValue([{ id: 4, client_id: 'c-9', store_id: 3, created_at: new Date().toISOString() }]);
    useRealtime.setState({ outbox: [] });
    await vi.waitFor(() => expect(itemsOf()).toEqual([]));
    expect(pendingOf()).toBeNull();
    expect(notify.success).toHaveBeenCalledWith('تمت إضافة الطلب', { action: 'order-place' });
    stop();
  });

  it('unlocks the cart when the order left the outbox without reaching the API (refused)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    useCart.getState().markPending(3, 'c-9');
    useRealtime.setState({ status: 'online', outbox: [] });
    getRecentOrders.mockResolvedValue([]);
    const done = reconcilePendingOrder();
    // Not at once: the write may still be on its way into the order list.
    await vi.waitFor(() => expect(getRecentOrders).toHaveBeenCalledTimes(1));
    expect(pendingOf()?.client_id).toBe('c-9');
    await vi.advanceTimersByTimeAsync(RECHECK_AFTER_MS);
    await done;
    expect(getRecentOrders).toHaveBeenCalledTimes(2);
    expect(pendingOf()).toBeNull();
    expect(itemsOf()).toHaveLength(1);
    expect(notify.error).toHaveBeenCalled();
  });

  it('does nothing before the connection is online, and keeps the lock if the check fails', async () => {
    useCart.getState().markPending(3, 'c-9');
    useRealtime.setState({ status: 'connecting', outbox: [] });
    await reconcilePendingOrder();
    expect(getRecentOrders).not.toHaveBeenCalled();
    useRealtime.setState({ status: 'online' });
    getRecentOrders.mockRejectedValue(new Error('offline'));
    await reconcilePendingOrder();
    expect(pendingOf()?.client_id).toBe('c-9');
  });

  it('settles from the outbox result after a reload, without asking the order list', async () => {
    useCart.getState().markPending(3, 'c-9');
    const stop = watchPendingOrder();
    useRealtime.setState({ status: 'online', outbox: [entry('c-9')] });
    // The restored outbox resends it: the result arrives before the outbox list shows it gone.
    report('c-9', 'sent');
    useRealtime.setState({ outbox: [] });
    expect(itemsOf()).toEqual([]);
    expect(notify.success).toHaveBeenCalledTimes(1);
    await reconcilePendingOrder();
    expect(getRecentOrders).not.toHaveBeenCalled();
    stop();
  });

  it('a refusal reported by the outbox unlocks the cart with its message', async () => {
    useCart.getState().markPending(3, 'c-10');
    const stop = watchPendingOrder();
    useRealtime.setState({ status: 'online', outbox: [entry('c-10')] });
    report('c-10', 'failed', 'المجموع غير صحيح');
    expect(pendingOf()).toBeNull();
    expect(itemsOf()).toHaveLength(1);
    expect(notify.error).toHaveBeenCalledTimes(1);
    expect((notify.error.mock.calls[0][0] as Error).message).toBe('المجموع غير صحيح');
    stop();
    expect(results.size).toBe(0);
  });

  it('a result this page saw before the order became pending (another watcher) still counts', async () => {
    const stop = watchPendingOrder();
    report('c-7', 'sent');
    stop();
    useCart.getState().markPending(3, 'c-7');
    useRealtime.setState({ status: 'online', outbox: [] });
    await reconcilePendingOrder();
    expect(getRecentOrders).not.toHaveBeenCalled();
    expect(pendingOf()).toBeNull();
  });

  it('an order placed in this tab is settled by its result promise, once, under the client_id write() returned', async () => {
    let answer: (v: unknown) => void = () => {};
    placeOrder.mockReturnValue({ client_id: 'c-5', result: new Promise((r) => (answer = r)) });
    const stop = watchPendingOrder();
    expect(placeCartOrder(3, itemsOf(), DELIVERY)).toBe('c-5');
    expect(pendingOf()?.client_id).toBe('c-5');
    expect(placeCartOrder(3, itemsOf(), DELIVERY)).toBeNull(); // locked
    useRealtime.setState({ status: 'online', outbox: [entry('c-5')] });
    report('c-5', 'sent');
    useRealtime.setState({ outbox: [] });
    answer({ id: 1 });
    await vi.waitFor(() => expect(pendingOf()).toBeNull());
    expect(notify.success).toHaveBeenCalledTimes(1);
    expect(getRecentOrders).not.toHaveBeenCalled();
    stop();
  });
});

describe("a legacy 'local-…' pending order (saved before client_ids were chosen up front)", () => {
  it('learns its real client_id from the outbox, then settles by its result', async () => {
    useCart.getState().markPending(3, 'local-1');
    const stop = watchPendingOrder();
    useRealtime.setState({ status: 'online', outbox: [entry('real-1')] });
    await reconcilePendingOrder();
    expect(pendingOf()?.client_id).toBe('real-1');
    report('real-1', 'sent');
    expect(itemsOf()).toEqual([]);
    stop();
  });

  it('is looked up in the order list by store and time once it left the outbox', async () => {
    useCart.getState().markPending(3, 'local-2');
    useRealtime.setState({ status: 'online', outbox: [] });
    getRecentOrders.mockResolvedValue([
      { id: 4, client_id: 'real-1', store_id: 3, created_at: new Date().toISOString() },
    ]);
    await reconcilePendingOrder();
    expect(pendingOf()).toBeNull();
    expect(itemsOf()).toEqual([]);
    expect(notify.success).toHaveBeenCalled();
  });
});

describe('two tabs sharing localStorage (each with its own outbox)', () => {
  const order = (client_id: string) =>
    ({
      client_id,
      event: 'order:create',
      payload: { store_id: 3, items: [{ product_id: 1, quantity: 2 }] },
      state: 'pending',
      attempts: 0,
      queued_at: Date.now(),
    }) as unknown as OutboxItem;
  /** What the browser fires in the other tabs after a tab wrote `key` (jsdom does not). */
  const storageEvent = (key: string | null) => window.dispatchEvent(new StorageEvent('storage', { key }));

  /** Tab A: its own cart store (module instance) and outbox over the shared localStorage. */
  async function tabA() {
    vi.resetModules();
    const { useCart: cart } = await import('@/stores/cart');
    const outbox = new TabOutboxStorage(7, {
      session: memoryStorageArea(),
      page: new EventTarget() as unknown as Window,
    });
    return { cart, outbox };
  }

  it("keeps tab B's cart locked while the order waits in tab A's outbox, and follows tab A's settle", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const a = await tabA();
    // Tab A places the order offline: the cart (shared) is locked, the write sits in A's outbox.
    a.cart.getState().markPending(3, 'c-a');
    a.outbox.save([order('c-a')]);
    useCart.getState().syncFromStorage();
    getRecentOrders.mockResolvedValue([]); // the API does not have it yet
    // Tab B comes online first: nothing in its own outbox.
    const stop = watchPendingOrder();
    useRealtime.setState({ status: 'online', outbox: [] });
    await reconcilePendingOrder();
    await vi.advanceTimersByTimeAsync(RECHECK_AFTER_MS * 2);
    expect(getRecentOrders).not.toHaveBeenCalled();
    expect(pendingOf()?.client_id).toBe('c-a');
    expect(placeCartOrder(3, itemsOf(), DELIVERY)).toBeNull(); // no second order from tab B
    expect(placeOrder).not.toHaveBeenCalled();

    // Tab A comes online, its order is acknowledged: A empties the cart, B follows.
    a.cart.getState().settle('c-a', 'sent');
    storageEvent(CART_STORAGE_KEY);
    expect(itemsOf()).toEqual([]);
    expect(pendingOf()).toBeNull();
    a.outbox.save([]);
    storageEvent(a.outbox.key);
    await vi.advanceTimersByTimeAsync(RECHECK_AFTER_MS * 2);
    expect(getRecentOrders).not.toHaveBeenCalled();
    expect(notify.error).not.toHaveBeenCalled();
    stop();
    a.outbox.dispose();
  });

  it("an order that left tab A's outbox first is found in the order list (tab B empties the cart)", async () => {
    const a = await tabA();
    a.cart.getState().markPending(3, 'c-a');
    a.outbox.save([order('c-a')]);
    useCart.getState().syncFromStorage();
    const stop = watchPendingOrder();
    useRealtime.setState({ status: 'online', outbox: [] });
    await reconcilePendingOrder();
    expect(getRecentOrders).not.toHaveBeenCalled();

    getRecentOrders.mockResolvedValue([{ id: 4, client_id: 'c-a', store_id: 3, created_at: new Date().toISOString() }]);
    a.outbox.save([]); // acknowledged: it leaves A's outbox before A writes the cart
    storageEvent(a.outbox.key);
    await vi.waitFor(() => expect(itemsOf()).toEqual([]));
    // Tab A's own settle comes later and finds nothing to do.
    expect(a.cart.getState().settle('c-a', 'sent')).toBe(false);
    stop();
    a.outbox.dispose();
  });

  it("a refusal is settled by tab A (the owner); tab B follows without settling 'failed' itself", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const a = await tabA();
    a.cart.getState().markPending(3, 'c-a');
    a.outbox.save([order('c-a')]);
    useCart.getState().syncFromStorage();
    getRecentOrders.mockResolvedValue([]);
    const stop = watchPendingOrder();
    useRealtime.setState({ status: 'online', outbox: [] });
    // Refused: it leaves A's outbox (B sees that first), then A unlocks the cart.
    a.outbox.save([]);
    storageEvent(a.outbox.key);
    await vi.waitFor(() => expect(getRecentOrders).toHaveBeenCalledTimes(1));
    expect(pendingOf()?.client_id).toBe('c-a'); // not refused on one look
    expect(a.cart.getState().settle('c-a', 'failed')).toBe(true);
    storageEvent(CART_STORAGE_KEY);
    expect(pendingOf()).toBeNull();
    expect(itemsOf()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(RECHECK_AFTER_MS);
    expect(getRecentOrders).toHaveBeenCalledTimes(1);
    expect(notify.error).not.toHaveBeenCalled(); // tab A told the user
    stop();
    a.outbox.dispose();
  });

  it('an order in a closed tab’s saved outbox (not adopted yet) still keeps the lock', async () => {
    const a = await tabA();
    a.cart.getState().markPending(3, 'c-a');
    a.outbox.save([order('c-a')]);
    a.outbox.dispose(); // closed: its outbox waits for the next tab start to adopt it
    useCart.getState().syncFromStorage();
    useRealtime.setState({ status: 'online', outbox: [] });
    getRecentOrders.mockResolvedValue([]);
    await reconcilePendingOrder();
    expect(getRecentOrders).not.toHaveBeenCalled();
    expect(pendingOf()?.client_id).toBe('c-a');
  });

  it('an order missing at first but stored by the re-check is not refused', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    useCart.getState().markPending(3, 'c-9');
    useRealtime.setState({ status: 'online', outbox: [] });
    getRecentOrders
      .mockResolvedValueOnce([])
      .mockResolvedValueOnce([{ id: 4, client_id: 'c-9', store_id: 3, created_at: new Date().toISOString() }]);
    const done = reconcilePendingOrder();
    await vi.advanceTimersByTimeAsync(RECHECK_AFTER_MS);
    await done;
    expect(itemsOf()).toEqual([]);
    expect(notify.error).not.toHaveBeenCalled();
    expect(notify.success).toHaveBeenCalledTimes(1);
  });

  it('a stale settle does not overwrite a cart another tab changed since', async () => {
    const a = await tabA();
    a.cart.getState().markPending(3, 'c-old');
    // Meanwhile (another tab): c-old was refused, then the cart was ordered again as c-new.
    useCart.getState().syncFromStorage();
    expect(useCart.getState().settle('c-old', 'failed')).toBe(true);
    useCart.getState().markPending(3, 'c-new');
    // Tab A's late answer for c-old: the saved cart is not c-old's any more.
    expect(a.cart.getState().settle('c-old', 'sent')).toBe(false);
    expect(itemsOf()).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '{}').carts[0].pending.client_id).toBe('c-new');
    expect(a.cart.getState().carts[3]?.pending?.client_id).toBe('c-new'); // A took the saved cart
    a.outbox.dispose();
  });
});
