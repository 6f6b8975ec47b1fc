/**
 * The sign-in and sign-up screens and the session. A session the server ended (a token expired or revoked,
 * the account blocked) sends its owner to the sign-in screen, which says why (stores/session.ts `ended`);
 * a sign-out of one's own says nothing. Either screen opened while signed in goes straight on.
 */
import { apiMessages } from '@agrivet/shared';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createUser } from '@test/factories';
import { renderWithProviders } from '@test/render';
import { signInForTest } from '@test/session';
import { useSession } from '@/stores/session';
import LoginRoute from '@/features/auth/routes/login';
import RegisterRoute from '@/features/auth/routes/register';

afterEach(() => useSession.getState().clear());

describe('the sign-in screen after the server ended the session', () => {
  it('says the account was blocked when that is why', async () => {
    signInForTest({ token: 'old', user: createUser() });
    useSession.getState().clear(apiMessages.ar.accountBlocked);
    renderWithProviders(<LoginRoute />, { route: '/login?next=/chat/1' });
    expect(await screen.findByTestId('session-ended')).toHaveTextContent('تم حظر هذا الحساب، تواصل مع الدعم');
    expect(screen.getByTestId('session-ended')).toHaveAttribute('role', 'status');
  });

  it('says nothing after a sign-out of the user\u2019s own', async () => {
    signInForTest({ token: 'old', user: createUser() });
    useSession.getState().clear();
    renderWithProviders(<LoginRoute />, { route: '/login' });
    expect(await screen.findByLabelText('رقم الهاتف')).toBeInTheDocument();
    expect(screen.queryByTestId('session-ended')).toBeNull();
  });
});

describe('the sign-up screen when already signed in', () => {
  it('goes straight on, as /login does (a farmer home, a store to its dashboard)', async () => {
    signInForTest({ token: 'tok', user: createUser({ type: 2 }) });
    renderWithProviders(
      <Routes>
        <Route path="/createAcount" element={<RegisterRoute />} />
        <Route path="/" element={<p>الصفحة الرئيسية</p>} />
      </Routes>,
      { route: '/createAcount' },
    );
    expect(await screen.findByText('الصفحة الرئيسية')).toBeInTheDocument();
    expect(screen.queryByLabelText('كلمة المرور')).toBeNull();
  });

  it('a visitor gets the form', async () => {
    renderWithProviders(<RegisterRoute />, { route: '/createAcount' });
    expect(await screen.findByLabelText('الاسم')).toBeInTheDocument();
  });
});
