import { act, screen } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@test/render';
import { socialLinks } from '@/config/social';
import { OfflineCopyNote } from '@/components/ui/offline-note';

afterEach(() => {
  for (const m of document.head.querySelectorAll('meta[name^="agrivet-social"]')) m.remove();
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
});

function meta(name: string, content: string) {
  const el = document.createElement('meta');
  el.name = name;
  el.content = content;
  document.head.append(el);
}

describe('footer social links', () => {
  it('lists only the configured https pages', () => {
    expect(socialLinks()).toEqual([]);
    meta('agrivet-social-facebook', 'https://www.facebook.com/agrivet.sy');
    meta('agrivet-social-telegram', 'javascript:alert(1)');
    expect(socialLinks()).toEqual([{ network: 'facebook', href: 'https://www.facebook.com/agrivet.sy' }]);
  });

  it('hides the follow-us block when no page is configured', async () => {
    vi.resetModules();
    const { default: Footer } = await import('@/components/layout/footer');
    renderWithProviders(<Footer />);
    expect(screen.queryByText('تابعنا')).toBeNull();
    expect(screen.getByText('راسلنا على واتساب', { exact: false })).toBeInTheDocument();
  });
});

describe('offline copy note', () => {
  it('shows list.offlineCopy only while the browser is offline', () => {
    renderWithProviders(<OfflineCopyNote />);
    expect(screen.queryByText('أنت غير متصل، تُعرض آخر نسخة محفوظة')).toBeNull();
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByText('أنت غير متصل، تُعرض آخر نسخة محفوظة')).toBeInTheDocument();
  });
});
