import type { Order } from '@agrivet/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@test/render';
import { useRealtime } from '@/stores/realtime';
import MyOrdersRoute from '@/features/orders/routes/my-orders';
import { orderKeys } from '@/api/orders';

const apiGet = vi.hoisted(() => vi.fn());
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  apiGet,
}));
type Handler = (payload: { order: Order }) => void;
const handlers = vi.hoisted(() => new Map<string, (payload: never) => void>());
vi.mock('@/stores/realtime', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/stores/realtime')>()),
  onRealtime: (event: string, handler: (payload: never) => void) => {
    handlers.set(event, handler);
    return () => handlers.delete(event);
  },
}));

const order = (id: number, status: 0 | 1 | 2) =>
  ({
    id,
    status,
    total: '12.50',
    total_cents: 1250,
    created_at: '2025-05-01T10:00:00.000Z',
    store: { id: 2, name_store: 'صيدلية الربيع' },
    items: [],
  }) as unknown as Order;
const page = (orders: Order[]) => ({ data: orders, current_page: 1, last_page: 1, per_page: 10, total: orders.length });

beforeEach(() => {
  apiGet.mockReset();
  apiGet.mockResolvedValue(page([]));
  handlers.clear();
  useRealtime.setState({ status: 'online', outbox: [] });
});

describe('/myorders', () => {
  it('refetches the orders when the connection comes back online', async () => {
    renderWithProviders(<MyOrdersRoute />, { route: '/myorders' });
    expect(await screen.findByText('لم تطلب أي شيء بعد')).toBeInTheDocument();
    expect(apiGet).toHaveBeenCalledTimes(1);

    act(() => useRealtime.setState({ status: 'offline' }));
    expect(apiGet).toHaveBeenCalledTimes(1);
    act(() => useRealtime.setState({ status: 'online' }));
    await waitFor(() => expect(apiGet).toHaveBeenCalledTimes(2));
  });

  it('applies an order:status push to the cached page without a request', async () => {
    apiGet.mockResolvedValue(page([order(31, 0)]));
    const { queryClient } = renderWithProviders(<MyOrdersRoute />, { route: '/myorders' });
    expect(await screen.findByText('قيد التنفيذ')).toBeInTheDocument();
    act(() => (handlers.get('order:status') as Handler)({ order: order(31, 1) }));
    expect(await screen.findByText('مكتمل')).toBeInTheDocument();
    expect(screen.queryByText('قيد التنفيذ')).toBeNull();
    expect(apiGet).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData<{ data: Order[] }>(orderKeys.minePage(1))?.data[0].status).toBe(1);
  });
});
