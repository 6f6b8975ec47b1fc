/**
 * The tab's title of each public page in the browser is the one the server renders into <title>
 * (app/ssr/prefetch.ts, both from lib/page-title.ts): once the page's code runs, after a client-side
 * navigation from one page to another, and for a missing store, product or article (which also say so,
 * with the way on and no «إعادة المحاولة»). The API answers are stubbed at the api client; the server's
 * head is computed from the same answers.
 */
import type { Paged, Post, Product, Store } from '@agrivet/shared';
import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Page } from '@/components/ui/page';
import { createProduct } from '@test/factories';
import { renderWithProviders } from '@test/render';
import { prefetchScreen } from '@/app/ssr/prefetch';
import NotFoundRoute from '@/app/routes/not-found';
import { paths } from '@/config/paths';
import LandingRoute from '@/features/landing/routes/landing';
import ArticleRoute from '@/features/posts/routes/article';
import BlogRoute from '@/features/posts/routes/blog';
import ProductRoute from '@/features/products/routes/product';
import StoreProductsRoute from '@/features/products/routes/store-products';
import SearchRoute from '@/features/search/routes/search';
import { ClinicsRoute, NurseriesRoute, PharmaciesRoute } from '@/features/stores/routes/stores-list';
import { ApiError } from '@/lib/api-error';
import { titleWithUnread } from '@/lib/message-alerts';

const apiGet = vi.hoisted(() => vi.fn());
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  apiGet,
  apiPost: vi.fn(),
  api: { defaults: {}, interceptors: {} },
}));

const store = {
  id: 3,
  user_id: 30,
  city: 2,
  city_name: 'حماة',
  address: 'شارع العلمين',
  name_store: 'صيدلية الربيع الزراعية',
  image: null,
  type: 0,
  products_count: 1,
  has_conversation_with_me: false,
  conversation_id: null,
  owner: { id: 30, name: 'سامر' },
  available: true,
  rating_avg: 4.5,
  rating_count: 2,
  verified: true,
  created_at: '2026-01-01T00:00:00.000Z',
} as unknown as Store;
const product: Product = createProduct({
  id: 1,
  store_id: 3,
  name: 'مبيد فطري نحاسي',
  store: { id: 3, name_store: 'صيدلية الربيع الزراعية' },
});
const post: Post = {
  id: 1,
  user_id: 30,
  title: 'مكافحة البياض الدقيقي',
  description: 'نصائح للمزارعين.',
  image: null,
  is_special: false,
  author: { id: 30, name: 'سامر' },
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};
const paged = <T,>(data: T[], page = 1, last = 3): Paged<T> => ({
  data,
  current_page: page,
  last_page: last,
  per_page: 12,
  total: data.length,
});

beforeEach(() => {
  apiGet.mockReset();
  apiGet.mockImplementation(async (path: string, params?: { page_number?: number }) => {
    const page = params?.page_number ?? 1;
    if (path === 'store/get-By-city') return paged([store], page);
    if (path === 'post/getAll') return paged([post], page);
    if (path === 'post/get/1') return post;
    if (path === 'store/get-page/3') return { ...paged([product], page, 1), store };
    if (path === 'store/reviews/3') return paged([], 1, 1);
    if (path === 'store/get/3') return store;
    if (path === 'product/get/1') return product;
    if (path === 'search') return { stores: paged([]), products: paged([product]), posts: paged([]) };
    throw new ApiError(404, 'العنصر غير موجود', 'not_found');
  });
  document.title = 'أغريفت — سوق زراعي وبيطري';
});

/** The public routes, as app/router.tsx has them. */
const publicRoutes = (
  <Routes>
    <Route path={paths.home.path} element={<LandingRoute />} />
    <Route path={paths.pharmacies.path} element={<PharmaciesRoute />} />
    <Route path={paths.clinics.path} element={<ClinicsRoute />} />
    <Route path={paths.nurseries.path} element={<NurseriesRoute />} />
    <Route path={paths.blog.path} element={<BlogRoute />} />
    <Route path={paths.article.path} element={<ArticleRoute />} />
    <Route path={paths.search.path} element={<SearchRoute />} />
    <Route path={paths.store.path} element={<StoreProductsRoute />} />
    <Route path={paths.product.path} element={<ProductRoute />} />
    <Route path="*" element={<NotFoundRoute />} />
  </Routes>
);

/** The <title> the server renders for this URL (its pattern: as app/router.tsx matches it). */
async function serverTitle(url: string, pattern: string): Promise<string> {
  const u = new URL(url, 'http://test.invalid');
  const id = /\/(\d+)$/.exec(u.pathname)?.[1];
  const head = await prefetchScreen(new QueryClient(), pattern, id ? { id } : {}, u.searchParams);
  return head.title;
}

describe('the tab title in the browser is the server’s', () => {
  it.each([
    ['/', paths.home.path],
    ['/leaf', paths.pharmacies.path],
    ['/bone?city=2&page=2', paths.clinics.path],
    ['/farm', paths.nurseries.path],
    ['/blog', paths.blog.path],
    ['/blog?page=2', paths.blog.path],
    ['/blog/1', paths.article.path],
    ['/products/3', paths.store.path],
    ['/product/1', paths.product.path],
    ['/search?q=مبيد', paths.search.path],
    ['/search', paths.search.path],
  ])('%s', async (url, pattern) => {
    const expected = await serverTitle(url, pattern);
    expect(expected).toMatch(/— أغريفت$|^أغريفت — /);
    renderWithProviders(publicRoutes, { route: url });
    await waitFor(() => expect(document.title).toBe(expected));
  });

  it('follows a client-side navigation (a product → its store), the unread count in front kept', async () => {
    const user = userEvent.setup();
    // signed in, lib/message-alerts.ts keeps the unread count in front of the page's title
    const stop = titleWithUnread(2);
    renderWithProviders(publicRoutes, { route: '/product/1' });
    await waitFor(() => expect(document.title).toBe('(2) مبيد فطري نحاسي — صيدلية الربيع الزراعية — أغريفت'));
    await user.click(await screen.findByRole('link', { name: /صيدلية الربيع الزراعية/ }));
    await waitFor(() => expect(document.title).toBe('(2) صيدلية الربيع الزراعية — حماة — أغريفت'));
    stop();
  });

  it('keeps the current title while the data loads, and names a missing page as the server does', async () => {
    const expected = 'الصفحة غير موجودة — أغريفت';
    for (const url of ['/products/999', '/product/999', '/blog/999', '/no-such-page']) {
      document.title = 'قبل';
      const { unmount } = renderWithProviders(publicRoutes, { route: url });
      // an unknown address is known missing at once; the others once the API answered
      if (url !== '/no-such-page') expect(document.title, url).toBe('قبل');
      await waitFor(() => expect(document.title, url).toBe(expected));
      unmount();
    }
  });
});

describe('a screen without a title of its own (signed in: the cart, my orders, the chats)', () => {
  it('is titled by its heading, not left with the page before', async () => {
    document.title = 'مبيد فطري نحاسي — صيدلية الربيع الزراعية — أغريفت';
    renderWithProviders(<Page title="طلباتي">…</Page>);
    await waitFor(() => expect(document.title).toBe('طلباتي — أغريفت'));
  });
});

describe('a missing store, product or article', () => {
  it.each([
    ['/products/999', 'المتجر غير موجود', '/leaf'],
    ['/product/999', 'المنتج غير موجود', '/bone'],
    ['/blog/999', 'المقال غير موجود', '/blog'],
  ])('%s says «%s», leads on, offers no retry', async (url, heading, link) => {
    renderWithProviders(publicRoutes, { route: url });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByText(/ربما حُذف أو تغيّر رابطه/)).toBeInTheDocument();
    expect(screen.getAllByRole('link').some((a) => a.getAttribute('href') === link)).toBe(true);
    expect(screen.getByRole('link', { name: 'العودة إلى الرئيسية' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: /إعادة المحاولة/ })).toBeNull();
    expect(screen.queryByText('تعذر تحميل البيانات')).toBeNull();
  });

  it('a failure other than not_found still offers the retry', async () => {
    apiGet.mockRejectedValue(new ApiError(500, 'خطأ في الخادم', 'internal'));
    renderWithProviders(publicRoutes, { route: '/products/3' });
    expect(await screen.findByRole('button', { name: /إعادة المحاولة/ })).toBeInTheDocument();
    expect(screen.queryByText('المتجر غير موجود')).toBeNull();
  });
});
