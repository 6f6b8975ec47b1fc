import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@test/render';
import ForgetPasswordRoute from '@/features/auth/routes/forget-password';

const notify = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), error: vi.fn() }));
vi.mock('@/components/ui/toaster', () => ({ notify }));
const forgetPassword = vi.hoisted(() => vi.fn());
vi.mock('@/api/auth', async (original) => ({
  ...(await original<typeof import('@/api/auth')>()),
  forgetPassword,
}));

beforeEach(() => {
  notify.success.mockReset();
  notify.error.mockReset();
  forgetPassword.mockReset();
});

describe('/forget-password', () => {
  it('validates the phone, sends it (Arabic digits normalised) and confirms', async () => {
    const user = userEvent.setup();
    forgetPassword.mockResolvedValue({});
    renderWithProviders(<ForgetPasswordRoute />, { route: '/forget-password' });
    expect(screen.getByRole('link', { name: /تواصل|الدعم|واتساب/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/wa\.me\/\d+$/),
    );
    const phone = screen.getByLabelText('رقم الهاتف');
    await user.type(phone, '12');
    await user.click(screen.getByRole('button', { name: 'إرسال الطلب' }));
    expect(await screen.findByText('رقم الهاتف غير صالح')).toBeInTheDocument();
    expect(forgetPassword).not.toHaveBeenCalled();

    await user.clear(phone);
    await user.type(phone, '٠٩٤٤٤٤٤٤٤٤');
    await user.click(screen.getByRole('button', { name: 'إرسال الطلب' }));
    await waitFor(() => expect(forgetPassword).toHaveBeenCalledWith('0944444444'));
    expect(notify.success).toHaveBeenCalledWith('تم استلام طلبك، سيتواصل معك فريق الدعم');
  });

  it('a failure shows the error toast', async () => {
    const user = userEvent.setup();
    forgetPassword.mockImplementation(() => Promise.reject(new Error('رقم الهاتف غير مسجل')));
    renderWithProviders(<ForgetPasswordRoute />, { route: '/forget-password' });
    await user.type(screen.getByLabelText('رقم الهاتف'), '0944444444');
    await user.click(screen.getByRole('button', { name: 'إرسال الطلب' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(new Error('رقم الهاتف غير مسجل'), 'فشل الطلب'));
  });
});
