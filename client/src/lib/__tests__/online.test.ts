/**
 * One source for the online state (issue 20): TanStack's onlineManager. Every reader subscribes to it,
 * and the window gets one `online`/`offline` listener pair however many readers there are.
 */
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onBackOnline } from '@/lib/back-online';
import { isOnline, onOnlineChange, startFromNavigator } from '@/lib/online';

afterEach(() => {
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
});

describe('online state', () => {
  it('starts from navigator.onLine and follows the browser’s events', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    startFromNavigator();
    expect(isOnline()).toBe(false);
    expect(onlineManager.isOnline()).toBe(false);
    const seen: boolean[] = [];
    const stop = onOnlineChange((online) => seen.push(online));
    window.dispatchEvent(new Event('online'));
    window.dispatchEvent(new Event('offline'));
    stop();
    expect(seen).toEqual([true, false]);
  });

  it('several readers share one window listener pair', () => {
    const added = vi.spyOn(window, 'addEventListener');
    const stops = [onOnlineChange(() => {}), onOnlineChange(() => {}), onBackOnline(() => {})];
    const onlineListeners = added.mock.calls.filter(([type]) => type === 'online' || type === 'offline');
    expect(onlineListeners.length).toBeLessThanOrEqual(2);
    for (const stop of stops) stop();
  });

  it('back online (not every online event) retries: once per return', () => {
    const retry = vi.fn();
    const stop = onBackOnline(retry);
    window.dispatchEvent(new Event('online')); // already online: nothing new
    expect(retry).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    expect(retry).toHaveBeenCalledTimes(1);
    stop();
  });
});
