// @vitest-environment node
/**
 * /product/{id} rendered on the server (issue 24, CONTRACT.md §8) with the real entry (app/ssr/
 * entry-server.tsx) and the API answers stubbed at the api client: the HTML holds the page without any
 * JavaScript — name, price, description, store, the order, message and share buttons — its head has the
 * product's title, description, canonical URL and Open Graph picture, the query cache goes along for
 * hydration, and an unknown id is a 404 page. Served for real in e2e/tests/product-page.spec.ts.
 */
import type { Product, Store } from '@agrivet/shared';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProduct } from '@test/factories';
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

const product: Product = createProduct({
  id: 42,
  store_id: 3,
  name: 'مبيد فطري جهازي',
  description: 'يكافح البياض الدقيقي على الخضار والأشجار المثمرة.',
  price: '12.50',
  price_cents: 1250,
  image: 'products/abc.webp',
  store: { id: 3, name_store: 'صيدلية الربيع' },
});
const store = {
  id: 3,
  user_id: 30,
  city: 1,
  city_name: 'دمشق',
  address: 'المزة، شارع الجلاء',
  name_store: 'صيدلية الربيع',
  image: null,
  type: 0,
  products_count: 7,
  has_conversation_with_me: false,
  conversation_id: null,
  owner: { id: 30, name: 'سامر' },
  available: true,
  rating_avg: 4.5,
  rating_count: 2,
  verified: true,
  created_at: '2026-01-01T00:00:00.000Z',
  open_now: true,
  reply_minutes: 20,
  hours: [
    { day: 0, open: '08:00', close: '14:00' },
    { day: 0, open: '16:00', close: '20:00' },
    { day: 4, open: '09:00', close: '13:00' },
  ],
} as unknown as Store;

beforeEach(() => {
  apiGet.mockReset();
  apiGet.mockImplementation(async (path: string) => {
    if (path === 'product/get/42') return product;
    if (path === 'store/get/3') return store;
    throw new ApiError(404, 'العنصر غير موجود', 'not_found');
  });
});

const meta = (head: string, attr: string, key: string) =>
  new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(head)?.[1] ?? null;

type Render = typeof import('@/app/ssr/entry-server')['render'];
let render: Render;
// The app is transformed on these imports — the entry, and the route's lazy chunk with the top bar and the
// footer, which a render would otherwise load within its 5 s limit: on a busy machine that alone can take
// longer.
beforeAll(async () => {
  ({ render } = await import('@/app/ssr/entry-server'));
  await Promise.all([
    import('@/features/products/routes/store-products'),
    import('@/components/layout/top-bar'),
    import('@/components/layout/footer'),
    import('@/app/routes/not-found'),
  ]);
}, 120_000);

describe('server rendering of /product/{id}', () => {
  it('renders the product, its store and its buttons into HTML, with its own head and the cache', async () => {
    const out = await render({ url: '/product/42', origin: 'https://agrivet.example' });
    expect(out).not.toBeNull();
    if (!out) return;
    expect(out.status).toBe(200);
    expect(out.pattern).toBe('/product/:id');
    // The page itself, readable without JavaScript.
    expect(out.html).toContain('<h1');
    expect(out.html).toContain(product.name);
    expect(out.html).toContain('12.50');
    expect(out.html).toContain(product.description);
    expect(out.html).toContain('صيدلية الربيع');
    expect(out.html).toContain('href="/products/3"');
    expect(out.html).toContain('اطلب');
    expect(out.html).toContain('مشاركة');
    // «مراسلة» is a link that works before the code runs: a visitor signs in, then the chat opens.
    expect(out.html).toContain(`href="/login?next=${encodeURIComponent('/chat/store/3')}"`);
    // Hours and reply time, when the store's JSON has them.
    expect(out.html).toContain('مفتوح الآن');
    expect(out.html).toContain('يرد عادة خلال 20 دقيقة');
    expect(out.html).toContain('الأحد');
    expect(out.html).toContain('08:00–14:00، 16:00–20:00');
    expect(out.html).toContain('الخميس');
    expect(out.html).not.toContain('الجمعة');
    expect(out.html).toContain('/storage/products/abc.webp');
    // The head: title, description, canonical, Open Graph.
    expect(out.head).toContain('<title>مبيد فطري جهازي — صيدلية الربيع — أغريفت</title>');
    expect(meta(out.head, 'name', 'description')).toContain('12.50');
    expect(meta(out.head, 'name', 'description')).toContain('دمشق');
    expect(out.head).toContain('<link rel="canonical" href="https://agrivet.example/product/42" />');
    expect(meta(out.head, 'property', 'og:url')).toBe('https://agrivet.example/product/42');
    expect(meta(out.head, 'property', 'og:image')).toBe('https://agrivet.example/storage/products/abc.webp');
    expect(meta(out.head, 'property', 'og:title')).toBe('مبيد فطري جهازي — صيدلية الربيع — أغريفت');
    // The data goes along: the browser does not ask again.
    const state = JSON.parse(out.state ?? '{}') as { queries: { queryKey: unknown[] }[] };
    expect(state.queries.map((q) => q.queryKey)).toEqual(
      expect.arrayContaining([
        ['catalogue', 'products', 'detail', 42],
        ['catalogue', 'stores', 'detail', 3],
      ]),
    );
  });

  it('answers 404, kept out of search indexes, for an unknown id', async () => {
    const out = await render({ url: '/product/999', origin: 'https://agrivet.example' });
    expect(out?.status).toBe(404);
    expect(out?.head).toContain('<meta name="robots" content="noindex" />');
    expect(out?.head).toContain('<title>الصفحة غير موجودة — أغريفت</title>');
    expect(out?.html).not.toContain(product.name);
    expect(apiGet).toHaveBeenCalledWith('product/get/999', undefined, expect.anything());
  });

  it('leaves the dashboard’s /product/list and /product/add to the browser', async () => {
    expect(await render({ url: '/product/list', origin: 'https://agrivet.example' })).toBeNull();
    expect(await render({ url: '/product/add', origin: 'https://agrivet.example' })).toBeNull();
    expect(apiGet).not.toHaveBeenCalled();
  });
});
