/** A cart's order: locked while its write is queued, settled by how the write left the outbox. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCart } from '@/stores/cart';
import { outboxPrefix, useRealtime } from '@/stores/realtime';
import { placeCartOrder, watchPendingOrder } from '@/features/cart/lib/pending-order';

const DELIVERY = { province: 1, address: 'دوما، الشارع العام', phone: '0933000000' };
/** Store 3's pending order and lines (null / none once its cart is gone). */
const pendingOf = () => useCart.getState().carts[3]?.pending ?? null;
const itemsOf = () => useCart.getState().carts[3]?.items ?? [];

const notify = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), error: vi.fn() }));
vi.mock('@/components/ui/toaster', () => ({ notify }));
const placeOrder = vi.hoisted(() => vi.fn());
vi.mock('@/api/orders', async (importOriginal) => ({ ...(await importOriginal<object>()), placeOrder }));
// Outbox results as the connection reports them, and the user whose outbox is loaded.
type Result = (id: string, outcome: 'sent' | 'failed', detail: { event: string; error?: string }) => void;
const results = vi.hoisted(() => new Set<Result>());
const user = vi.hoisted(() => ({ id: null as number | null }));
vi.mock('@/stores/realtime', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/stores/realtime')>()),
  onOutboxResult: (l: Result) => {
    results.add(l);
    return () => results.delete(l);
  },
  realtimeUserId: () => user.id,
}));
const report = (id: string, outcome: 'sent' | 'failed', error?: string, event = 'order:create') => {
  for (const l of [...results]) l(id, outcome, { event, error });
};

let stop: () => void = () => {};
beforeEach(() => {
  notify.success.mockReset();
  notify.error.mockReset();
  placeOrder.mockReset();
  user.id = null;
  localStorage.clear();
  useCart.getState().clear(3);
  useCart.getState().add(3, { product_id: 1, quantity: 2, name: 'بذور', price_cents: 1250 });
  useRealtime.setState({ status: 'idle', outbox: [] });
});
afterEach(() => stop());

describe('pending order', () => {
  it('locks the cart under the write’s client_id, then empties it once the API has the order', () => {
    stop = watchPendingOrder();
    placeOrder.mockReturnValue({ client_id: 'order-1', result: new Promise(() => {}) });
    expect(placeCartOrder(3, itemsOf(), DELIVERY)).toBe('order-1');
    expect(pendingOf()?.client_id).toBe('order-1');
    expect(placeCartOrder(3, itemsOf(), DELIVERY)).toBeNull(); // locked: no second order
    report('other', 'sent');
    report('order-1', 'sent', undefined, 'message:send'); // not an order: nothing
    expect(pendingOf()?.client_id).toBe('order-1');
    report('order-1', 'sent');
    expect(useCart.getState().carts[3]).toBeUndefined();
    expect(notify.success).toHaveBeenCalledTimes(1);
  });

  it('a refusal unlocks the cart with its message', () => {
    stop = watchPendingOrder();
    placeOrder.mockReturnValue({ client_id: 'order-2', result: new Promise(() => {}) });
    placeCartOrder(3, itemsOf(), DELIVERY);
    report('order-2', 'failed', 'المتجر غير متاح');
    expect(pendingOf()).toBeNull();
    expect(itemsOf()).toHaveLength(1);
    expect(notify.error).toHaveBeenCalledWith(new Error('المتجر غير متاح'), expect.anything(), expect.anything());
  });

  it('after a reload the saved write settles it through the outbox result (no order-list lookup)', () => {
    useCart.getState().markPending(3, 'saved-1');
    localStorage.setItem(`${outboxPrefix(5)}saved-1`, '{}');
    user.id = 5;
    stop = watchPendingOrder();
    expect(pendingOf()?.client_id).toBe('saved-1'); // saved: it will be sent
    report('saved-1', 'sent');
    expect(useCart.getState().carts[3]).toBeUndefined();
  });

  it('a cart waiting for a write saved nowhere is unlocked once the connection has loaded the outbox', () => {
    useCart.getState().markPending(3, 'local-123'); // an older version's placeholder
    stop = watchPendingOrder();
    expect(pendingOf()?.client_id).toBe('local-123'); // nothing known yet
    user.id = 5;
    useRealtime.setState({ status: 'connecting' });
    expect(pendingOf()).toBeNull();
    expect(itemsOf()).toHaveLength(1);
  });

  it('refuses at once when the connection cannot take the write (signed out)', () => {
    stop = watchPendingOrder();
    placeOrder.mockReturnValue({ client_id: '', result: new Promise(() => {}) });
    expect(placeCartOrder(3, itemsOf(), DELIVERY)).toBeNull();
    expect(pendingOf()).toBeNull();
    expect(notify.error).toHaveBeenCalled();
  });
});
