import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('@/features/dashboard/lib/beep', () => ({ beep: vi.fn() }));
const { beep } = await import('@/features/dashboard/lib/beep');
const { useOrderAlerts } = await import('@/features/dashboard/stores/order-alerts');

afterEach(() => {
  useOrderAlerts.setState({ soundOn: true });
  vi.mocked(beep).mockClear();
});

describe('new-order alerts', () => {
  it('beeps while the sound is on, stays quiet once turned off, and remembers the choice', () => {
    useOrderAlerts.getState().arrived();
    expect(beep).toHaveBeenCalledTimes(1);
    useOrderAlerts.getState().setSound(false);
    expect(localStorage.getItem('dashboard:order-sound')).toBe('off');
    useOrderAlerts.getState().arrived();
    expect(beep).toHaveBeenCalledTimes(1);
    useOrderAlerts.getState().setSound(true);
    expect(localStorage.getItem('dashboard:order-sound')).toBe('on');
  });
});
