import type { Order } from '@agrivet/shared';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useOrderUpdates } from '@/stores/order-updates';
import { orderKeys } from '@/api/orders';
import { watchOrderStatus } from '@/features/orders/lib/status-alerts';

const notify = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), error: vi.fn() }));
vi.mock('@/components/ui/toaster', () => ({ notify }));
const handlers = vi.hoisted(() => new Map<string, (payload: { order: Order }) => void>());
vi.mock('@/stores/realtime', () => ({
  onRealtime: (event: string, handler: (payload: { order: Order }) => void) => {
    handlers.set(event, handler);
    return () => handlers.delete(event);
  },
}));

const order = (id: number, userId: number, status: 0 | 1 | 2) => ({ id, user_id: userId, status }) as unknown as Order;
const push = (o: Order) => handlers.get('order:status')?.({ order: o });

beforeEach(() => {
  notify.info.mockReset();
  handlers.clear();
  useOrderUpdates.setState({ changed: [] });
});

describe('order status everywhere (issue 14 item 6)', () => {
  it('tells the buyer with a toast, counts it for the badge and updates the cached pages', () => {
    const client = new QueryClient();
    client.setQueryData(orderKeys.minePage(1), { data: [order(5, 7, 0)], current_page: 1, last_page: 1 });
    const stop = watchOrderStatus(client, 7, () => '/blog');
    push(order(5, 7, 1));
    expect(notify.info).toHaveBeenCalledWith('تغيّرت حالة طلبك رقم 5: مكتمل', { action: 'order-status-5' });
    expect(useOrderUpdates.getState().changed).toEqual([5]);
    expect(client.getQueryData<{ data: Order[] }>(orderKeys.minePage(1))?.data[0]?.status).toBe(1);
    // The same order again counts once.
    push(order(5, 7, 2));
    expect(useOrderUpdates.getState().changed).toEqual([5]);
    stop();
    push(order(6, 7, 1));
    expect(notify.info).toHaveBeenCalledTimes(2);
  });

  it("ignores other users' orders (a store hears its own) and adds no badge while /myorders is open", () => {
    const stop = watchOrderStatus(new QueryClient(), 7, () => '/myorders');
    push(order(9, 8, 1));
    expect(notify.info).not.toHaveBeenCalled();
    push(order(5, 7, 1));
    expect(notify.info).toHaveBeenCalledTimes(1);
    expect(useOrderUpdates.getState().changed).toEqual([]);
    useOrderUpdates.getState().add(3);
    useOrderUpdates.getState().seen();
    expect(useOrderUpdates.getState().changed).toEqual([]);
    stop();
  });
});
