import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '@test/factories';
import { renderWithProviders } from '@test/render';
import { useSession } from '@/stores/session';
import { RequireAuth } from '@/components/layout/require-auth';

function LoginProbe() {
  const location = useLocation();
  const state = location.state as { from?: string } | null;
  return (
    <p>
      login page from {state?.from} {location.search}
    </p>
  );
}

function renderGuarded() {
  return renderWithProviders(
    <Routes>
      <Route element={<RequireAuth />}>
        <Route path="/myorders" element={<p>my orders</p>} />
      </Route>
      <Route path="/login" element={<LoginProbe />} />
    </Routes>,
    { route: '/myorders' },
  );
}

beforeEach(() => useSession.getState().clear());

describe('RequireAuth', () => {
  it('sends a visitor to /login, remembering where they wanted to go', () => {
    renderGuarded();
    expect(screen.getByText('login page from /myorders ?next=%2Fmyorders')).toBeInTheDocument();
  });

  it('waits while the session is restoring', () => {
    useSession.setState({ token: 'tok', user: null, status: 'restoring' });
    renderGuarded();
    expect(screen.queryByText('my orders')).toBeNull();
    expect(screen.queryByText(/login page/)).toBeNull();
  });

  it('renders the screen for a signed-in user, also offline before the user could be fetched', () => {
    useSession.getState().setSession({ token: 'tok', user: createUser() });
    const { unmount } = renderGuarded();
    expect(screen.getByText('my orders')).toBeInTheDocument();
    unmount();
    useSession.setState({ token: 'tok', user: null, status: 'error', error: new Error('offline') });
    renderGuarded();
    expect(screen.getByText('my orders')).toBeInTheDocument();
  });
});
