import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@test/render';
import { setLang } from '@/i18n';
import { ApiError } from '@/lib/api-error';
import { Pager } from '@/components/ui/pager';
import { EmptyState, ErrorState } from '@/components/ui/states';

afterEach(async () => {
  await setLang('ar');
});

describe('list states', () => {
  it('a failed load shows an Arabic error with the reason and a retry button that retries', async () => {
    const onRetry = vi.fn();
    renderWithProviders(
      <ErrorState
        error={new ApiError(400, 'لا يوجد رد من الخادم، تحقق من اتصالك بالإنترنت', 'network')}
        onRetry={onRetry}
      />,
    );
    expect(screen.getByText('تعذر تحميل البيانات')).toBeInTheDocument();
    expect(screen.getByText('لا يوجد رد من الخادم، تحقق من اتصالك بالإنترنت')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("the empty list says 'لا يوجد عناصر مطابقة'", () => {
    renderWithProviders(<EmptyState />);
    expect(screen.getByText('لا يوجد عناصر مطابقة')).toBeInTheDocument();
  });

  it('no pager for a single page', () => {
    renderWithProviders(<Pager page={1} lastPage={1} onChange={() => {}} />);
    expect(screen.queryByRole('button', { name: /التالي/ })).toBeNull();
  });

  it('previous/next follow last_page', async () => {
    const onChange = vi.fn();
    const first = renderWithProviders(<Pager page={1} lastPage={3} onChange={onChange} />);
    expect(screen.getByRole('button', { name: /السابق/ })).toBeDisabled();
    await userEvent.setup().click(screen.getByRole('button', { name: /التالي/ }));
    expect(onChange).toHaveBeenCalledWith(2);
    first.unmount();
    renderWithProviders(<Pager page={3} lastPage={3} onChange={onChange} />);
    expect(screen.getByRole('button', { name: /التالي/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /السابق/ })).toBeEnabled();
  });
});

describe('language switch', () => {
  it('Arabic is the default and right-to-left; English flips <html> to ltr', async () => {
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    await setLang('en');
    expect(document.documentElement).toMatchObject({ lang: 'en', dir: 'ltr' });
    expect(localStorage.getItem('lang')).toBe('en');
    await setLang('ar');
    expect(document.documentElement).toMatchObject({ lang: 'ar', dir: 'rtl' });
  });
});
