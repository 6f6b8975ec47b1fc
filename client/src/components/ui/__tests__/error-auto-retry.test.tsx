import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@test/render';
import { announceReconnected } from '@/lib/back-online';
import OfflineBanner from '@/components/layout/offline-banner';
import { ErrorState } from '@/components/ui/states';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('recovery without a click', () => {
  it('a load error retries by itself when the browser comes back online or the relay reconnects (once for both)', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const onRetry = vi.fn();
    renderWithProviders(<ErrorState error={new Error('لم يصل رد من الخادم')} onRetry={onRetry} />);
    act(() => {
      window.dispatchEvent(new Event('online'));
      announceReconnected();
    });
    expect(onRetry).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 5_000);
    act(() => announceReconnected());
    expect(onRetry).toHaveBeenCalledTimes(2);
  });

  it('the offline banner shows while the browser is offline', () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithProviders(<OfflineBanner />);
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('أنت غير متصل بالإنترنت');
    online.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });
});
