import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { useRealtime } from '../../../stores/realtime';
import MyOrdersRoute from '../routes/my-orders';

const getMyOrders = vi.hoisted(() => vi.fn());
vi.mock('../api/get-my-orders', () => ({ getMyOrders }));

const page = { data: [], current_page: 1, last_page: 1, per_page: 10, total: 0 };

beforeEach(() => {
  getMyOrders.mockReset();
  getMyOrders.mockResolvedValue(page);
  useRealtime.setState({ status: 'online', outbox: [] });
});

describe('/myorders', () => {
  it('reloads the orders when the connection comes back online', async () => {
    renderWithProviders(<MyOrdersRoute />, { route: '/myorders' });
    expect(await screen.findByText('لا توجد طلبات بعد')).toBeInTheDocument();
    expect(getMyOrders).toHaveBeenCalledTimes(1);

    act(() => useRealtime.setState({ status: 'offline' }));
    expect(getMyOrders).toHaveBeenCalledTimes(1);
    act(() => useRealtime.setState({ status: 'online' }));
    await waitFor(() => expect(getMyOrders).toHaveBeenCalledTimes(2));
  });
});
