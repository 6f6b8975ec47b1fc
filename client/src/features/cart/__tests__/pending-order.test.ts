import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useCart } from '../../../stores/cart';
import { useRealtime } from '../../../stores/realtime';
import type { OutboxEntry } from '../../../lib/realtime/port';
import { reconcilePendingOrder, watchPendingOrder } from '../lib/pending-order';

const notify = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), error: vi.fn() }));
vi.mock('../../../components/ui/toaster', () => ({ notify }));
const getRecentOrders = vi.hoisted(() => vi.fn());
vi.mock('../api/get-recent-orders', () => ({ getRecentOrders }));

const entry = (client_id: string): OutboxEntry => ({
  client_id,
  event: 'order:create',
  payload: { store_id: 3 },
  state: 'pending',
  created_at: Date.now(),
});

beforeEach(() => {
  notify.success.mockReset();
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

  it("learns the real client_id of an order placed as 'local-…' from the outbox", async () => {
    useCart.getState().markPending('local-1');
    useRealtime.setState({ status: 'online', outbox: [entry('real-1')] });
    await reconcilePendingOrder();
    expect(useCart.getState().pending?.client_id).toBe('real-1');
  });
});
