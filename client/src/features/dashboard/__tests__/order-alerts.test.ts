import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('@/features/dashboard/lib/beep', () => ({ beep: vi.fn() }));
const { beep } = await import('@/features/dashboard/lib/beep');
const { useOrderAlerts } = await import('@/features/dashboard/stores/order-alerts');

afterEach(() => {
  useOrderAlerts.setState({ unseen: 0, soundOn: true });
  vi.mocked(beep).mockClear();
});

describe('new-order alerts', () => {
  it('counts new orders for the badge until the order list is opened', () => {
    useOrderAlerts.getState().arrived();
    useOrderAlerts.getState().arrived();
    expect(useOrderAlerts.getState().unseen).toBe(2);
    useOrderAlerts.getState().markSeen();
    expect(useOrderAlerts.getState().unseen).toBe(0);
  });

  it('beeps while the sound is on, stays quiet once turned off, and remembers the choice', () => {
    useOrderAlerts.getState().arrived();
    expect(beep).toHaveBeenCalledTimes(1);
    useOrderAlerts.getState().setSound(false);
    expect(localStorage.getItem('dashboard:order-sound')).toBe('off');
    useOrderAlerts.getState().arrived();
    expect(beep).toHaveBeenCalledTimes(1);
    expect(useOrderAlerts.getState().unseen).toBe(2);
    useOrderAlerts.getState().setSound(true);
    expect(localStorage.getItem('dashboard:order-sound')).toBe('on');
  });
});
