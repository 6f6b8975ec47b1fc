import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@test/render';
import { setLang } from '@/i18n';
import { api } from '@/lib/api-client';
import { useSession } from '@/stores/session';
import { createUser } from '@test/factories';
import { LoginForm } from '@/features/auth/components/login-form';
import { RegisterForm } from '@/features/auth/components/register-form';

const originalAdapter = api.defaults.adapter;

afterEach(async () => {
  api.defaults.adapter = originalAdapter;
  useSession.getState().clear();
  await setLang('ar');
});

describe('login form', () => {
  it('shows no error before a field is touched, then the Arabic messages after', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginForm onSuccess={() => {}} />);
    const phone = screen.getByLabelText('رقم الهاتف');
    const password = screen.getByLabelText('كلمة المرور');
    expect(screen.queryByText('هذا الحقل مطلوب')).toBeNull();

    await user.click(phone);
    await user.click(password);
    expect(await screen.findByText('هذا الحقل مطلوب')).toBeInTheDocument();
    // Only the touched field (phone) complains; password is focused but not yet blurred.
    expect(screen.getAllByText('هذا الحقل مطلوب')).toHaveLength(1);

    await user.type(password, 'abc');
    await user.tab();
    expect(await screen.findByText('قصيرة جداً: 4 أحرف على الأقل')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'x'.repeat(51));
    expect(await screen.findByText('طويلة جداً: 50 حرفاً على الأكثر')).toBeInTheDocument();
  });

  it("shows SPEC.md's English messages in English", async () => {
    await setLang('en');
    const user = userEvent.setup();
    renderWithProviders(<LoginForm onSuccess={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    await user.type(screen.getByLabelText('Password'), 'ab');
    await user.tab();
    expect(await screen.findByText('Too Short! At least 4 characters')).toBeInTheDocument();
  });

  it('submits phone and password, stores the session and reports the user', async () => {
    const user = userEvent.setup();
    const onSuccess = vi.fn();
    const farmer = createUser();
    let body: unknown = null;
    api.defaults.adapter = async (config) => {
      body = JSON.parse(String(config.data));
      return {
        status: 200,
        statusText: 'OK',
        headers: {},
        config,
        data: { status: 200, data: { token: 't1', user: farmer } },
      };
    };
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    await user.type(screen.getByLabelText('رقم الهاتف'), '٠٩٤٤ ٤٤٤ ٤٤٤');
    await user.type(screen.getByLabelText('كلمة المرور'), 'farmer1234');
    await user.click(screen.getByRole('button', { name: 'دخول' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(farmer));
    expect(body).toEqual({ phone: '0944444444', password: 'farmer1234' });
    expect(useSession.getState().token).toBe('t1');
    expect(localStorage.getItem('token')).toBe('t1');
  });

  it('keeps the user on the form when the API refuses', async () => {
    const user = userEvent.setup();
    const onSuccess = vi.fn();
    api.defaults.adapter = async (config) => {
      const { AxiosError } = await import('axios');
      const response = {
        status: 401,
        statusText: '',
        headers: {},
        config,
        data: { status: 401, error: { message: 'رقم الهاتف أو كلمة المرور غير صحيحة' } },
      };
      throw new AxiosError('401', 'ERR_BAD_REQUEST', config, {}, response);
    };
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    await user.type(screen.getByLabelText('رقم الهاتف'), '0944444444');
    await user.type(screen.getByLabelText('كلمة المرور'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'دخول' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'دخول' })).not.toHaveAttribute('data-loading'));
    expect(onSuccess).not.toHaveBeenCalled();
    expect(useSession.getState().token).toBeNull();
    // Beside the password field too, not only in a toast.
    expect(await screen.findByText('رقم الهاتف أو كلمة المرور غير صحيحة')).toBeInTheDocument();
    expect(screen.getByLabelText('كلمة المرور')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says under the phone that a blocked account cannot sign in (403 blocked)', async () => {
    const user = userEvent.setup();
    const onSuccess = vi.fn();
    api.defaults.adapter = async (config) => {
      const { AxiosError } = await import('axios');
      const response = {
        status: 403,
        statusText: '',
        headers: {},
        config,
        data: { status: 403, error: { code: 'blocked', message: 'هذا الحساب محظور' } },
      };
      throw new AxiosError('403', 'ERR_BAD_REQUEST', config, {}, response);
    };
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    await user.type(screen.getByLabelText('رقم الهاتف'), '0944444444');
    await user.type(screen.getByLabelText('كلمة المرور'), 'farmer1234');
    await user.click(screen.getByRole('button', { name: 'دخول' }));
    expect(await screen.findByText('هذا الحساب محظور')).toBeInTheDocument();
    expect(screen.getByLabelText('رقم الهاتف')).toHaveAttribute('aria-invalid', 'true');
    expect(onSuccess).not.toHaveBeenCalled();
    expect(useSession.getState().token).toBeNull();
  });

  it('turns a phone typed in Arabic-Indic digits into 0-9 as typed', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginForm onSuccess={() => {}} />);
    const phone = screen.getByLabelText('رقم الهاتف');
    await user.type(phone, '٠٩٤٤٤٤٤٤٤٤');
    expect(phone).toHaveValue('0944444444');
    expect(phone).toHaveAttribute('inputmode', 'tel');
  });
});

describe('register form', () => {
  it('requires phone, name and type, and matching passwords (Arabic)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm onSuccess={() => {}} />);
    expect(screen.queryByText('هذا الحقل مطلوب')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'إنشاء الحساب' }));
    expect((await screen.findAllByText('هذا الحقل مطلوب')).length).toBe(5);

    await user.type(screen.getByLabelText('كلمة المرور'), 'secret1');
    await user.type(screen.getByLabelText('تأكيد كلمة المرور'), 'secret2');
    await user.tab();
    expect(await screen.findByText('كلمتا المرور غير متطابقتين')).toBeInTheDocument();
  });

  it("uses SPEC.md's English strings and offers only doctor and farmer", async () => {
    await setLang('en');
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm onSuccess={() => {}} />);
    expect(screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['1', '2']);
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'other');
    await user.tab();
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
  });

  it('sends the chosen type as a number and stores the session', async () => {
    const user = userEvent.setup();
    const onSuccess = vi.fn();
    let body: Record<string, unknown> = {};
    api.defaults.adapter = async (config) => {
      body = JSON.parse(String(config.data));
      const u = createUser({ type: 1, name: String(body.name) });
      return {
        status: 200,
        statusText: 'OK',
        headers: {},
        config,
        data: { status: 200, data: { token: 't2', user: u } },
      };
    };
    renderWithProviders(<RegisterForm onSuccess={onSuccess} />);
    await user.type(screen.getByLabelText('رقم الهاتف'), '0999111222');
    await user.type(screen.getByLabelText('الاسم'), 'صيدلية الأمل');
    await user.click(screen.getByLabelText('طبيب / صيدلية'));
    await user.type(screen.getByLabelText('كلمة المرور'), 'secret1');
    await user.type(screen.getByLabelText('تأكيد كلمة المرور'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'إنشاء الحساب' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(body).toEqual({
      phone: '0999111222',
      name: 'صيدلية الأمل',
      type: 1,
      password: 'secret1',
      password_confirmation: 'secret1',
    });
    expect(useSession.getState().token).toBe('t2');
  });
});
