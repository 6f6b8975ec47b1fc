/**
 * order/list: a buyer's cancel is told apart from the store's rejection in the list («ألغاه المشتري»),
 * and the filter that lists both — order/getAll-byStore?status=2, the API has no finer filter — says so.
 */
import type { Order } from '@agrivet/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, restoreApi } from '@test/fake-api';
import { renderWithProviders } from '@test/render';
import OrderListRoute from '@/features/dashboard/routes/order-list';
import { paged } from './factories';

afterEach(() => restoreApi());

const order = (id: number, overrides: Partial<Order>): Order => ({
  id,
  user_id: 7,
  store_id: 4,
  total: '15.00',
  total_cents: 1500,
  status: 2,
  stage: 'new',
  eta: null,
  reason: null,
  cancelled_by: null,
  conversation_id: 3,
  client_id: null,
  items: [],
  products: [],
  user: { id: 7, name: `مشتري ${id}`, phone: `095500000${id}` },
  store: { id: 4, name_store: 'صيدلية الربيع' },
  delivery: null,
  review: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('the store’s order list', () => {
  it('a buyer’s cancel reads «ألغاه المشتري», a rejection «مرفوض»; the filter of both «مرفوض / ملغى» asks status=2', async () => {
    const requests = fakeApi((req) =>
      req.path === 'order/getAll-byStore'
        ? {
            data: paged([order(7, { cancelled_by: 'buyer', reason: null }), order(6, { reason: 'المنتج غير متوفر' })]),
          }
        : undefined,
    );
    renderWithProviders(<OrderListRoute />, { route: '/order/list' });
    const badges = await screen.findAllByTestId('order-status');
    expect(badges.map((b) => b.textContent)).toEqual(['ألغاه المشتري', 'مرفوض']);
    const filters = screen.getByRole('group', { name: 'المرحلة' });
    await userEvent.setup().click(within(filters).getByRole('button', { name: 'مرفوض / ملغى' }));
    await screen.findByRole('button', { name: 'مرفوض / ملغى', pressed: true });
    expect(requests.at(-1)?.params).toMatchObject({ status: 2 });
  });
});
