/**
 * A session the server ended (a token expired or revoked, the account blocked) sends its owner to the
 * sign-in screen, which says why (stores/session.ts `ended`); a sign-out of one's own says nothing.
 */
import { apiMessages } from '@agrivet/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createUser } from '@test/factories';
import { renderWithProviders } from '@test/render';
import { signInForTest } from '@test/session';
import { useSession } from '@/stores/session';
import LoginRoute from '@/features/auth/routes/login';

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
