import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useCart } from '../../../stores/cart';
import { useRealtime } from '../../../stores/realtime';
import type { OutboxEntry } from '../../../lib/realtime/port';
import { placeCartOrder, reconcilePendingOrder, watchPendingOrder } from '../lib/pending-order';

const notify = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), error: vi.fn() }));
vi.mock('../../../components/ui/toaster', () => ({ notify }));
const getRecentOrders = vi.hoisted(() => vi.fn());
vi.mock('../api/get-recent-orders', () => ({ getRecentOrders }));
const placeOrder = vi.hoisted(() => vi.fn());
vi.mock('../api/place-order', () => ({ placeOrder }));
// Outbox results as the connection reports them (stores/realtime.ts onOutboxResult).
const results = vi.hoisted(() => new Set<(id: string, outcome: 'sent' | 'failed', error?: string) => void>());
vi.mock('../../../stores/realtime', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../stores/realtime')>()),
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
  useCart.getState().clear();
  useCart.getState().add(3, { product_id: 1, quantity: 2, name: 'بذور', price_cents: 1250 });
  useRealtime.setState({ status: 'idle', outbox: [] });
});

describe('a pending order after a reload', () => {
  it('waits while the order is in the outbox, then empties the cart once the API has it', async () => {
    useCart.getState().markPending('c-9');
    const stop = watchPendingOrder();
    // Reloaded offline: the saved outbox still holds the order.
    useRealtime.setState({ status: 'offline', outbox: [entry('c-9')] });
    useRealtime.setState({ status: 'online' });
    expect(getRecentOrders).not.toHaveBeenCalled();
    expect(useCart.getState().pending?.client_id).toBe('c-9');

    // Acknowledged: it leaves the outbox.
    getRecentOrders.mockResolvedValue([{ id: 4, client_id: 'c-9', store_id: 3, created_at: new Date().toISOString() }]);
    useRealtime.setState({ outbox: [] });
    await vi.waitFor(() => expect(useCart.getState().items).toEqual([]));
    expect(useCart.getState().pending).toBeNull();
    expect(notify.success).toHaveBeenCalledWith('تمت إضافة الطلب');
    stop();
  });

  it('unlocks the cart when the order left the outbox without reaching the API (refused)', async () => {
    useCart.getState().markPending('c-9');
    useRealtime.setState({ status: 'online', outbox: [] });
    getRecentOrders.mockResolvedValue([]);
    await reconcilePendingOrder();
    expect(useCart.getState().pending).toBeNull();
    expect(useCart.getState().items).toHaveLength(1);
    expect(notify.error).toHaveBeenCalled();
  });

  it('does nothing before the connection is online, and keeps the lock if the check fails', async () => {
    useCart.getState().markPending('c-9');
    useRealtime.setState({ status: 'connecting', outbox: [] });
    await reconcilePendingOrder();
    expect(getRecentOrders).not.toHaveBeenCalled();
    useRealtime.setState({ status: 'online' });
    getRecentOrders.mockRejectedValue(new Error('offline'));
    await reconcilePendingOrder();
    expect(useCart.getState().pending?.client_id).toBe('c-9');
  });

  it('settles from the outbox result after a reload, without asking the order list', async () => {
    useCart.getState().markPending('c-9');
    const stop = watchPendingOrder();
    useRealtime.setState({ status: 'online', outbox: [entry('c-9')] });
    // The restored outbox resends it: the result arrives before the outbox list shows it gone.
    report('c-9', 'sent');
    useRealtime.setState({ outbox: [] });
    expect(useCart.getState().items).toEqual([]);
    expect(notify.success).toHaveBeenCalledTimes(1);
    await reconcilePendingOrder();
    expect(getRecentOrders).not.toHaveBeenCalled();
    stop();
  });

  it('a refusal reported by the outbox unlocks the cart with its message', async () => {
    useCart.getState().markPending('c-10');
    const stop = watchPendingOrder();
    useRealtime.setState({ status: 'online', outbox: [entry('c-10')] });
    report('c-10', 'failed', 'المجموع غير صحيح');
    expect(useCart.getState().pending).toBeNull();
    expect(useCart.getState().items).toHaveLength(1);
    expect(notify.error).toHaveBeenCalledTimes(1);
    expect((notify.error.mock.calls[0][0] as Error).message).toBe('المجموع غير صحيح');
    stop();
    expect(results.size).toBe(0);
  });

  it('a result this page saw before the order became pending (another watcher) still counts', async () => {
    const stop = watchPendingOrder();
    report('c-7', 'sent');
    stop();
    useCart.getState().markPending('c-7');
    useRealtime.setState({ status: 'online', outbox: [] });
    await reconcilePendingOrder();
    expect(getRecentOrders).not.toHaveBeenCalled();
    expect(useCart.getState().pending).toBeNull();
  });

  it('an order placed in this tab is settled by its result promise, once, under the client_id write() returned', async () => {
    let answer: (v: unknown) => void = () => {};
    placeOrder.mockReturnValue({ client_id: 'c-5', result: new Promise((r) => (answer = r)) });
    const stop = watchPendingOrder();
    expect(placeCartOrder(3, useCart.getState().items)).toBe('c-5');
    expect(useCart.getState().pending?.client_id).toBe('c-5');
    expect(placeCartOrder(3, useCart.getState().items)).toBeNull(); // locked
    useRealtime.setState({ status: 'online', outbox: [entry('c-5')] });
    report('c-5', 'sent');
    useRealtime.setState({ outbox: [] });
    answer({ id: 1 });
    await vi.waitFor(() => expect(useCart.getState().pending).toBeNull());
    expect(notify.success).toHaveBeenCalledTimes(1);
    expect(getRecentOrders).not.toHaveBeenCalled();
    stop();
  });
});

describe("a legacy 'local-…' pending order (saved before client_ids were chosen up front)", () => {
  it('learns its real client_id from the outbox, then settles by its result', async () => {
    useCart.getState().markPending('local-1');
    const stop = watchPendingOrder();
    useRealtime.setState({ status: 'online', outbox: [entry('real-1')] });
    await reconcilePendingOrder();
    expect(useCart.getState().pending?.client_id).toBe('real-1');
    report('real-1', 'sent');
    expect(useCart.getState().items).toEqual([]);
    stop();
  });

  it('is looked up in the order list by store and time once it left the outbox', async () => {
    useCart.getState().markPending('local-2');
    useRealtime.setState({ status: 'online', outbox: [] });
    getRecentOrders.mockResolvedValue([
      { id: 4, client_id: 'real-1', store_id: 3, created_at: new Date().toISOString() },
    ]);
    await reconcilePendingOrder();
    expect(useCart.getState().pending).toBeNull();
    expect(useCart.getState().items).toEqual([]);
    expect(notify.success).toHaveBeenCalled();
  });
});
