/**
 * The statistics home follows the connection's pushes: a customer's message, a read, an order make the
 * figures be asked again (once per burst; an order through the dashboard layout's live orders), so a card does not say 0 beside a badge that says 1. Its
 * reply times read as the inbox's waits do.
 */
import type { StoreStats } from '@agrivet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUser } from '@test/factories';
import { fakeApi, type Recorded, restoreApi } from '@test/fake-api';
import { renderWithProviders } from '@test/render';
import { signInForTest } from '@test/session';
import { useSession } from '@/stores/session';
import { useLiveOrders } from '@/features/dashboard/lib/use-live-orders';
import StatsHomeRoute from '@/features/dashboard/routes/stats-home';

const pushes = vi.hoisted(() => new Map<string, Set<(payload?: unknown) => void>>());
vi.mock('@/stores/realtime', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/stores/realtime')>()),
  onRealtime: (event: string, handler: (payload?: unknown) => void) => {
    const set = pushes.get(event) ?? new Set();
    set.add(handler);
    pushes.set(event, set);
    return () => set.delete(handler);
  },
}));
const push = (event: string, payload?: unknown) => {
  for (const handler of pushes.get(event) ?? []) handler(payload);
};

/** The statistics inside the dashboard's layout, whose useLiveOrders keeps the orders (and the figures) live. */
function InLayout() {
  useLiveOrders();
  return <StatsHomeRoute />;
}

const stats = (waiting: number, unread: number): StoreStats => ({
  orders_by_status: { 0: 0, 1: 0, 2: 0 },
  orders_per_day: [],
  products_count: 3,
  unread_conversations: unread,
  replies: { median_first_reply_minutes: null, waiting_now: waiting, longest_wait_minutes: null },
});

afterEach(() => {
  restoreApi();
  useSession.getState().clear();
});

const card = (label: string) => screen.getByText(label).parentElement as HTMLElement;
const statsAsked = (requests: Recorded[]) => requests.filter((r) => r.path === 'stats/store').length;

describe('the statistics home, live', () => {
  it('asks for the figures again after a burst of pushes, once, and shows them', async () => {
    let answer = stats(0, 0);
    const requests = fakeApi((req) => (req.path === 'stats/store' ? { data: answer } : undefined));
    signInForTest({ token: 'tok', user: createUser({ type: 3, has_store: true, store: { id: 9 } as never }) });
    renderWithProviders(<InLayout />, { route: '/dashboard' });
    await waitFor(() => expect(within(card('محادثات بانتظار الرد الآن')).getByText('0')).toBeInTheDocument());
    expect(statsAsked(requests)).toBe(1);

    answer = stats(1, 1);
    push('message:new');
    push('conversation:read');
    push('message:new');
    await waitFor(() => expect(within(card('محادثات بانتظار الرد الآن')).getByText('1')).toBeInTheDocument(), {
      timeout: 3_000,
    });
    expect(within(card('محادثات غير مقروءة')).getByText('1')).toBeInTheDocument();
    expect(statsAsked(requests)).toBe(2);

    // an order: through the layout's live orders (api/orders.ts), one request
    answer = stats(0, 0);
    push('order:new', { order: { id: 90, status: 0, updated_at: '2026-11-28T10:00:00.000Z' } });
    await waitFor(() => expect(within(card('محادثات بانتظار الرد الآن')).getByText('0')).toBeInTheDocument(), {
      timeout: 3_000,
    });
    expect(statsAsked(requests)).toBe(3);
  });

  it('says the reply times in words, as the inbox says a wait', async () => {
    fakeApi((req) =>
      req.path === 'stats/store'
        ? {
            data: {
              ...stats(1, 0),
              replies: { median_first_reply_minutes: 0.3, waiting_now: 1, longest_wait_minutes: 3 },
            },
          }
        : undefined,
    );
    signInForTest({ token: 'tok', user: createUser({ type: 3, has_store: true, store: { id: 9 } as never }) });
    renderWithProviders(<StatsHomeRoute />, { route: '/dashboard' });
    await screen.findByText('الزمن الوسيط لأول رد (30 يوماً)');
    expect(within(card('الزمن الوسيط لأول رد (30 يوماً)')).getByText('أقل من دقيقة')).toBeInTheDocument();
    expect(within(card('أطول انتظار الآن')).getByText('3 دقائق')).toBeInTheDocument();
  });
});
