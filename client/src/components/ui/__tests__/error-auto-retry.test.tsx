import { act, screen } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@test/render';
import { announceReconnected } from '@/lib/back-online';
import OfflineBanner from '@/components/layout/offline-banner';
import { ErrorState } from '@/components/ui/states';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
});

describe('recovery without a click', () => {
  it('a load error retries by itself when the browser comes back online or the relay reconnects (once for both)', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const onRetry = vi.fn();
    renderWithProviders(<ErrorState error={new Error('لم يصل رد من الخادم')} onRetry={onRetry} />);
    act(() => window.dispatchEvent(new Event('offline')));
    expect(onRetry).not.toHaveBeenCalled();
    act(() => {
      window.dispatchEvent(new Event('online'));
      announceReconnected();
    });
    expect(onRetry).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 5_000);
    act(() => announceReconnected());
    expect(onRetry).toHaveBeenCalledTimes(2);
  });

  it('the offline banner shows while the browser is offline (the offline and online events)', () => {
    renderWithProviders(<OfflineBanner />);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('أنت غير متصل بالإنترنت');
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it('a page opened offline shows the banner at once (navigator.onLine is the starting state)', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { startFromNavigator } = await import('@/lib/online');
    startFromNavigator();
    renderWithProviders(<OfflineBanner />);
    expect(screen.getByTestId('offline-banner')).toBeInTheDocument();
  });
});
