/**
 * Server rendering glue (render.ts) and the search-engine files (seo.ts) in the `npm start`
 * composition, with a stand-in SSR entry module: the page's head replaces the site's, the app's HTML
 * fills #root, the query cache travels as an inert JSON block that cannot close its script element,
 * the rendered screens' chunks are preloaded (from the client's manifest), a failing or declining render falls back to the shell, and
 * robots.txt / sitemap.xml come from the API's data. The real client entry is exercised end to end
 * in e2e/tests/ssr.spec.ts (after the build).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { Paged, Post, Product, Store } from '@agrivet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineEntryCss, jsonForScript } from '../src/render';
import { login, rawGet, startTestServer, type TestServer } from './helpers';

const INDEX = `<!doctype html><html lang="ar" dir="rtl"><head><meta name="agrivet-support-phone" content="SUPPORT_PHONE">
<link rel="stylesheet" crossorigin href="/assets/index-abc.css">
<!--agrivet:head--><title>site title</title><meta name="description" content="site description" /><!--/agrivet:head-->
</head><body><div id="root"></div><script type="module" src="/assets/index-1.js"></script></body></html>`;

const CSS = '@font-face{font-family:Cairo;src:url(/assets/c.woff2)}';

/** The stand-in for client/dist-ssr/entry-server.js: fetches from the API it was pointed at, as the real one does. */
const ENTRY = `
let apiOrigin = null;
export const calls = [];
export function configureServerApi(origin) { apiOrigin = origin; }
export async function render(input) {
  globalThis.__renderCalls = (globalThis.__renderCalls ?? []).concat([input]);
  const url = new URL(input.url, 'http://x');
  if (url.pathname === '/boom') throw new Error('render failed');
  if (url.pathname === '/login' || url.pathname.startsWith('/chat/')) return null;
  if (url.pathname === '/gone') {
    return { status: 404, head: '<title>not found</title>', html: '<p>none</p>', state: null, pattern: '/blog/:id', screens: ['src/features/posts/routes/article.tsx'] };
  }
  const body = await (await fetch(apiOrigin + '/api/store/getAll')).json();
  const first = body.data.data[0];
  return {
    status: 200,
    head: '<title>' + first.name_store + '</title><meta name="description" content="rendered">',
    html: '<main><h1>' + first.name_store + '</h1></main>',
    state: JSON.stringify({ queries: [{ queryKey: ['x'], state: { data: 'a </script><script>alert(1)</script> <!-- b' } }] }),
    pattern: '/leaf',
    screens: ['src/features/stores/routes/stores-list.tsx'],
  };
}
`;

/** The client build's manifest (Vite's .vite/manifest.json), cut down: the entry and two screens. */
const MANIFEST = JSON.stringify({
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-0.js'], css: ['assets/index-abc.css'] },
  '_react-0.js': { file: 'assets/react-0.js' },
  'src/features/stores/routes/stores-list.tsx': {
    file: 'assets/stores-list-1.js',
    isDynamicEntry: true,
    imports: ['index.html', '_item-card-2.js'],
  },
  '_item-card-2.js': { file: 'assets/item-card-2.js', imports: ['_react-0.js'], css: ['assets/item-card-2.css'] },
  'src/features/posts/routes/article.tsx': {
    file: 'assets/article-3.js',
    isDynamicEntry: true,
    imports: ['index.html'],
  },
});

let srv: TestServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'agrivet-render-test-'));
  const entry = path.join(dir, 'entry-server.mjs');
  writeFileSync(entry, ENTRY);
  srv = await startTestServer({
    ssrEntry: entry,
    distFiles: { 'index.html': INDEX, 'assets/index-abc.css': CSS, '.vite/manifest.json': MANIFEST },
  });
});

afterAll(async () => {
  await srv?.close();
  rmSync(dir, { recursive: true, force: true });
});

const page = async (p: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${srv.url}${p}`, { headers });
  return { res, html: await res.text() };
};

describe('server-rendered pages', () => {
  it("puts the render into index.html: the page's head instead of the site's, the app in #root, the state as inert JSON", async () => {
    const stores = (await (await fetch(`${srv.url}/api/store/getAll`)).json()) as { data: Paged<Store> };
    const { res, html } = await page('/leaf');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(html).toContain(`<title>${stores.data.data[0].name_store}</title>`);
    expect(html).not.toContain('site title');
    expect(html).not.toContain('site description');
    expect(html).toContain(
      `<div id="root" data-server-rendered><main><h1>${stores.data.data[0].name_store}</h1></main></div>`,
    );
    expect(html).toContain('lang="ar" dir="rtl"');
    // The data block cannot end its script element or open a comment, and parses back to the same data.
    const block = /<script type="application\/json" id="agrivet-state">([\s\S]*?)<\/script>/.exec(html);
    expect(block).not.toBeNull();
    expect(block?.[1]).not.toMatch(/<|>/);
    expect(JSON.parse(block?.[1] ?? '').queries[0].state.data).toBe('a </script><script>alert(1)</script> <!-- b');
    // The rendered screen's chunks and their CSS preloaded, not what index.html loads already (the
    // entry and its imports); the entry's stylesheet inlined (no render-blocking request).
    expect(html).toContain(
      '<link rel="stylesheet" href="/assets/item-card-2.css">' +
        '<link rel="modulepreload" crossorigin href="/assets/stores-list-1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/item-card-2.js"></head>',
    );
    expect(html).not.toContain('href="/assets/react-0.js"');
    expect(html).toContain(`<style>${CSS}</style>`);
    expect(html).not.toContain('index-abc.css');
  });

  it('goes out Brotli-compressed when the browser accepts it', async () => {
    const res = await rawGet(`${srv.url}/leaf`, { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(res.body).toString()).toContain('data-server-rendered');
  });

  it("tells the renderer the visitor's origin and address, never their credentials", async () => {
    (globalThis as { __renderCalls?: unknown[] }).__renderCalls = [];
    await page('/bone?city=2', { authorization: 'Bearer secret-token', cookie: 'agv_device=abc' });
    const calls = (globalThis as { __renderCalls?: Record<string, unknown>[] }).__renderCalls ?? [];
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/bone?city=2');
    expect(calls[0].origin).toBe(srv.url);
    expect(String(calls[0].clientIp)).toMatch(/127\.0\.0\.1/);
    expect(JSON.stringify(calls[0])).not.toContain('secret-token');
    expect(JSON.stringify(calls[0])).not.toContain('agv_device');
  });

  it('passes a 404 on, and sends the shell when the entry declines', async () => {
    const gone = await page('/gone');
    expect(gone.res.status).toBe(404);
    expect(gone.html).toContain('<title>not found</title>');
    expect(gone.html).toContain('<link rel="modulepreload" crossorigin href="/assets/article-3.js">');
    for (const path of ['/login', '/chat/12']) {
      const shell = await page(path);
      expect(shell.res.status).toBe(200);
      expect(shell.html).toContain('<div id="root"></div>');
      expect(shell.html).toContain('site title');
      expect(shell.html).not.toContain('rel="modulepreload"');
      expect(shell.html).not.toContain('agrivet-state');
    }
  });

  it('sends the shell when rendering fails, and keeps /index.html the shell', async () => {
    const boom = await page('/boom');
    expect(boom.res.status).toBe(200);
    expect(boom.html).toContain('<div id="root"></div>');
    expect(boom.html).not.toContain('data-server-rendered');
    const index = await page('/index.html');
    expect(index.html).toContain('<div id="root"></div>');
    expect(index.html).toContain('site title');
  });

  it('jsonForScript and inlineEntryCss leave nothing that closes the element', () => {
    expect(jsonForScript('{"a":"</script>\u2028"}')).toBe('{"a":"\\u003c/script\\u003e\\u2028"}');
    expect(inlineEntryCss('<link rel="stylesheet" href="/assets/missing.css">', dir)).toBe(
      '<link rel="stylesheet" href="/assets/missing.css">',
    );
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt is text, allows the site, keeps private screens out and names the sitemap', async () => {
    const res = await fetch(`${srv.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).toMatch(/^Disallow: \/cart\/$/m);
    expect(text).toContain(`Sitemap: ${srv.url}/sitemap.xml`);
    expect(text).not.toContain('<html');
  });

  it("lists the sections, every store's page and every article, a new article included", async () => {
    const pharmacy = await login(srv.url, '0911111111', 'store1234');
    const created = await fetch(`${srv.url}/api/post/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${pharmacy.token}` },
      body: JSON.stringify({ title: 'مقال جديد للخريطة', description: 'نص المقال الجديد' }),
    });
    const post = ((await created.json()) as { data: Post }).data;
    expect(post.id).toBeGreaterThan(0);

    const res = await fetch(`${srv.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const xml = await res.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    for (const p of ['/', '/leaf', '/bone', '/farm', '/blog']) expect(xml).toContain(`<loc>${srv.url}${p}</loc>`);
    const stores: Store[] = [];
    for (let n = 1; ; n++) {
      const body = (await (await fetch(`${srv.url}/api/store/getAll?page_number=${n}`)).json()) as {
        data: Paged<Store>;
      };
      stores.push(...body.data.data);
      if (n >= body.data.last_page) break;
    }
    expect(stores.length).toBeGreaterThan(0);
    for (const s of stores)
      expect(xml).toMatch(new RegExp(`<loc>${srv.url}/products/${s.id}</loc><lastmod>\\d{4}-\\d\\d-\\d\\d</lastmod>`));
    expect(xml).toContain(`<loc>${srv.url}/blog/${post.id}</loc>`);
    // Every product's own page, dated.
    const products = (await (await fetch(`${srv.url}/api/product/getAll?page_number=1&per_page=50`)).json()) as {
      data: Paged<Product>;
    };
    expect(products.data.data.length).toBeGreaterThan(0);
    for (const p of products.data.data)
      expect(xml).toMatch(new RegExp(`<loc>${srv.url}/product/${p.id}</loc><lastmod>\\d{4}-\\d\\d-\\d\\d</lastmod>`));
    expect(xml.match(/<url>/g)?.length).toBe(
      5 + stores.length + (xml.match(/\/blog\/\d+</g)?.length ?? 0) + (xml.match(/\/product\/\d+</g)?.length ?? 0),
    );
    expect(xml.match(/\/product\/\d+</g)?.length).toBe(products.data.total);
  });
});

describe('PUBLIC_URL', () => {
  let pinned: TestServer;
  beforeAll(async () => {
    pinned = await startTestServer({ env: { PUBLIC_URL: 'https://agrivet.example/' } });
  });
  afterAll(async () => {
    await pinned?.close();
  });

  it('names the public origin in robots.txt and the sitemap, whatever the Host header', async () => {
    expect(await (await fetch(`${pinned.url}/robots.txt`)).text()).toContain(
      'Sitemap: https://agrivet.example/sitemap.xml',
    );
    expect(await (await fetch(`${pinned.url}/sitemap.xml`)).text()).toContain(
      '<loc>https://agrivet.example/leaf</loc>',
    );
  });
});

describe('RELAY=off (the scaled deployment: nginx sends pages and /api here, sockets to the relays)', () => {
  let apiOnly: TestServer;
  beforeAll(async () => {
    apiOnly = await startTestServer({ env: { RELAY: 'off' } });
  });
  afterAll(async () => {
    await apiOnly?.close();
  });

  it('serves the API and the pages but no socket.io', async () => {
    expect((await fetch(`${apiOnly.url}/api/health`)).status).toBe(200);
    expect((await fetch(`${apiOnly.url}/leaf`)).headers.get('content-type')).toContain('text/html');
    expect((await fetch(`${srv.url}/socket.io/?EIO=4&transport=polling`)).status).toBe(200);
    expect((await fetch(`${apiOnly.url}/socket.io/?EIO=4&transport=polling`)).status).toBe(404);
  });
});
