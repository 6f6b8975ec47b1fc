/**
 * A taken phone (409 `conflict` with `fields.phone`, CONTRACT.md §8) shows on the phone field of the
 * register form, not only in a toast that vanishes; in English mode in English (issue 24).
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@test/render';
import { RegisterForm } from '@/features/auth/components/register-form';
import { setLang } from '@/i18n';
import { api } from '@/lib/api-client';
import { useSession } from '@/stores/session';

const originalAdapter = api.defaults.adapter;
const TAKEN = 'رقم الهاتف مسجل مسبقاً';

/** The API's answer to a taken phone on auth/register. */
function phoneTaken() {
  api.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    const { AxiosError } = await import('axios');
    const data = { status: 409, error: { message: TAKEN, code: 'conflict', fields: { phone: TAKEN } } };
    throw new AxiosError(
      '409',
      'ERR_BAD_REQUEST',
      config,
      {},
      { status: 409, statusText: '', headers: {}, config, data },
    );
  };
}

/** The form field (label, input, error text) an error text belongs to. */
const fieldOf = (errorText: HTMLElement) => errorText.closest('.chakra-field__root') as HTMLElement;

afterEach(async () => {
  api.defaults.adapter = originalAdapter;
  useSession.getState().clear();
  await setLang('ar');
});

async function fillAndSend(labels: {
  phone: string;
  name: string;
  type: string;
  password: string;
  confirm: string;
  submit: string;
}) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(labels.phone), '0944444444');
  await user.type(screen.getByLabelText(labels.name), 'أبو أحمد');
  await user.click(screen.getByLabelText(labels.type));
  await user.type(screen.getByLabelText(labels.password), 'secret1');
  await user.type(screen.getByLabelText(labels.confirm), 'secret1');
  await user.click(screen.getByRole('button', { name: labels.submit }));
}

describe('register form: a taken phone', () => {
  it('is said on the phone field, in Arabic', async () => {
    phoneTaken();
    const onSuccess = vi.fn();
    renderWithProviders(<RegisterForm onSuccess={onSuccess} />);
    await fillAndSend({
      phone: 'رقم الهاتف',
      name: 'الاسم',
      type: 'مزارع',
      password: 'كلمة المرور',
      confirm: 'تأكيد كلمة المرور',
      submit: 'إنشاء الحساب',
    });
    const phone = screen.getByLabelText('رقم الهاتف');
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    // the message is the phone field's own error text, not another field's
    expect(fieldOf(await screen.findByText(TAKEN))).toContainElement(phone);
    expect(screen.getByLabelText('الاسم')).not.toHaveAttribute('aria-invalid', 'true');
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('is said on the phone field in English in English mode', async () => {
    await setLang('en');
    phoneTaken();
    renderWithProviders(<RegisterForm onSuccess={() => {}} />);
    await fillAndSend({
      phone: 'Phone',
      name: 'Name',
      type: 'Farmer',
      password: 'Password',
      confirm: 'Confirm password',
      submit: 'Create account',
    });
    const phone = screen.getByLabelText('Phone');
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    expect(fieldOf(await screen.findByText('This phone number is already registered'))).toContainElement(phone);
    expect(screen.queryByText(TAKEN)).toBeNull();
  });
});
