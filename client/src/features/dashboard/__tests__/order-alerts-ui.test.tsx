/**
 * New-order alerts where the side bar is out of sight (phones: the drawer is closed) and audio that is
 * unlocked by the first gesture, so the beep is heard after a reload.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUser } from '@test/factories';
import { renderWithProviders } from '@test/render';
import { DashboardTopBar } from '@/features/dashboard/components/dashboard-top-bar';
import { beep, resetAudioForTests, unlockAudioOnGesture } from '@/features/dashboard/lib/beep';
import { useOrderAlerts } from '@/features/dashboard/stores/order-alerts';
import { addStoreOrder, applyOrder } from '@/api/orders';
import type { Order } from '@agrivet/shared';
import { createTestQueryClient } from '@test/render';

// GET order/getAll-byStore?stage=new: how many orders wait for the store, as the server counts them.
// GET subscription/requests?state=open: how many renewal requests wait for the admin.
const server = vi.hoisted(() => ({ waiting: 0, renewals: 0, asked: [] as unknown[] }));
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  apiGet: async (path: string, params: unknown) => {
    // the chat list's unread count (the bar's chats link) is not what these tests count
    if (path.startsWith('conversation/')) return { data: [], current_page: 1, last_page: 1, per_page: 1, total: 0 };
    server.asked.push(params);
    const total = path === 'subscription/requests' ? server.renewals : server.waiting;
    return { data: [], current_page: 1, last_page: 1, per_page: 1, total };
  },
  apiPost: async () => ({}),
}));

/** A Web Audio stand-in: starts suspended (no gesture yet), runs once resumed. */
class FakeAudioContext {
  static created = 0;
  static resumed = 0;
  state: AudioContextState = 'suspended';
  currentTime = 0;
  destination = {};
  constructor() {
    FakeAudioContext.created += 1;
  }
  resume() {
    FakeAudioContext.resumed += 1;
    this.state = 'running';
    return Promise.resolve();
  }
  createGain() {
    return {
      connect() {},
      gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
    };
  }
  createOscillator() {
    return { type: 'sine', frequency: { value: 0 }, connect() {}, start() {}, stop() {} };
  }
}

function installAudio() {
  FakeAudioContext.created = 0;
  FakeAudioContext.resumed = 0;
  vi.stubGlobal('AudioContext', FakeAudioContext);
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetAudioForTests();
  useOrderAlerts.setState({ soundOn: true });
  Object.assign(server, { waiting: 0, renewals: 0, asked: [] });
});

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('audio unlocked by the first gesture', () => {
  it('creates and resumes the context on the first pointerdown, then stops listening', async () => {
    installAudio();
    const stop = unlockAudioOnGesture();
    expect(FakeAudioContext.created).toBe(0);
    window.dispatchEvent(new Event('pointerdown'));
    expect(FakeAudioContext.created).toBe(1);
    expect(FakeAudioContext.resumed).toBe(1);
    await flush();
    window.dispatchEvent(new Event('keydown'));
    expect(FakeAudioContext.resumed).toBe(1);
    // The order that arrives later beeps through the same, running context.
    beep();
    expect(FakeAudioContext.created).toBe(1);
    stop();
  });

  it('also unlocks on a key press, and does nothing without Web Audio', () => {
    installAudio();
    const stop = unlockAudioOnGesture();
    window.dispatchEvent(new Event('keydown'));
    expect(FakeAudioContext.created).toBe(1);
    stop();
    vi.unstubAllGlobals();
    vi.stubGlobal('AudioContext', undefined);
    resetAudioForTests();
    expect(() => unlockAudioOnGesture()()).not.toThrow();
    expect(() => beep()).not.toThrow();
  });

  it('is armed by the store top bar while the sound is on', () => {
    installAudio();
    const user = createUser({ type: 1, has_store: true, name: 'صيدلية' });
    const { unmount } = renderWithProviders(
      <DashboardTopBar user={user} collapsed={false} onToggleCollapse={() => {}} onOpenDrawer={() => {}} />,
    );
    window.dispatchEvent(new Event('pointerdown'));
    expect(FakeAudioContext.created).toBe(1);
    unmount();
  });
});

describe('orders waiting for the store on the phone menu button', () => {
  const renderBar = (type: 0 | 1 | 3, queryClient = createTestQueryClient()) =>
    renderWithProviders(
      <DashboardTopBar
        user={createUser({ type, has_store: type !== 0, name: 'حساب' })}
        collapsed={false}
        onToggleCollapse={() => {}}
        onOpenDrawer={() => {}}
      />,
      { queryClient },
    );

  it('shows how many new orders wait, as the server counts them (placed while away too)', async () => {
    server.waiting = 3;
    renderBar(3);
    const menu = await screen.findByRole('button', { name: 'فتح القائمة (3 طلبات جديدة)' });
    expect(menu).toContainElement(screen.getByTestId('menu-new-orders'));
    expect(screen.getByTestId('menu-new-orders')).toHaveTextContent('3');
    expect(server.asked).toEqual([{ page_number: 1, per_page: 1, stage: 'new' }]);
  });

  it('shows nothing when no order waits', async () => {
    renderBar(1);
    await waitFor(() => expect(server.asked).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'فتح القائمة' })).toBeInTheDocument();
    expect(screen.queryByTestId('menu-new-orders')).toBeNull();
  });

  it('counts what waits for the admin on its menu button: open reports and renewal requests (no orders of its own)', async () => {
    server.waiting = 2;
    renderBar(0);
    expect(await screen.findByRole('button', { name: 'فتح القائمة (بلاغان مفتوحان)' })).toBeInTheDocument();
    expect(screen.getByTestId('menu-admin-waiting')).toHaveTextContent('2');
    expect(screen.queryByTestId('menu-new-orders')).toBeNull();
    expect(server.asked).toEqual([
      { state: 'open', page_number: 1, per_page: 1 },
      { state: 'open', page_number: 1, per_page: 1 },
    ]);
  });

  it("adds the renewal requests to the admin's count, each named in the button's label", async () => {
    server.waiting = 2;
    server.renewals = 1;
    renderBar(0);
    expect(
      await screen.findByRole('button', { name: 'فتح القائمة (بلاغان مفتوحان وطلب تجديد واحد)' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('menu-admin-waiting')).toHaveTextContent('3');
  });

  it('follows the order pushes: a new order counts, an answered one goes', async () => {
    vi.stubGlobal('AudioContext', undefined);
    const queryClient = createTestQueryClient();
    renderBar(1, queryClient);
    // the order comes while the first count is still on its way (answered before the order): asked again
    await waitFor(() => expect(server.asked).toHaveLength(1));
    server.waiting = 1;
    addStoreOrder(queryClient, { id: 5 } as Order);
    expect(await screen.findByTestId('menu-new-orders')).toHaveTextContent('1');
    server.waiting = 0;
    applyOrder(queryClient, { id: 5, updated_at: new Date().toISOString() } as Order);
    await waitFor(() => expect(screen.queryByTestId('menu-new-orders')).toBeNull());
  });
});
