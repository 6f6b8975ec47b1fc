/**
 * The admin's report queue (/dashboard/reports): a card in the context is read in words (an order card
 * has no text: its number, state and total), and deleting a reported message asks first.
 */
import type { Report, ReportMessage } from '@agrivet/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '@test/factories';
import { fakeApi, restoreApi } from '@test/fake-api';
import { renderWithProviders } from '@test/render';
import { signInForTest } from '@test/session';
import { ConfirmDialogHost } from '@/components/ui/confirm-dialog';
import { useSession } from '@/stores/session';
import ReportsRoute from '@/features/dashboard/routes/reports';
import { paged } from './factories';

const line = (id: number, over: Partial<ReportMessage>): ReportMessage => ({
  id,
  user_id: 8,
  message: null,
  attachment_kind: null,
  card: null,
  deleted: false,
  created_at: '2026-11-29T10:00:00.000Z',
  ...over,
});

const report: Report = {
  id: 4,
  reporter_id: 9,
  conversation_id: 2,
  message_id: 31,
  reason: 'abuse',
  note: null,
  state: 'open',
  created_at: '2026-11-29T10:05:00.000Z',
  reporter: { id: 9, name: 'صيدلية الفرات', phone: '0911111111' },
  reported_user: { id: 8, name: 'مزارع مبلّغ', phone: '0944000111', type: 2, blocked: false },
  message: line(31, { message: 'كلام مسيء' }),
  context: [
    line(29, {
      card: {
        type: 'order',
        order_id: 34,
        status: 0,
        stage: 'accepted',
        total: '12.50',
        cancelled_by: null,
        reason: null,
      },
    }),
    line(30, {
      card: {
        type: 'order',
        order_id: 35,
        status: 2,
        stage: 'new',
        total: '5.00',
        cancelled_by: 'buyer',
        reason: null,
      },
    }),
    line(31, { message: 'كلام مسيء' }),
  ],
  action: null,
  resolved_at: null,
};

beforeEach(() => signInForTest({ token: 't', user: createUser({ id: 1, type: 0 }) }));
afterEach(() => {
  restoreApi();
  useSession.getState().clear();
});

describe('the report queue', () => {
  it('reads an order card by its number, state and total; deleting the message asks first', async () => {
    const user = userEvent.setup();
    const requests = fakeApi((req) => (req.path === 'report/getAll' ? { data: paged([report]) } : undefined));
    renderWithProviders(
      <>
        <ReportsRoute />
        <ConfirmDialogHost />
      </>,
      { route: '/dashboard/reports' },
    );
    expect(await screen.findByText('[بطاقة الطلب رقم 34: مقبول (12.50 $)]')).toBeInTheDocument();
    expect(screen.getByText('[بطاقة الطلب رقم 35: ألغاه المشتري (5.00 $)]')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'حذف الرسالة' }));
    const sure = await screen.findByRole('alertdialog');
    expect(sure).toHaveTextContent('لا يمكن التراجع عن ذلك');
    expect(requests.filter((r) => r.path.startsWith('report/resolve'))).toEqual([]);
  });
});
