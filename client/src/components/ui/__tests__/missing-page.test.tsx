/**
 * components/ui/missing-page.tsx: the 404 page the server sent (its HTML carries the view's marker) is
 * drawn by the screen from its first render, before any answer — the render that hydrates that HTML —
 * and only for that address.
 */
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@test/render';
import { paths } from '@/config/paths';
import ArticleRoute from '@/features/posts/routes/article';
import StoreProductsRoute from '@/features/products/routes/store-products';

const apiGet = vi.hoisted(() => vi.fn());
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  apiGet,
  apiPost: vi.fn(),
  api: { defaults: {}, interceptors: {} },
}));

beforeEach(() => {
  // no answer yet: without the server's word the screens would show their loading state
  apiGet.mockReset();
  apiGet.mockImplementation(() => new Promise(() => {}));
});

const routes = (
  <Routes>
    <Route path={paths.store.path} element={<StoreProductsRoute />} />
    <Route path={paths.article.path} element={<ArticleRoute />} />
  </Routes>
);

describe('the 404 page the server sent', () => {
  it('is drawn from the first render, for its own address only', async () => {
    // The server's HTML of /products/999 (missing-page-view.tsx's root), as the browser has it before hydrating.
    window.history.replaceState(null, '', '/products/999');
    const server = document.createElement('div');
    server.innerHTML = '<div data-missing-page=""><h1>المتجر غير موجود</h1></div>';
    document.body.append(server);
    const first = renderWithProviders(routes, { route: '/products/999' });
    server.remove();
    expect(await screen.findByRole('heading', { level: 1, name: 'المتجر غير موجود' })).toBeInTheDocument();
    expect(screen.queryByText('جارٍ التحميل…')).toBeNull();
    first.unmount();

    // Another address of the same visit (a client-side navigation): its loading state while it waits.
    renderWithProviders(routes, { route: '/blog/5' });
    expect(await screen.findByText('جارٍ التحميل…')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'المقال غير موجود' })).toBeNull();
  });
});
