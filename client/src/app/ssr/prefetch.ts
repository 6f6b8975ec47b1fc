/**
 * What each server-rendered screen needs before it renders: its queries, fetched into the request's
 * QueryClient with the features' own query options (same keys, same API calls as the browser makes,
 * so the dehydrated cache is exactly what the screen reads), and its <head> from that data.
 */
import {
  formatPrice,
  type Post,
  productTypeLabels,
  provinceName,
  type SearchResult,
  type Store,
  type StoreType,
  storeTypeLabels,
} from '@agrivet/shared';
import type { QueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { postQueryOptions } from '@/api/posts';
import { postsQueryOptions } from '@/api/posts';
import { storeReviewsQueryOptions } from '@/api/stores';
import { storeProductsQueryOptions } from '@/api/stores';
import { searchQueryOptions } from '@/api/search';
import { storesByCityQueryOptions } from '@/api/stores';
import { productQueryOptions } from '@/api/products';
import { storeQueryOptions } from '@/api/stores';
import { i18n } from '@/i18n';
import {
  listTitle,
  notFoundTitle,
  pageTitle,
  productTitle,
  searchTitle,
  siteTitle,
  storeTitle,
} from '@/lib/page-title';
import { type PageHead, SITE_DESCRIPTION, summary } from './head';

const page = (params: URLSearchParams) => Math.max(1, Number(params.get('page')) || 1);
const withQuery = (path: string, entries: [string, string | number | null][]) => {
  const q = new URLSearchParams();
  for (const [k, v] of entries) if (v !== null && v !== '' && !(k === 'page' && v === 1)) q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
};

const storeListTypes: Record<string, [StoreType, string]> = {
  [paths.pharmacies.path]: [0, 'nav.pharmacies'],
  [paths.clinics.path]: [1, 'nav.clinics'],
  [paths.nurseries.path]: [3, 'nav.nurseries'],
};

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;

/** The head of the 404 page (a store, product or article that does not exist). */
export const notFoundHead = (pathname: string): PageHead => ({
  title: notFoundTitle(t),
  description: 'الصفحة المطلوبة غير موجودة.',
  canonical: pathname,
  image: null,
  type: 'website',
  robots: 'noindex',
});

/** The route patterns the server renders: the public screens below. */
const SERVER_RENDERED = new Set<string>([
  paths.home.path,
  ...Object.keys(storeListTypes),
  paths.blog.path,
  paths.article.path,
  paths.store.path,
  paths.product.path,
  paths.search.path,
]);

export const isServerRendered = (pattern: string): boolean => SERVER_RENDERED.has(pattern);

/**
 * Fetches the screen's data into `client` and returns its head. Throws what the API call threw (an
 * ApiError): the caller decides (not_found → 404 page, anything else → the client-rendered shell).
 */
export async function prefetchScreen(
  client: QueryClient,
  pattern: string,
  params: Record<string, string | undefined>,
  search: URLSearchParams,
): Promise<PageHead> {
  if (pattern === paths.home.path) {
    return { title: siteTitle(t), description: SITE_DESCRIPTION, canonical: '/', image: null, type: 'website' };
  }
  const list = storeListTypes[pattern];
  if (list) {
    const [type, titleKey] = list;
    const cityParam = Number(search.get('city'));
    const city = Number.isInteger(cityParam) && cityParam > 0 ? cityParam : null;
    const n = page(search);
    const sort = search.get('sort') === 'rating' ? 'rating' : null;
    const data = await client.fetchQuery(storesByCityQueryOptions({ type, page: n, city, sort }));
    const where = city ? provinceName(city) : '';
    const name = t(titleKey);
    const names = data.data
      .slice(0, 3)
      .map((s) => s.name_store)
      .join('، ');
    return {
      title: listTitle(t, name, n, where),
      description: summary(
        `${name} ${where ? `في ${where}` : 'في كل المحافظات السورية'}: ${data.total} ${storeTypeLabels.ar[type]}${names ? ` منها ${names}` : ''}. تواصل معهم واطلب مع توصيل مجاني.`,
      ),
      canonical: withQuery(pattern, [
        ['city', city],
        ['page', n],
      ]),
      image: data.data.find((s) => s.image)?.image ?? null,
      type: 'website',
    };
  }
  if (pattern === paths.blog.path) {
    const n = page(search);
    const data = await client.fetchQuery(postsQueryOptions(n));
    return {
      title: listTitle(t, t('blog.title'), n),
      description: summary(
        `${t('landing.blogText')} ${data.data
          .slice(0, 3)
          .map((p: Post) => p.title)
          .join('، ')}`,
      ),
      canonical: withQuery(pattern, [['page', n]]),
      image: data.data.find((p) => p.image)?.image ?? null,
      type: 'website',
    };
  }
  if (pattern === paths.article.path) {
    const id = Number(params.id);
    const post = await client.fetchQuery(postQueryOptions(id));
    return {
      title: pageTitle(t, post.title),
      description: summary(post.description),
      canonical: paths.article.getHref(post.id),
      image: post.image,
      type: 'article',
    };
  }
  if (pattern === paths.store.path) {
    const id = Number(params.id);
    const n = page(search);
    const [data] = await Promise.all([
      client.fetchQuery(storeProductsQueryOptions(id, n)),
      // The buyers' reviews under the products: rendered too when they answer (a failure only
      // leaves them to the browser).
      client.prefetchQuery(storeReviewsQueryOptions(id, 1)),
    ]);
    const store: Store = data.store;
    const products = data.data
      .slice(0, 3)
      .map((p) => `${p.name} (${formatPrice(p.price_cents)})`)
      .join('، ');
    return {
      title: storeTitle(t, store, store.city_name || provinceName(store.city)),
      description: summary(
        `${storeTypeLabels.ar[store.type]} في ${store.city_name || provinceName(store.city)}، ${store.address}. ${t('store.productsCount', { count: store.products_count })}${products ? `: ${products}` : ''}. توصيل مجاني.`,
      ),
      canonical: withQuery(paths.store.getHref(store.id), [['page', n]]),
      image: store.image,
      type: 'website',
    };
  }
  if (pattern === paths.product.path) {
    const product = await client.fetchQuery(productQueryOptions(Number(params.id)));
    // The store beside it (province, rating): rendered too when it answers (a failure leaves it to the browser).
    await client.prefetchQuery(storeQueryOptions(product.store_id));
    const store = client.getQueryData(storeQueryOptions(product.store_id).queryKey);
    const where = store ? ` — ${store.city_name || provinceName(store.city)}` : '';
    return {
      title: productTitle(t, product),
      description: summary(
        `${product.name}: ${formatPrice(product.price_cents)}، ${productTypeLabels.ar[product.type]} من ${product.store.name_store}${where}.${product.description ? ` ${product.description}` : ''} توصيل مجاني.`,
      ),
      canonical: paths.product.getHref(product.id),
      image: product.image,
      type: 'website',
    };
  }
  if (pattern === paths.search.path) {
    const q = (search.get('q') ?? '').trim();
    const n = page(search);
    let result: SearchResult | null = null;
    if (q) result = await client.fetchQuery(searchQueryOptions(q, n));
    return {
      title: searchTitle(t, q),
      description: q && result ? summary(`${t('search.title', { q })} — ${SITE_DESCRIPTION}`) : SITE_DESCRIPTION,
      canonical: withQuery(pattern, [
        ['q', q],
        ['page', n],
      ]),
      image: null,
      type: 'website',
      // Result pages are many and thin: followed, not indexed.
      robots: 'noindex, follow',
    };
  }
  throw new Error(`no server rendering for ${pattern}`);
}
