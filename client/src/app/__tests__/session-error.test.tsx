import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@test/render';
import { RoleGuard } from '@/features/dashboard/components/role-guard';
import { ApiError } from '@/lib/api-error';
import { useSession } from '@/stores/session';

afterEach(() => {
  vi.restoreAllMocks();
  useSession.getState().clear();
});

describe('dashboard while the user cannot be fetched', () => {
  it('shows an Arabic error with a retry button instead of an endless spinner', async () => {
    const restore = vi.spyOn(useSession.getState(), 'restore').mockResolvedValue();
    useSession.setState({
      token: 'tok',
      user: null,
      status: 'error',
      error: new ApiError(503, 'الخدمة غير متاحة حالياً', 'internal'),
      restore,
    });
    renderWithProviders(
      <RoleGuard screen="blogList">
        <p>screen</p>
      </RoleGuard>,
    );
    expect(screen.getByText('تعذر تحميل البيانات')).toBeInTheDocument();
    expect(screen.getByText('الخدمة غير متاحة حالياً')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(restore).toHaveBeenCalled();
  });
});
