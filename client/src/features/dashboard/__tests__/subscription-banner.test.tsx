/** The store's subscription banner: the reminder in force, grace, expiry (with what still works), or none. */
import type { Subscription, User } from '@agrivet/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@test/render';
import { signInForTest } from '@test/session';
import { useSession } from '@/stores/session';
import { FormCard } from '@/features/dashboard/components/form-card';
import { SubscriptionBanner } from '@/features/dashboard/components/subscription-banner';

const sub = (overrides: Partial<Subscription>): Subscription => ({
  plan: 'monthly',
  ends_at: '2026-12-01T09:00:00.000Z',
  grace_ends_at: '2026-12-04T09:00:00.000Z',
  state: 'active',
  days_left: 20,
  reminder: null,
  ...overrides,
});

const user = (overrides: Partial<User>): User => ({
  id: 5,
  name: 'صيدلية',
  phone: '0911111111',
  address: null,
  province: null,
  image: null,
  type: 1,
  status: 0,
  has_store: true,
  store: null,
  created_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('SubscriptionBanner', () => {
  it('says nothing while the end is more than 7 days away, and nothing to farmers', () => {
    const { container, unmount } = renderWithProviders(<SubscriptionBanner user={user({ subscription: sub({}) })} />);
    expect(container.querySelector('[data-testid="subscription-banner"]')).toBeNull();
    unmount();
    renderWithProviders(<SubscriptionBanner user={user({ type: 2, status: 1, subscription: null })} />);
    expect(screen.queryByTestId('subscription-banner')).toBeNull();
    expect(screen.queryByTestId('expired-banner')).toBeNull();
  });

  it('reminds 3 days before the end, with a renew link', () => {
    renderWithProviders(<SubscriptionBanner user={user({ subscription: sub({ days_left: 3, reminder: 3 }) })} />);
    expect(screen.getByTestId('subscription-banner')).toHaveAttribute('data-state', 'active');
    expect(screen.getByText(/ينتهي اشتراكك خلال 3 أيام/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'جدّد الاشتراك' })).toHaveAttribute('href', '/dashboard/subscription');
  });

  it('grace: a warning with the date the grace ends', () => {
    renderWithProviders(
      <SubscriptionBanner user={user({ subscription: sub({ state: 'grace', days_left: -1, reminder: null }) })} />,
    );
    expect(screen.getByTestId('subscription-banner')).toHaveAttribute('data-state', 'grace');
    expect(screen.getByText(/فترة سماح حتى/)).toBeInTheDocument();
  });

  it('expired: what is blocked and that chat replies still work', () => {
    renderWithProviders(
      <SubscriptionBanner user={user({ status: 1, subscription: sub({ state: 'expired', days_left: -5 }) })} />,
    );
    expect(screen.getByText('اشتراكك منتهي الصلاحية')).toBeInTheDocument();
    expect(screen.getByText(/ما يزال بإمكانك الرد على المحادثات/)).toBeInTheDocument();
  });

  it('a disabled account without a recorded subscription keeps the older banner', () => {
    renderWithProviders(<SubscriptionBanner user={user({ status: 1, subscription: null })} />);
    expect(screen.getByTestId('expired-banner')).toHaveAttribute('data-state', 'expired');
    expect(screen.getByText('انتهى اشتراك متجرك')).toBeInTheDocument();
  });

  it('suspended by the admin by hand (its subscription in force): says so, not that it expired', () => {
    renderWithProviders(<SubscriptionBanner user={user({ status: 1, subscription: sub({}) })} />);
    const banner = screen.getByTestId('expired-banner');
    expect(banner).toHaveAttribute('data-state', 'suspended');
    expect(banner).toHaveTextContent('أوقفت الإدارة حساب متجرك');
    expect(banner).not.toHaveTextContent('انتهى اشتراك');
    expect(screen.getByRole('link', { name: 'راسل الدعم' })).toBeInTheDocument();
    expect(screen.queryByTestId('subscription-banner')).toBeNull();
  });
});

describe('a guarded form of a disabled store account', () => {
  afterEach(() => useSession.getState().clear());

  it('says why it is locked: suspended by the administration, or the subscription ended', () => {
    signInForTest({ token: 't', user: user({ status: 1, subscription: sub({}) }) });
    const { unmount } = renderWithProviders(
      <FormCard guarded>
        <p>form</p>
      </FormCard>,
    );
    expect(screen.getByRole('note')).toHaveTextContent('هذا النموذج مقفل لأن الإدارة أوقفت حساب متجرك');
    unmount();
    signInForTest({ token: 't', user: user({ status: 1, subscription: sub({ state: 'expired', days_left: -5 }) }) });
    renderWithProviders(
      <FormCard guarded>
        <p>form</p>
      </FormCard>,
    );
    expect(screen.getByRole('note')).toHaveTextContent('هذا النموذج مقفل لأن اشتراكك منتهٍ');
  });
});
