/**
 * A store opening its inbox cold (a notification): once the inbox screen is preloaded (app/router.tsx
 * SIGNED_IN_FIRST), the dashboard's screen loader draws it in the first render — not a committed Suspense
 * fallback first, whose content React would reveal at least 300 ms later.
 */
import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUser } from '@test/factories';
import { renderWithProviders } from '@test/render';
import { signInForTest } from '@test/session';
import { useSession } from '@/stores/session';
import DashboardScreen, { preloadInboxScreen } from '@/features/dashboard/components/dashboard-screen';

vi.mock('@/features/dashboard/routes/store-chats', () => ({ default: () => <p>the inbox</p> }));

afterEach(() => useSession.getState().clear());

describe('the dashboard screen loader', () => {
  it('draws the preloaded inbox in the first render', async () => {
    signInForTest({ token: 'tok', user: createUser({ type: 3, has_store: true, store: { id: 9 } as never }) });
    await preloadInboxScreen();
    renderWithProviders(
      <Suspense fallback={<p>loading</p>}>
        <DashboardScreen screen="chats" />
      </Suspense>,
      { route: '/dashboard/chats' },
    );
    expect(screen.getByText('the inbox')).toBeInTheDocument();
    expect(screen.queryByText('loading')).toBeNull();
  });
});
