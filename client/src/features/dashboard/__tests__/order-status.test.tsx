/**
 * order/details: the status dialog sends order:update through the relay (mocked here: the realtime
 * layer is the relay's client), shows the new status and says 'تم'; a refusal keeps the dialog open.
 * A status heard from the relay (order:status) replaces the order on screen.
 */
import type { Order } from '@agrivet/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@test/render';
import { notify } from '@/components/ui/toaster';
import { orderKeys } from '@/api/orders';
import { fakeApi, restoreApi } from '@test/fake-api';

const relay = vi.hoisted(() => ({
  write: vi.fn(),
  listeners: new Map<string, (payload: unknown) => void>(),
}));

vi.mock('@/stores/realtime', () => ({
  useRealtime: { getState: () => ({ write: relay.write, status: 'online' }), subscribe: () => () => {} },
  onRealtime: (event: string, handler: (payload: unknown) => void) => {
    relay.listeners.set(event, handler);
    return () => relay.listeners.delete(event);
  },
  onConnected: (handler: () => void) => {
    relay.listeners.set('connected', handler);
    return () => relay.listeners.delete('connected');
  },
}));

const { default: OrderDetailsRoute } = await import('@/features/dashboard/routes/order-details');
const { useLiveOrders } = await import('@/features/dashboard/lib/use-live-orders');

/** The dashboard layout keeps the cached orders live (useLiveOrders) around every screen. */
function InLayout() {
  useLiveOrders();
  return <OrderDetailsRoute />;
}

const order: Order = {
  id: 31,
  user_id: 7,
  store_id: 4,
  total: '14.50',
  total_cents: 1450,
  status: 0,
  stage: 'new',
  eta: null,
  reason: null,
  cancelled_by: null,
  conversation_id: null,
  client_id: null,
  items: [{ product_id: 5, name: 'مبيد فطري', quantity: 2, price: '7.25', price_cents: 725 }],
  products: [{ product_id: 5, name: 'مبيد فطري', quantity: 2, price: '7.25', price_cents: 725 }],
  user: { id: 7, name: 'أحمد المزارع', phone: '0944444444' },
  store: { id: 4, name_store: 'صيدلية الربيع' },
  delivery: {
    province: 1,
    province_name: 'دمشق',
    address: 'المزة، شارع الجلاء',
    phone: '0933000111',
    note: 'اتصل قبل الوصول',
  },
  review: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

let success: ReturnType<typeof vi.spyOn>;
let failure: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  success = vi.spyOn(notify, 'success').mockImplementation(() => {});
  failure = vi.spyOn(notify, 'error').mockImplementation(() => {});
  fakeApi((req) => (req.path === 'order/get/31' ? { data: order } : undefined));
});
afterEach(() => {
  restoreApi();
  vi.restoreAllMocks();
  relay.write.mockReset();
  relay.listeners.clear();
});

async function openDialog() {
  const user = userEvent.setup();
  renderWithProviders(<OrderDetailsRoute />, { route: '/order/details?id=31' });
  expect(await screen.findByRole('heading', { level: 1, name: 'طلب رقم 31' })).toBeInTheDocument();
  expect(await screen.findByTestId('order-total')).toHaveTextContent('14.50 $');
  expect(screen.getByText('0944444444')).toHaveAttribute('href', 'tel:0944444444');
  // The delivery details the farmer gave at checkout (CONTRACT.md §7).
  const delivery = screen.getByTestId('order-delivery');
  expect(delivery).toHaveTextContent('دمشق — المزة، شارع الجلاء');
  expect(delivery).toHaveTextContent('اتصل قبل الوصول');
  expect(screen.getByText('0933000111')).toHaveAttribute('href', 'tel:0933000111');
  expect(screen.getByTestId('order-status')).toHaveTextContent('قيد التنفيذ');
  await user.click(screen.getByRole('button', { name: 'تغيير الحالة' }));
  const dialog = await screen.findByRole('dialog', { name: 'تغيير الحالة' });
  return { user, dialog };
}

describe('order status dialog', () => {
  it('sends order:update {order_id, status} through the relay and shows the saved status', async () => {
    relay.write.mockImplementation((_event: string, payload: { status: 0 | 1 | 2 }) => ({
      client_id: 'c1',
      result: Promise.resolve({ ...order, status: payload.status }),
    }));
    const { user, dialog } = await openDialog();
    await user.selectOptions(within(dialog).getByLabelText('الحالة الجديدة'), 'مكتمل');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(relay.write).toHaveBeenCalledExactlyOnceWith('order:update', { order_id: 31, status: 1 });
    expect(screen.getByTestId('order-status')).toHaveTextContent('مكتمل');
    expect(success).toHaveBeenCalledWith('تم', 'مكتمل');
  });

  it('keeps the dialog open with the error when the relay refuses', async () => {
    relay.write.mockImplementation(() => ({
      client_id: 'c2',
      result: Promise.reject(new Error('اشتراكك منتهي الصلاحية')),
    }));
    const { user, dialog } = await openDialog();
    await user.selectOptions(within(dialog).getByLabelText('الحالة الجديدة'), 'مكتمل');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(failure).toHaveBeenCalled());
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveTextContent('قيد التنفيذ');
    expect(success).not.toHaveBeenCalled();
  });

  it('follows a status change heard from the relay (order:status), applied to the cache', async () => {
    const { queryClient } = renderWithProviders(<InLayout />, { route: '/order/details?id=31' });
    expect(await screen.findByTestId('order-status')).toHaveTextContent('قيد التنفيذ');
    act(() => relay.listeners.get('order:status')?.({ order: { ...order, status: 2 } }));
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('مرفوض'));
    expect(queryClient.getQueryData<Order>(orderKeys.detail(31))?.status).toBe(2);
  });

  it('asks for the order again when the connection comes up: a push sent before it was not heard', async () => {
    renderWithProviders(<InLayout />, { route: '/order/details?id=31' });
    expect(await screen.findByTestId('order-status')).toHaveTextContent('قيد التنفيذ');
    // completed while this page loaded, before its socket had joined the store's room
    restoreApi();
    fakeApi((req) => (req.path === 'order/get/31' ? { data: { ...order, status: 1 } } : undefined));
    act(() => relay.listeners.get('connected')?.(undefined));
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('مكتمل'));
  });
});

describe('how a closed order ended', () => {
  const show = async (closed: Order) => {
    restoreApi();
    fakeApi((req) => (req.path === 'order/get/31' ? { data: closed } : undefined));
    renderWithProviders(<OrderDetailsRoute />, { route: '/order/details?id=31' });
    expect(await screen.findByTestId('order-delivery')).toBeInTheDocument();
  };

  it('a completed order has no box for its steps: nothing is left to do or to say', async () => {
    await show({ ...order, status: 1, stage: 'out_for_delivery' });
    expect(screen.queryByTestId('order-closed')).toBeNull();
    expect(screen.queryByRole('region', { name: 'مراحل الطلب' })).toBeNull();
  });

  it('a rejected order says why', async () => {
    await show({ ...order, status: 2, reason: 'المنتج غير متوفر' });
    expect(screen.getByTestId('order-closed')).toHaveTextContent('المنتج غير متوفر');
  });
});

describe('the order page of the store', () => {
  const show = async (shown: Order) => {
    restoreApi();
    fakeApi((req) => (req.path === 'order/get/31' ? { data: shown } : undefined));
    renderWithProviders(<OrderDetailsRoute />, { route: '/order/details?id=31' });
    expect(await screen.findByTestId('order-delivery')).toBeInTheDocument();
  };

  it('a buyer’s cancel reads «ألغاه المشتري», not the store’s «مرفوض»', async () => {
    await show({ ...order, status: 2, cancelled_by: 'buyer' });
    expect(screen.getByTestId('order-status')).toHaveTextContent('ألغاه المشتري');
    expect(screen.getByTestId('order-status')).not.toHaveTextContent('مرفوض');
  });

  it('the expected delivery day as the buyer reads it (lib/format.ts, Western digits), not «2026-12-02»', async () => {
    await show({ ...order, stage: 'accepted', eta: '2026-12-02' });
    const steps = screen.getByRole('region', { name: 'مراحل الطلب' });
    expect(steps).not.toHaveTextContent('2026-12-02');
    const expected = new Intl.DateTimeFormat('ar-SY-u-nu-latn', { dateStyle: 'full', timeZone: 'UTC' }).format(
      new Date('2026-12-02T00:00:00Z'),
    );
    expect(steps).toHaveTextContent(`موعد التوصيل المتوقع: ${expected}`);
    expect(expected).toMatch(/2026/);
    expect(steps.textContent).not.toMatch(/[\u0660-\u0669]/);
  });

  it('opens the buyer’s conversation in the inbox («فتح المحادثة»), when the order has one', async () => {
    await show({ ...order, conversation_id: 12 });
    expect(screen.getByRole('link', { name: 'فتح المحادثة' })).toHaveAttribute('href', '/dashboard/chats?c=12');
  });

  it('no link without a conversation', async () => {
    await show(order);
    expect(screen.queryByRole('link', { name: 'فتح المحادثة' })).toBeNull();
  });
});
