import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createProduct } from '@test/factories';
import { renderWithProviders } from '@test/render';
import SearchRoute from '@/features/search/routes/search';

const apiGet = vi.hoisted(() => vi.fn());
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  apiGet,
}));

const paged = <T,>(data: T[], current_page: number, last_page: number, total: number) => ({
  data,
  current_page,
  last_page,
  per_page: 10,
  total,
});

beforeEach(() => {
  apiGet.mockReset();
  apiGet.mockImplementation(async (_path: string, { page_number: page }: { page_number: number }) => ({
    stores: paged([], page, 1, 0),
    products: paged([createProduct({ id: page, name: `منتج ${page}` })], page, 3, 25),
    posts: paged([], page, 1, 0),
  }));
});

describe('/search pages', () => {
  it('reads ?page= and moves with the shared Pager up to the largest last_page', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SearchRoute />, { route: '/search?q=قمح&page=2' });
    expect(await screen.findByText('منتج 2')).toBeInTheDocument();
    // a product found leads to its own page, and to its store's
    // (each link named with what it opens: a screen reader's list of links tells them apart)
    expect(screen.getByRole('link', { name: 'عرض المنتج: منتج 2' })).toHaveAttribute('href', '/product/2');
    expect(apiGet).toHaveBeenLastCalledWith('search', { q: 'قمح', page_number: 2 }, expect.anything());
    expect(screen.getByText('صفحة 2 من 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /التالي/ }));
    expect(await screen.findByText('منتج 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /التالي/ })).toBeDisabled();
    // Back to page 2: shown from the cache at once, no second request.
    await user.click(screen.getByRole('button', { name: /السابق/ }));
    expect(await screen.findByText('منتج 2')).toBeInTheDocument();
    expect(apiGet).toHaveBeenCalledTimes(2);
  });
});
