import type { Order } from '@agrivet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@test/render';
import { trackerSteps } from '@/api/orders';
import { ConfirmDialogHost } from '@/components/ui/confirm-dialog';
import { OrderCard } from '@/features/orders/components/order-card';

const order = (overrides: Partial<Order> = {}): Order =>
  ({
    id: 7,
    user_id: 1,
    store_id: 2,
    status: 0,
    stage: 'new',
    total: '24.90',
    total_cents: 2490,
    eta: null,
    reason: null,
    cancelled_by: null,
    conversation_id: 11,
    client_id: null,
    items: [
      { product_id: 1, name: 'مبيد فطري نحاسي', quantity: 2, price: '7.50', price_cents: 750 },
      { product_id: 2, name: 'بذور فول بلدي', quantity: 1, price: '9.90', price_cents: 990 },
    ],
    products: [],
    user: { id: 1, name: 'مزارع', phone: '0944444444' },
    store: { id: 2, name_store: 'صيدلية الربيع' },
    delivery: null,
    review: null,
    created_at: '2026-11-29T09:47:00.000Z',
    updated_at: '2026-11-29T09:47:00.000Z',
    ...overrides,
  }) as Order;

const renderCard = (o: Order) =>
  renderWithProviders(
    <>
      <ul>
        <OrderCard order={o} />
      </ul>
      <ConfirmDialogHost />
    </>,
  );

describe('the status badge', () => {
  it("reads «ملغى» (not the store's «مرفوض») for an order the buyer cancelled", () => {
    renderCard(order({ status: 2, cancelled_by: 'buyer', reason: 'غيرت رأيي' }));
    expect(screen.getByTestId('order-status')).toHaveTextContent('ملغى');
    expect(screen.getByTestId('order-status')).toHaveAttribute('data-cancelled', 'buyer');
    const steps = within(screen.getByRole('list', { name: 'مراحل الطلب' }));
    expect(steps.getByText('ملغى')).toBeInTheDocument();
    expect(screen.queryByText('مرفوض')).toBeNull();
  });

  it("reads «مرفوض» for the store's rejection", () => {
    renderCard(order({ status: 2, cancelled_by: null, reason: 'نفدت الكمية' }));
    expect(screen.getByTestId('order-status')).toHaveTextContent('مرفوض');
    expect(screen.getByTestId('order-status')).not.toHaveAttribute('data-cancelled');
  });
});

describe('the stepper', () => {
  it('a completed order has every step done, the last one included', () => {
    expect(trackerSteps({ status: 1, stage: 'out_for_delivery' })).toEqual([
      { step: 'new', state: 'done' },
      { step: 'accepted', state: 'done' },
      { step: 'out_for_delivery', state: 'done' },
      { step: 'completed', state: 'done' },
    ]);
    renderCard(order({ status: 1, stage: 'out_for_delivery' }));
    const list = screen.getByRole('list', { name: 'مراحل الطلب' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-state'))).toEqual(['done', 'done', 'done', 'done']);
    expect(items[3]).toHaveTextContent('مكتمل');
    expect(list.querySelector('[aria-current]')).toBeNull();
  });

  it('an order in progress and a rejected one keep their current step', () => {
    expect(trackerSteps({ status: 0, stage: 'accepted' }).map((s) => s.state)).toEqual([
      'done',
      'current',
      'todo',
      'todo',
    ]);
    expect(trackerSteps({ status: 2, stage: 'new' })).toEqual([
      { step: 'new', state: 'done' },
      { step: 'rejected', state: 'current' },
    ]);
  });

  it('lays the steps out as one row of columns, whatever the width', () => {
    renderCard(order({ status: 1, stage: 'out_for_delivery' }));
    const list = screen.getByRole('list', { name: 'مراحل الطلب' });
    expect(getComputedStyle(list).display).toBe('grid');
    expect(getComputedStyle(list).gridTemplateColumns).toBe('repeat(4, minmax(0, 1fr))');
  });
});

describe('cancelling', () => {
  it('the confirm dialog dismisses with «تراجع», never a second «إلغاء» beside «إلغاء الطلب»', async () => {
    const user = userEvent.setup();
    renderCard(order());
    await user.click(screen.getByRole('button', { name: 'إلغاء الطلب' }));
    const dialog = await screen.findByRole('alertdialog');
    const buttons = within(dialog)
      .getAllByRole('button')
      .map((b) => b.textContent?.trim())
      .filter(Boolean);
    expect(buttons).toContain('تراجع');
    expect(buttons).toContain('إلغاء الطلب');
    expect(buttons).not.toContain('إلغاء');
    await user.click(within(dialog).getByRole('button', { name: 'تراجع' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByTestId('order-status')).toHaveTextContent('قيد التنفيذ');
  });
});

describe('prices', () => {
  it('shows each amount as «12.50 $» in a left-to-right isolate (never «$ 12.50» in Arabic text)', () => {
    renderCard(order());
    const total = screen.getByTestId('order-total').querySelector('bdi');
    expect(total).toHaveAttribute('dir', 'ltr');
    expect(total).toHaveTextContent(/^24\.90 \$$/);
    const line = screen.getByText(
      (_, el) => el?.tagName === 'LI' && el.textContent === 'مبيد فطري نحاسي × 2 — 15.00 $',
    );
    expect(line.querySelector('bdi[dir="ltr"]')).toHaveTextContent(/^15\.00 \$$/);
  });
});

describe('rating', () => {
  it('«اختر عدد النجوم» shows once: the error of a form sent without a star, under the legend «التقييم»', async () => {
    const user = userEvent.setup();
    renderCard(order({ status: 1, stage: 'out_for_delivery' }));
    expect(screen.queryByText('اختر عدد النجوم')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'قيّم الطلب' }));
    const form = screen.getByRole('form', { name: 'قيّم الطلب' });
    expect(within(form).getByRole('group', { name: 'التقييم' })).toBeInTheDocument();
    expect(within(form).queryByText('اختر عدد النجوم')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'حفظ التقييم' }));
    expect(within(form).getAllByText('اختر عدد النجوم')).toHaveLength(1);
    expect(within(form).getByRole('alert')).toHaveTextContent('اختر عدد النجوم');
    await user.click(within(form).getByRole('radio', { name: '4 من 5' }));
    expect(within(form).queryByText('اختر عدد النجوم')).toBeNull();
  });
});
