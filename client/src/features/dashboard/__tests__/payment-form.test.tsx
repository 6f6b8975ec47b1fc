/**
 * The admin's payment form (/dashboard/subscriptions, CONTRACT.md §8): an account number that is not
 * digits is said beside the field without a request; a refusal about a field is said there, not in a
 * toast; a payment filled from a renewal request keeps that request's plan.
 */
import type { SubscriptionRequest, SubscriptionStats } from '@agrivet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUser } from '@test/factories';
import { fakeApi, restoreApi } from '@test/fake-api';
import { renderWithProviders } from '@test/render';
import { signInForTest } from '@test/session';
import { notify } from '@/components/ui/toaster';
import { useSession } from '@/stores/session';
import SubscriptionsAdminRoute from '@/features/dashboard/routes/subscriptions-admin';
import { paged } from './factories';

const stats: SubscriptionStats = {
  revenue_this_month_cents: 0,
  revenue_last_month_cents: 0,
  stores_by_state: { trial: 0, active: 1, grace: 0, expired: 0, suspended: 0 },
  renewals_due: [],
  open_requests: 1,
};
const request: SubscriptionRequest = {
  id: 2,
  user: { id: 3, name: 'سامر الحلبي', phone: '0911111111', store_name: 'صيدلية الفرات' },
  plan: 'yearly',
  method: 'cash',
  reference: null,
  state: 'open',
  payment_id: null,
  created_at: '2026-11-29T10:00:00.000Z',
  closed_at: null,
};

let toastError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  // jsdom has no scrolling: filling the form from a request scrolls it into view
  Element.prototype.scrollIntoView = vi.fn();
  toastError = vi.spyOn(notify, 'error').mockImplementation(() => {});
  signInForTest({ token: 't', user: createUser({ id: 1, type: 0 }) });
});
afterEach(() => {
  restoreApi();
  vi.restoreAllMocks();
  useSession.getState().clear();
});

const route = (payment?: () => { status: number; error: { message: string; fields?: Record<string, string> } }) =>
  fakeApi((req) => {
    if (req.path === 'subscription/stats') return { data: stats };
    if (req.path === 'subscription/requests') return { data: paged([request]) };
    if (req.path === 'subscription/payment' && payment) return payment();
    return undefined;
  });

describe('the payment form', () => {
  it('an account number that is not digits is said beside the field, and nothing is sent', async () => {
    const user = userEvent.setup();
    const requests = route();
    renderWithProviders(<SubscriptionsAdminRoute />, { route: '/dashboard/subscriptions' });
    const form = document.getElementById('payment-form') as HTMLElement;
    await user.type(within(form).getByLabelText('رقم حساب المتجر'), 'abc');
    await user.click(within(form).getByRole('button', { name: 'تسجيل دفعة' }));
    expect(await within(form).findByText('أدخل رقم الحساب بالأرقام، كما يظهر في قائمة المستخدمين')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === 'subscription/payment')).toEqual([]);
  });

  it("the API's refusal of the account is said beside the field, with no toast", async () => {
    const user = userEvent.setup();
    route(() => ({ status: 422, error: { message: 'البيانات غير صالحة', fields: { user_id: 'معرّف غير صالح' } } }));
    renderWithProviders(<SubscriptionsAdminRoute />, { route: '/dashboard/subscriptions' });
    const form = document.getElementById('payment-form') as HTMLElement;
    await user.type(within(form).getByLabelText('رقم حساب المتجر'), '999');
    await user.click(within(form).getByRole('button', { name: 'تسجيل دفعة' }));
    expect(await within(form).findByText('معرّف غير صالح')).toBeInTheDocument();
    expect(toastError).not.toHaveBeenCalled();
  });

  it('the screen titles the browser tab by its heading', async () => {
    route();
    renderWithProviders(<SubscriptionsAdminRoute />, { route: '/dashboard/subscriptions' });
    await waitFor(() => expect(document.title).toBe('الاشتراكات — أغريفت'));
  });

  it("filled from a renewal request, the plan is the request's and cannot be changed", async () => {
    const user = userEvent.setup();
    route();
    renderWithProviders(<SubscriptionsAdminRoute />, { route: '/dashboard/subscriptions' });
    await user.click(await screen.findByRole('button', { name: 'تسجيل دفعة: صيدلية الفرات' }));
    const form = document.getElementById('payment-form') as HTMLElement;
    const plan = within(form).getByRole('combobox', { name: 'الباقة' });
    expect(plan).toHaveValue('yearly');
    expect(plan).toBeDisabled();
  });
});
