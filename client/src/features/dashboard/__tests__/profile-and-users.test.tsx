/**
 * profile/info (name and phone required, image, the session user replaced by the saved one), the
 * admin's user list (status dialog) and the temporary-password dialog, with SPEC.md §8's toasts.
 */
import type { PasswordResetRequest, User } from '@agrivet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUser } from '@test/factories';
import { renderWithProviders } from '@test/render';
import { notify } from '@/components/ui/toaster';
import { setLang } from '@/i18n';
import { useSession } from '@/stores/session';
import { signInForTest } from '@test/session';
import { readSavedUser } from '@/lib/saved-user';
import { PasswordRequests } from '@/features/dashboard/components/password-requests';
import ProfileInfoRoute from '@/features/dashboard/routes/profile-info';
import UserListRoute from '@/features/dashboard/routes/user-list';
import { paged } from './factories';
import { fakeApi, restoreApi } from '@test/fake-api';

// The browser's photo shrinking (canvas) is not in jsdom: a fixed small WebP stands in for it.
vi.mock('@/lib/compress-image', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/compress-image')>()),
  compressImage: vi.fn(async () => ({ bytes: new ArrayBuffer(8), type: 'image/webp', width: 4, height: 2 })),
}));

const REQUIRED = 'هذا الحقل مطلوب';
let success: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  success = vi.spyOn(notify, 'success').mockImplementation(() => {});
  vi.spyOn(notify, 'error').mockImplementation(() => {});
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

afterEach(async () => {
  restoreApi();
  vi.restoreAllMocks();
  useSession.getState().clear();
  await setLang('ar');
});

describe('profile/info', () => {
  it('requires name and phone, sends the image, and replaces the session user with the saved one', async () => {
    const user = userEvent.setup();
    const me = createUser({ id: 12, type: 1, has_store: true, name: 'سامر الحلبي', phone: '0911111111' });
    const saved: User = { ...me, name: 'سامر الحلبي الجديد', phone: '0933333333', image: 'users/12.webp' };
    const requests = fakeApi((req) => (req.path === 'user/update/12' ? { data: { user: saved } } : undefined));
    signInForTest({ token: 't', user: me });
    renderWithProviders(<ProfileInfoRoute />, { route: '/profile/info' });
    expect(screen.getByRole('heading', { level: 1, name: 'الملف الشخصي' })).toBeInTheDocument();
    const name = screen.getByLabelText('الاسم');
    const phone = screen.getByLabelText('رقم الهاتف');
    expect(name).toHaveValue('سامر الحلبي');

    await user.clear(name);
    await user.clear(phone);
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findAllByText(REQUIRED)).toHaveLength(2);
    expect(requests).toHaveLength(0);

    await user.type(name, 'سامر الحلبي الجديد');
    await user.type(phone, '0933333333');
    await user.upload(screen.getByLabelText('الصورة'), new File(['png'], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(document.querySelector('img[src="blob:preview"]')).not.toBeNull());
    await user.click(screen.getByRole('button', { name: 'حفظ' }));

    await waitFor(() => expect(readSavedUser()?.name).toBe('سامر الحلبي الجديد'));
    expect(requests).toEqual([
      {
        method: 'POST',
        path: 'user/update/12',
        body: { name: 'سامر الحلبي الجديد', phone: '0933333333', address: '', image: '[file]' },
      },
    ]);
    expect(readSavedUser()).toMatchObject({ phone: '0933333333', image: 'users/12.webp' });
    expect(success).toHaveBeenCalledWith('تم حفظ الملف الشخصي');
    // The form shows the saved user (the top bar's name reads the same session user).
    await waitFor(() => expect(screen.getByLabelText('الاسم')).toHaveValue('سامر الحلبي الجديد'));
  });

  it('refuses a file that is not an image', async () => {
    const user = userEvent.setup({ applyAccept: false });
    signInForTest({ token: 't', user: createUser({ id: 12 }) });
    fakeApi(() => undefined);
    renderWithProviders(<ProfileInfoRoute />);
    await user.upload(screen.getByLabelText('الصورة'), new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('الملف المختار ليس صورة')).toBeInTheDocument();
  });
});

const doctor = createUser({ id: 20, type: 1, name: 'د. سليم', phone: '0955555555', status: 2, has_store: false });
const farmer = createUser({ id: 21, type: 2, name: 'أبو خالد', phone: '0966666666' });

describe('user/list', () => {
  it('changes a store account status in the dialog: POST user/update/{id} {status}, the row updates, toast "done"', async () => {
    const user = userEvent.setup();
    const requests = fakeApi((req) => {
      if (req.path === 'user/getAll') return { data: paged([doctor, farmer]) };
      if (req.path === 'user/password-requests') return { data: paged([]) };
      if (req.path === 'user/update/20') return { data: { user: { ...doctor, status: 1 } } };
      return undefined;
    });
    signInForTest({ token: 't', user: createUser({ id: 1, type: 0 }) });
    renderWithProviders(<UserListRoute />, { route: '/user/list' });
    const row = (await screen.findByText('د. سليم')).closest('tr') as HTMLElement;
    expect(within(row).getByTestId('user-status')).toHaveTextContent('تجريبي');
    // Farmers have no status column entry.
    const farmerRow = screen.getByText('أبو خالد').closest('tr') as HTMLElement;
    expect(within(farmerRow).queryByTestId('user-status')).toBeNull();
    // A store account without a store: the admin may create one for it.
    expect(within(row).getByRole('link', { name: 'إنشاء متجر: د. سليم' })).toHaveAttribute(
      'href',
      '/bone/add?user_id=20',
    );

    await user.click(within(row).getByRole('button', { name: /^تعديل/ }));
    const dialog = await screen.findByRole('dialog', { name: 'حالة د. سليم' });
    const select = within(dialog).getByLabelText('الحالة');
    expect(select).toHaveValue('2');
    await user.selectOptions(select, 'معطّل');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(row).getByTestId('user-status')).toHaveTextContent('معطّل');
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      { method: 'POST', path: 'user/update/20', body: { status: 1 } },
    ]);
    expect(success).toHaveBeenCalledWith('تم');
  });

  it("keeps the dialog open on failure and says 'done' in English on success", async () => {
    const user = userEvent.setup();
    await setLang('en');
    let fail = true;
    fakeApi((req) => {
      if (req.path === 'user/getAll') return { data: paged([doctor]) };
      if (req.path === 'user/password-requests') return { data: paged([]) };
      if (req.path === 'user/update/20')
        return fail ? { status: 403, error: { message: 'forbidden' } } : { data: { user: { ...doctor, status: 0 } } };
      return undefined;
    });
    renderWithProviders(<UserListRoute />);
    const row = (await screen.findByText('د. سليم')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /^Edit/ }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'Active');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalled());
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(success).toHaveBeenCalledWith('done');
    expect(within(row).getByTestId('user-status')).toHaveTextContent('Active');
  });
});

describe('temporary password dialog', () => {
  const open: PasswordResetRequest = {
    id: 3,
    user_id: 21,
    phone: '0966666666',
    user_name: 'أبو خالد',
    created_at: '2026-01-02T00:00:00.000Z',
  };
  const unknown: PasswordResetRequest = { ...open, id: 4, user_id: null, user_name: null, phone: '0977777777' };

  it('requires a password, sends POST user/set-password/{id}, closes and reloads the requests', async () => {
    const user = userEvent.setup();
    let served = [open, unknown];
    const requests = fakeApi((req) => {
      if (req.path === 'user/password-requests') return { data: paged(served) };
      if (req.path === 'user/set-password/21') {
        served = [unknown];
        return { data: { user: farmer } };
      }
      return undefined;
    });
    renderWithProviders(<PasswordRequests />);
    const section = await screen.findByRole('region', { name: 'طلبات استعادة كلمة المرور' });
    // A phone with no account cannot be given a password.
    const unknownRow = (await within(section).findByText('0977777777')).closest('tr') as HTMLElement;
    expect(within(unknownRow).getByRole('button', { name: 'رقم غير مسجل' })).toBeDisabled();

    const row = within(section).getByText('0966666666').closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'تعيين كلمة مرور مؤقتة' }));
    const dialog = await screen.findByRole('dialog', { name: 'كلمة مرور مؤقتة لـ أبو خالد' });
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(await within(dialog).findByText(REQUIRED)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('كلمة المرور المؤقتة'), 'temp-4821');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      { method: 'POST', path: 'user/set-password/21', body: { password: 'temp-4821' } },
    ]);
    expect(success).toHaveBeenCalledWith('تم تعيين كلمة المرور المؤقتة');
    await waitFor(() => expect(within(section).queryByText('0966666666')).toBeNull());
  });
});
