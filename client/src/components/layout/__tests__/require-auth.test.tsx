import { apiPaths } from '@agrivet/shared';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { createUser } from '@test/factories';
import { renderWithProviders } from '@test/render';
import { useSession } from '@/stores/session';
import { signInForTest } from '@test/session';
import { RequireAuth } from '@/components/layout/require-auth';

const apiGet = vi.hoisted(() => vi.fn());
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  apiGet,
  apiPost: vi.fn(),
}));

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

beforeEach(() => {
  useSession.getState().clear();
  apiGet.mockReset();
});

describe('RequireAuth', () => {
  it('sends a visitor to /login, remembering where they wanted to go', () => {
    renderGuarded();
    expect(screen.getByText('login page from /myorders ?next=%2Fmyorders')).toBeInTheDocument();
  });

  it('draws the screen in the first render when the user is known', () => {
    signInForTest({ token: 'tok', user: createUser() });
    renderGuarded();
    expect(screen.getByText('my orders')).toBeInTheDocument();
  });

  it('waits while the user is first fetched (nothing saved yet)', async () => {
    useSession.getState().setToken('tok');
    apiGet.mockReturnValue(new Promise(() => {}));
    renderGuarded();
    await waitFor(() => expect(apiGet).toHaveBeenCalledWith(apiPaths.auth.user, undefined, expect.anything()));
    expect(screen.queryByText('my orders')).toBeNull();
    expect(screen.queryByText(/login page/)).toBeNull();
  });

  it('renders the screen for a signed-in user, also offline before the user could be fetched', async () => {
    signInForTest({ token: 'tok', user: createUser() });
    const { unmount } = renderGuarded();
    expect(await screen.findByText('my orders')).toBeInTheDocument();
    unmount();
    useSession.getState().clear();
    useSession.getState().setToken('tok');
    apiGet.mockRejectedValue(new ApiError(400, 'لا يوجد رد من الخادم', 'network'));
    renderGuarded();
    expect(await screen.findByText('my orders')).toBeInTheDocument();
  });
});
