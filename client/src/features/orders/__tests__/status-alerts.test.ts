import type { Order, OrderStage } from '@agrivet/shared';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { KNOWN_ORDERS_CAP, useOrderUpdates } from '@/stores/order-updates';
import { orderKeys } from '@/api/orders';
import { watchOrderStatus } from '@/features/orders/lib/status-alerts';

const notify = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), error: vi.fn() }));
vi.mock('@/components/ui/toaster', () => ({ notify }));
const navigateTo = vi.hoisted(() => vi.fn());
vi.mock('@/lib/navigation', () => ({ navigateTo }));
const handlers = vi.hoisted(() => new Map<string, (...args: never[]) => void>());
vi.mock('@/stores/realtime', () => ({
  onRealtime: (event: string, handler: (payload: { order: Order }) => void) => {
    handlers.set(event, handler);
    return () => handlers.delete(event);
  },
  onConnected: (handler: () => void) => {
    handlers.set('connected', handler);
    return () => handlers.delete('connected');
  },
  onOutboxResult: (handler: (...args: unknown[]) => void) => {
    handlers.set('result', handler);
    return () => handlers.delete('result');
  },
}));
// GET order/getAll-byUser: the orders the server has now.
const server = vi.hoisted(() => ({ orders: [] as unknown[], fail: false, calls: 0 }));
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  apiGet: async () => {
    server.calls += 1;
    if (server.fail) throw new Error('offline');
    return { data: server.orders, current_page: 1, last_page: 1 };
  },
  apiPost: async () => ({}),
}));

const T1 = '2026-11-28T10:00:00.000Z';
const T2 = '2026-11-28T11:00:00.000Z';
const order = (
  id: number,
  userId: number,
  status: 0 | 1 | 2,
  stage: OrderStage = 'new',
  updatedAt = T2,
  cancelledBy: 'buyer' | null = null,
) => ({ id, user_id: userId, status, stage, updated_at: updatedAt, cancelled_by: cancelledBy }) as unknown as Order;
const push = (o: Order) => (handlers.get('order:status') as (p: { order: Order }) => void)({ order: o });
const connected = () => (handlers.get('connected') as () => void)();
const placed = (o: Order) =>
  (handlers.get('result') as (...a: unknown[]) => void)('c1', 'sent', { event: 'order:create', result: o });
const saved = (userId: number) => JSON.parse(localStorage.getItem(`agrivet:orders:${userId}`) ?? 'null');

beforeEach(() => {
  notify.info.mockReset();
  handlers.clear();
  localStorage.clear();
  useOrderUpdates.getState().reset();
  Object.assign(server, { orders: [], fail: false, calls: 0 });
});

describe('order status everywhere (issue 14 item 6)', () => {
  it('tells the buyer with a toast, counts it for the badge and updates the cached pages', () => {
    const client = new QueryClient();
    client.setQueryData(orderKeys.minePage(1), { data: [order(5, 7, 0)], current_page: 1, last_page: 1 });
    const stop = watchOrderStatus(client, 7, () => '/blog');
    push(order(5, 7, 1));
    expect(notify.info).toHaveBeenCalledWith('تغيّرت حالة طلبك رقم 5: مكتمل', {
      action: 'order-status-5',
      button: { label: 'طلباتي', onClick: expect.any(Function) },
    });
    // its button leads to «طلباتي»
    notify.info.mock.calls[0][1].button.onClick();
    expect(navigateTo).toHaveBeenCalledWith('/myorders');
    expect(useOrderUpdates.getState().changed).toEqual([5]);
    expect(client.getQueryData<{ data: Order[] }>(orderKeys.minePage(1))?.data[0]?.status).toBe(1);
    // The same order again counts once.
    push(order(5, 7, 2));
    expect(useOrderUpdates.getState().changed).toEqual([5]);
    stop();
    expect(handlers.size).toBe(0);
  });

  it('names the stage while the order is in progress, and says nothing of the buyer’s own cancel', () => {
    const stop = watchOrderStatus(new QueryClient(), 7, () => '/blog');
    push(order(5, 7, 0, 'accepted'));
    expect(notify.info).toHaveBeenLastCalledWith(
      'تغيّرت حالة طلبك رقم 5: مقبول',
      expect.objectContaining({ action: 'order-status-5' }),
    );
    push(order(5, 7, 0, 'out_for_delivery'));
    expect(notify.info).toHaveBeenLastCalledWith(
      'تغيّرت حالة طلبك رقم 5: قيد التوصيل',
      expect.objectContaining({ action: 'order-status-5' }),
    );
    push(order(6, 7, 2, 'new', T2, 'buyer'));
    expect(notify.info).toHaveBeenCalledTimes(2);
    expect(useOrderUpdates.getState().changed).toEqual([5]);
    stop();
  });

  it("ignores other users' orders (a store hears its own) and adds no badge while /myorders is open", () => {
    const stop = watchOrderStatus(new QueryClient(), 7, () => '/myorders');
    push(order(9, 8, 1));
    expect(notify.info).not.toHaveBeenCalled();
    push(order(5, 7, 1));
    expect(notify.info).toHaveBeenCalledTimes(1);
    // on «طلباتي» already: no button to it
    expect(notify.info.mock.calls[0][1].button).toBeUndefined();
    expect(useOrderUpdates.getState().changed).toEqual([]);
    useOrderUpdates.getState().add(3);
    useOrderUpdates.getState().seen();
    expect(useOrderUpdates.getState().changed).toEqual([]);
    stop();
  });
});

describe('changes made while the farmer was away', () => {
  it('are told when the connection comes up: each order that moved since, once', async () => {
    // Last visit: order 5 was new, order 4 accepted (the states this browser told about).
    const first = watchOrderStatus(new QueryClient(), 7, () => '/blog');
    placed(order(5, 7, 0, 'new', T1));
    push(order(4, 7, 0, 'accepted', T1));
    useOrderUpdates.getState().seen();
    first();
    useOrderUpdates.getState().reset();
    notify.info.mockReset();

    // Meanwhile the store accepted 5; 4 did not move; 3 was never seen by this browser.
    server.orders = [order(5, 7, 0, 'accepted'), order(4, 7, 0, 'accepted', T1), order(3, 7, 1)];
    const stop = watchOrderStatus(new QueryClient(), 7, () => '/blog');
    expect(server.calls).toBe(0); // nothing asked before the connection is up
    connected();
    await vi.waitFor(() => expect(notify.info).toHaveBeenCalledTimes(1));
    expect(notify.info).toHaveBeenCalledWith(
      'تغيّرت حالة طلبك رقم 5: مقبول',
      expect.objectContaining({ action: 'order-status-5' }),
    );
    expect(useOrderUpdates.getState().changed).toEqual([5]);
    expect(saved(7).changed).toEqual([5]);
    expect(Object.keys(saved(7).known).sort()).toEqual(['3', '4', '5']);

    // The connection comes up again with nothing new: no second toast.
    connected();
    await vi.waitFor(() => expect(server.calls).toBe(2));
    await new Promise((r) => setTimeout(r, 0));
    expect(notify.info).toHaveBeenCalledTimes(1);
    stop();

    // A reload keeps the badge.
    useOrderUpdates.getState().reset();
    useOrderUpdates.getState().load(7);
    expect(useOrderUpdates.getState().changed).toEqual([5]);
  });

  it('a first visit on this browser only remembers; a failed fetch tells nothing', async () => {
    server.orders = [order(5, 7, 1)];
    server.fail = true;
    const stop = watchOrderStatus(new QueryClient(), 7, () => '/blog');
    connected();
    await vi.waitFor(() => expect(server.calls).toBe(1));
    await new Promise((r) => setTimeout(r, 0));
    expect(saved(7)).toBeNull();
    server.fail = false;
    connected();
    await vi.waitFor(() => expect(saved(7)?.known['5']).toBe(`1:new@${T2}`));
    expect(notify.info).not.toHaveBeenCalled();
    expect(useOrderUpdates.getState().changed).toEqual([]);
    stop();
  });

  it('an answer older than a push heard meanwhile does not undo it or toast again', async () => {
    const stop = watchOrderStatus(new QueryClient(), 7, () => '/blog');
    placed(order(5, 7, 0, 'new', T1));
    server.orders = [order(5, 7, 0, 'new', T1)]; // fetched before the store accepted
    push(order(5, 7, 0, 'accepted', T2));
    connected();
    await vi.waitFor(() => expect(server.calls).toBe(1));
    await new Promise((r) => setTimeout(r, 0));
    expect(notify.info).toHaveBeenCalledTimes(1);
    expect(saved(7).known['5']).toBe(`0:accepted@${T2}`);
    stop();
  });

  it('remembers the newest orders only, per account', () => {
    const stop = watchOrderStatus(new QueryClient(), 7, () => '/blog');
    for (let id = 1; id <= KNOWN_ORDERS_CAP + 5; id++) placed(order(id, 7, 0));
    placed(order(999, 8, 0)); // another account's answer is not this one's
    const ids = Object.keys(saved(7).known).map(Number);
    expect(ids).toHaveLength(KNOWN_ORDERS_CAP);
    expect(Math.min(...ids)).toBe(6);
    expect(ids).not.toContain(999);
    stop();
  });
});
