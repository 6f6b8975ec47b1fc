// @vitest-environment node
/**
 * A missing store, product or article rendered on the server (app/ssr/entry-server.tsx, the API stubbed
 * at the api client): a 404 whose HTML says what is missing and leads on — the store lists or the
 * articles, and home — with the marker the browser hydrates it by (components/ui/missing-page.tsx), no
 * «إعادة المحاولة» and no loading state; its <title> is the one the page keeps in the browser.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';

// The setup file clears localStorage after each test; a node process has none.
const memory = new Map<string, string>();
Object.assign(globalThis, {
  localStorage: {
    getItem: (k: string) => memory.get(k) ?? null,
    setItem: (k: string, v: string) => void memory.set(k, v),
    removeItem: (k: string) => void memory.delete(k),
    clear: () => memory.clear(),
  },
});

const apiGet = vi.hoisted(() => vi.fn());
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  apiGet,
  apiPost: vi.fn(),
  api: { defaults: {}, interceptors: {} },
}));

beforeEach(() => {
  apiGet.mockReset();
  apiGet.mockRejectedValue(new ApiError(404, 'العنصر غير موجود', 'not_found'));
});

type Render = typeof import('@/app/ssr/entry-server')['render'];
let render: Render;
// The entry, the routes' lazy chunks, the layout's and the view's, transformed before the renders (each
// render has 5 s).
beforeAll(async () => {
  ({ render } = await import('@/app/ssr/entry-server'));
  await Promise.all([
    import('@/features/products/routes/store-products'),
    import('@/features/posts/routes/article'),
    import('@/components/ui/missing-page-view'),
    import('@/components/layout/top-bar'),
    import('@/components/layout/footer'),
  ]);
}, 120_000);

describe('server rendering of a missing store, product or article', () => {
  it.each([
    ['/products/999', 'المتجر غير موجود', ['/leaf', '/bone', '/farm']],
    ['/product/999', 'المنتج غير موجود', ['/leaf', '/bone', '/farm']],
    ['/blog/999', 'المقال غير موجود', ['/blog']],
  ])('%s: a 404 page saying «%s», with the way on', async (url, heading, links) => {
    const out = await render({ url, origin: 'https://agrivet.example' });
    expect(out?.status).toBe(404);
    if (!out) return;
    expect(out.head).toContain('<title>الصفحة غير موجودة — أغريفت</title>');
    expect(out.head).toContain('<meta name="robots" content="noindex" />');
    expect(out.html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
    expect(out.html).toContain('data-missing-page=""');
    expect(out.html).toContain('ربما حُذف أو تغيّر رابطه');
    // (the view's own links: the top bar above it links to the lists too)
    const view = out.html.slice(out.html.indexOf('data-missing-page'), out.html.indexOf('</main>'));
    for (const href of [...links, '/']) expect(view).toContain(`href="${href}"`);
    expect(out.html).not.toContain('إعادة المحاولة');
    expect(out.html).not.toContain('تعذر تحميل البيانات');
    expect(out.html).not.toContain('جارٍ التحميل');
  });
});
