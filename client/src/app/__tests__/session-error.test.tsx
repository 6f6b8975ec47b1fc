import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@test/render';
import { RoleGuard } from '@/features/dashboard/components/role-guard';
import { ApiError } from '@/lib/api-error';
import { useSession } from '@/stores/session';

const apiGet = vi.hoisted(() => vi.fn());
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  apiGet,
  apiPost: vi.fn(),
}));

afterEach(() => {
  apiGet.mockReset();
  useSession.getState().clear();
});

describe('dashboard while the user cannot be fetched', () => {
  it('shows an Arabic error with a retry button instead of an endless spinner', async () => {
    useSession.getState().setToken('tok');
    apiGet.mockRejectedValue(new ApiError(503, 'الخدمة غير متاحة حالياً', 'internal'));
    renderWithProviders(
      <RoleGuard screen="blogList">
        <p>screen</p>
      </RoleGuard>,
    );
    expect(await screen.findByText('تعذر تحميل البيانات')).toBeInTheDocument();
    expect(screen.getByText('الخدمة غير متاحة حالياً')).toBeInTheDocument();
    expect(apiGet).toHaveBeenCalledTimes(1);
    await userEvent.setup().click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    await waitFor(() => expect(apiGet).toHaveBeenCalledTimes(2));
  });
});
