/**
 * /robots.txt and /sitemap.xml for search engines, from the API's own data (its database, read
 * in-process): the public sections, every store's page (its products: /products/{id}, dated by its
 * newest product's change), every article and every product's own page (/product/{id}). At most 50,000
 * URLs (the protocol's limit): sections, stores and articles first, then the newest products.
 */
import type { Api } from '@agrivet/api';
import type { Request, Response } from 'express';

const MAX_URLS = 50_000;
const SECTIONS = ['/', '/leaf', '/bone', '/farm', '/blog'];
/** Never in an index: signed-in screens, the dashboard, the API. */
const DISALLOWED = [
  '/api/',
  '/socket.io/',
  '/cart/',
  '/myorders',
  '/chat/',
  '/login',
  '/signup',
  '/createAcount',
  '/forget-password',
  '/search',
];

export function origin(req: Request, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/$/, '');
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

export function robotsTxt(siteOrigin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${siteOrigin}/sitemap.xml`,
    '',
  ].join('\n');
}

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A timestamp of either database (SQLite text 'YYYY-MM-DD HH:MM:SS', PostgreSQL Date) as a W3C date. */
function w3cDate(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const d =
    value instanceof Date
      ? value
      : new Date(`${String(value).replace(' ', 'T')}${/Z|[+-]\d\d:?\d\d$/.test(String(value)) ? '' : 'Z'}`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString().slice(0, 10);
}

export async function sitemapXml(api: Api, siteOrigin: string): Promise<string> {
  const stores = await api.db
    .selectFrom('stores')
    .select((eb) => [
      'stores.id',
      'stores.updated_at',
      eb
        .selectFrom('products')
        .whereRef('products.store_id', '=', 'stores.id')
        .select((e) => e.fn.max('products.updated_at').as('m'))
        .as('products_updated_at'),
    ])
    .orderBy('stores.id')
    .limit(MAX_URLS)
    .execute();
  const posts = await api.db
    .selectFrom('posts')
    .select(['id', 'updated_at'])
    .orderBy('id', 'desc')
    .limit(Math.max(0, MAX_URLS - SECTIONS.length - stores.length))
    .execute();
  const products = await api.db
    .selectFrom('products')
    .select(['id', 'updated_at'])
    .orderBy('id', 'desc')
    .limit(Math.max(0, MAX_URLS - SECTIONS.length - stores.length - posts.length))
    .execute();
  const url = (loc: string, lastmod: string | null) =>
    `<url><loc>${xmlEscape(`${siteOrigin}${loc}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
  const newer = (a: string | null, b: string | null) => (a && b ? (a > b ? a : b) : (a ?? b));
  const lines = [
    ...SECTIONS.map((p) => url(p, null)),
    ...stores.map((s) => url(`/products/${s.id}`, newer(w3cDate(s.updated_at), w3cDate(s.products_updated_at)))),
    ...posts.map((p) => url(`/blog/${p.id}`, w3cDate(p.updated_at))),
    ...products.map((p) => url(`/product/${p.id}`, w3cDate(p.updated_at))),
  ].slice(0, MAX_URLS);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</urlset>\n`;
}

export function seoRoutes(api: Api, publicUrl: string | undefined) {
  return {
    robots(req: Request, res: Response) {
      res.setHeader('Cache-Control', 'public, max-age=3600');
      res.type('text/plain').send(robotsTxt(origin(req, publicUrl)));
    },
    async sitemap(req: Request, res: Response) {
      res.setHeader('Cache-Control', 'public, max-age=600');
      res.type('application/xml').send(await sitemapXml(api, origin(req, publicUrl)));
    },
  };
}
