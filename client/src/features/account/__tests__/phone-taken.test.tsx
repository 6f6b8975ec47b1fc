/**
 * /account: a phone another account has (user/update's 409 `conflict` with `fields.phone`, CONTRACT.md
 * §8) is said on the phone field, not only in a toast; in English mode in English (issue 24).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '@test/factories';
import { renderWithProviders } from '@test/render';
import { signInForTest } from '@test/session';
import AccountRoute from '@/features/account/routes/account';
import { setLang } from '@/i18n';
import { api } from '@/lib/api-client';
import { useSession } from '@/stores/session';

const originalAdapter = api.defaults.adapter;
const TAKEN = 'رقم الهاتف مسجل مسبقاً';
const farmer = createUser({ id: 7, phone: '0944444444' });

beforeEach(() => {
  signInForTest({ token: 't1', user: farmer });
  api.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    if (config.method === 'post' && config.url?.includes('user/update/7')) {
      const { AxiosError } = await import('axios');
      const data = { status: 409, error: { message: TAKEN, code: 'conflict', fields: { phone: TAKEN } } };
      throw new AxiosError(
        '409',
        'ERR_BAD_REQUEST',
        config,
        {},
        { status: 409, statusText: '', headers: {}, config, data },
      );
    }
    return { status: 200, statusText: 'OK', headers: {}, config, data: { status: 200, data: { user: farmer } } };
  };
});

afterEach(async () => {
  api.defaults.adapter = originalAdapter;
  useSession.getState().clear();
  await setLang('ar');
});

/** The form field (label, input, error text) of an input. */
const fieldOf = (input: HTMLElement) => input.closest('.chakra-field__root');

/** Types another account's phone into the profile form and saves; resolves once the field is refused. */
async function saveTakenPhone(labels: { form: string; phone: string; save: string }) {
  const user = userEvent.setup();
  const form = within(await screen.findByRole('form', { name: labels.form }));
  const phone = form.getByLabelText(labels.phone);
  await user.clear(phone);
  await user.type(phone, '0911111111');
  await user.click(form.getByRole('button', { name: labels.save }));
  await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
  return phone;
}

describe('account: a taken phone', () => {
  it('is said on the phone field, in Arabic', async () => {
    renderWithProviders(<AccountRoute />);
    const phone = await saveTakenPhone({ form: 'بياناتي', phone: 'رقم الهاتف', save: 'حفظ' });
    expect(fieldOf(phone)).toHaveTextContent(TAKEN);
  });

  it('in English in English mode', async () => {
    await setLang('en');
    renderWithProviders(<AccountRoute />);
    const phone = await saveTakenPhone({ form: 'My details', phone: 'Phone number', save: 'Save' });
    expect(fieldOf(phone)).toHaveTextContent('This phone number is already registered');
    expect(screen.queryByText(TAKEN)).toBeNull();
  });
});
