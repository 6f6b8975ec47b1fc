/**
 * Server-rendered public pages (issue 17): the HTML of each public route as it arrives, without
 * JavaScript — its Arabic content, its own title, description, canonical URL, Open Graph and Twitter
 * tags, lang="ar" dir="rtl", no inline script (the CSP allows none) — hydration without a React
 * warning or a second request for the data, nothing private in the HTML of a signed-in visitor, and
 * the public layout at 360 px (no sideways scroll, a final ي not clipped by the title's clamp, the
 * install button and the language switch on one row).
 */
import os from 'node:os';
import path from 'node:path';
import type { Paged, Post, Product, Store } from '@agrivet/shared';
import type { Page } from '@playwright/test';
import { apiCall, apiLogin, DEMO, expect, hydrated, signedInContext, test } from './support/fixtures';

const meta = (html: string, attr: 'name' | 'property', key: string): string | null => {
  const m = new RegExp(`<meta ${attr}="${key.replace(':', '\\:')}" content="([^"]*)"`).exec(html);
  return m ? m[1].replace(/&quot;/g, '"').replace(/&amp;/g, '&') : null;
};
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1].replace(/&quot;/g, '"') ?? null;
const canonical = (html: string) =>
  /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1].replace(/&amp;/g, '&') ?? null;
const arabic = /[\u0600-\u06FF]/;
/** Screenshots to look at, outside the repository. */
const shot = (name: string) => path.join(os.tmpdir(), 'agrivet-e2e', name);

async function html(request: import('@playwright/test').APIRequestContext, path: string, headers = {}) {
  const res = await request.get(path, { headers });
  expect(res.status(), path).toBe(200);
  expect(res.headers()['content-type']).toContain('text/html');
  return res.text();
}

/** The checks every rendered page passes. */
function expectRendered(page: string, body: string, baseURL: string) {
  expect(body, page).toMatch(/<html lang="ar" dir="rtl">/);
  expect(body, page).toContain('<div id="root" data-server-rendered>');
  const t = title(body);
  expect(t, page).toMatch(arabic);
  const description = meta(body, 'name', 'description');
  expect(description, page).toMatch(arabic);
  expect(canonical(body), page).toMatch(new RegExp(`^${baseURL}/`));
  expect(meta(body, 'property', 'og:title'), page).toBe(t);
  expect(meta(body, 'property', 'og:description'), page).toBe(description);
  expect(meta(body, 'property', 'og:url'), page).toBe(canonical(body));
  expect(meta(body, 'property', 'og:image'), page).toMatch(new RegExp(`^${baseURL}/`));
  expect(meta(body, 'name', 'twitter:card'), page).toMatch(/^summary/);
  expect(meta(body, 'name', 'twitter:title'), page).toBe(t);
  // Only one title and one description: the site's were replaced, not added to.
  expect(body.match(/<title>/g), page).toHaveLength(1);
  expect(body.match(/<meta name="description"/g), page).toHaveLength(1);
  // No inline script runs: the only scripts are the entry (a file) and the inert data block.
  for (const tag of body.match(/<script\b[^>]*>/g) ?? []) {
    expect(tag, page).toMatch(/type="module"[^>]*src="\/assets\/|type="application\/json"/);
  }
  // Chakra's styles come with the page: it is laid out before any code runs.
  expect(body, page).toMatch(/<style data-emotion="css [^"]+">/);
}

test('each public page arrives rendered with its Arabic content and its own link-preview tags', async ({
  request,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const pharmacies = await apiCall<Paged<Store>>('store/get-By-city?type=0&page_number=1');
  const clinics = await apiCall<Paged<Store>>('store/get-By-city?type=1&page_number=1');
  const posts = await apiCall<Paged<Post>>('post/getAll?page_number=1');
  const store = pharmacies.data.find((s) => s.image) ?? pharmacies.data[0];
  const storePage = await apiCall<Paged<Product> & { store: Store }>(`store/get-page/${store.id}?page_number=1`);
  const post = posts.data.find((p) => p.image) ?? posts.data[0];

  const home = await html(request, '/');
  expectRendered('/', home, base);
  expect(home).toContain('كل ما تحتاجه مزرعتك في مكان واحد');

  const leaf = await html(request, '/leaf');
  expectRendered('/leaf', leaf, base);
  for (const s of pharmacies.data) expect(leaf).toContain(s.name_store);
  expect(title(leaf)).toContain('الصيدليات الزراعية');
  expect(canonical(leaf)).toBe(`${base}/leaf`);

  const bone = await html(request, '/bone');
  expectRendered('/bone', bone, base);
  for (const s of clinics.data) expect(bone).toContain(s.name_store);

  // A province and a page: the list of that province (here: none), the canonical URL keeps both.
  const farm = await html(request, '/farm?city=9&page=2');
  expectRendered('/farm?city=9&page=2', farm, base);
  expect(title(farm)).toContain('السويداء');
  expect(canonical(farm)).toBe(`${base}/farm?city=9&page=2`);

  const blog = await html(request, '/blog');
  expectRendered('/blog', blog, base);
  for (const p of posts.data) expect(blog).toContain(p.title.replace(/"/g, '&quot;').slice(0, 10));

  const article = await html(request, `/blog/${post.id}`);
  expectRendered('/blog/{id}', article, base);
  expect(title(article)).toContain(post.title);
  expect(meta(article, 'property', 'og:type')).toBe('article');
  if (post.image) expect(meta(article, 'property', 'og:image')).toBe(`${base}/storage/${post.image}`);
  expect(article).toContain(post.description.slice(0, 30));

  // A store's page: its name, its province and its picture in the preview.
  const products = await html(request, `/products/${store.id}`);
  expectRendered('/products/{id}', products, base);
  expect(meta(products, 'property', 'og:title')).toContain(store.name_store);
  expect(meta(products, 'property', 'og:title')).toContain(store.city_name);
  expect(meta(products, 'property', 'og:description')).toContain(store.city_name);
  if (store.image) expect(meta(products, 'property', 'og:image')).toBe(`${base}/storage/${store.image}`);
  for (const p of storePage.data) expect(products).toContain(p.name);

  const search = await html(request, `/search?q=${encodeURIComponent('سماد')}`);
  expectRendered('/search', search, base);
  expect(title(search)).toContain('سماد');
  expect(meta(search, 'name', 'robots')).toBe('noindex, follow');

  // A missing article is a 404 page, still Arabic and right-to-left; sign-in screens get the shell.
  const missing = await request.get('/blog/999999');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toMatch(/<html lang="ar" dir="rtl">/);
  const login = await html(request, '/login');
  expect(login).toContain('<div id="root"></div>');
});

test('robots.txt and sitemap.xml are real: text and XML naming the stores and articles', async ({
  request,
  baseURL,
}) => {
  const robots = await request.get('/robots.txt');
  expect(robots.headers()['content-type']).toContain('text/plain');
  expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toContain('application/xml');
  const xml = await sitemap.text();
  const stores = await apiCall<Paged<Store>>('store/getAll?page_number=1');
  for (const s of stores.data) expect(xml).toContain(`<loc>${baseURL}/products/${s.id}</loc>`);
  const posts = await apiCall<Paged<Post>>('post/getAll?page_number=1');
  for (const p of posts.data) expect(xml).toContain(`<loc>${baseURL}/blog/${p.id}</loc>`);
});

/** Console errors and warnings of a page, and the API requests it made. */
function watch(page: Page) {
  const messages: string[] = [];
  const api: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') messages.push(m.text());
  });
  page.on('pageerror', (e) => messages.push(e.message));
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) api.push(url.pathname + url.search);
  });
  return { messages, api };
}

const HYDRATION = /hydrat|Minified React error #(418|419|421|422|423|425)|did not match/i;

test('an English reader: a server-rendered page is drawn in English, without a hydration error or a second fetch', async ({
  browser,
  baseURL,
}) => {
  const pages: [string, RegExp][] = [
    ['/', /^$/],
    ['/leaf', /get-By-city/],
    ['/blog', /post\/getAll/],
  ];
  for (const [path, dataCall] of pages) {
    // a fresh browser each time: the English catalogue and the layout's chunks arrive while the page starts
    const context = await browser.newContext({
      baseURL,
      serviceWorkers: 'block',
      storageState: {
        cookies: [],
        origins: [{ origin: baseURL ?? '', localStorage: [{ name: 'lang', value: 'en' }] }],
      },
    });
    const page = await context.newPage();
    const seen = watch(page);
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('link', { name: 'Agricultural pharmacies' }).first()).toBeVisible();
    // the footer is the last of the layout's pieces to come: in English too
    await expect(page.getByRole('contentinfo')).toContainText('Chat with us on WhatsApp');
    await hydrated(page);
    expect(
      seen.messages.filter((m) => HYDRATION.test(m)),
      path,
    ).toEqual([]);
    expect(
      seen.api.filter((u) => dataCall.test(u) && path !== '/'),
      `${path} fetched its data again`,
    ).toEqual([]);
    await context.close();
  }
});

test('hydration: no React warning, the data is not fetched again, the page then works', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  const posts = await apiCall<Paged<Post>>('post/getAll?page_number=1');
  const stores = await apiCall<Paged<Store>>('store/get-By-city?type=0&page_number=1');
  const pages: [string, RegExp][] = [
    ['/', /^$/],
    ['/leaf', /get-By-city/],
    ['/bone?city=1', /get-By-city/],
    ['/blog', /post\/getAll/],
    [`/blog/${posts.data[0].id}`, /post\/get\//],
    [`/products/${stores.data[0].id}`, /store\/get-page/],
    [`/search?q=${encodeURIComponent('بذور')}`, /search/],
  ];
  for (const [path, dataCall] of pages) {
    const page = await context.newPage();
    const seen = watch(page);
    await page.goto(path);
    await hydrated(page);
    expect(
      seen.messages.filter((m) => HYDRATION.test(m)),
      path,
    ).toEqual([]);
    if (path !== '/')
      expect(
        seen.api.filter((u) => dataCall.test(u)),
        `${path} fetched its data again`,
      ).toEqual([]);
    await page.close();
  }
  // Hydrated means interactive: the province filter asks the API for the other province.
  const page = await context.newPage();
  const seen = watch(page);
  await page.goto('/leaf');
  await hydrated(page);
  await page.getByRole('combobox', { name: 'المحافظة' }).selectOption({ label: 'دمشق' });
  await expect.poll(() => seen.api.some((u) => u.includes('get-By-city') && u.includes('city=1'))).toBe(true);
  await context.close();
});

test("a signed-in visitor's page is rendered anonymously: nothing private in its HTML, their own view after hydration", async ({
  browser,
  request,
}) => {
  const owner = await apiLogin(DEMO.pharmacy);
  const storeId = owner.user.store?.id ?? 0;
  const farmer = await apiLogin(DEMO.farmer);
  // The farmer starts a conversation with the pharmacy: the store lists tell the farmer so (theirs only).
  const conversation = await apiCall<{ id: number }>('conversation/create', {
    token: farmer.token,
    body: { sender_id: farmer.user.id, receiver_id: owner.user.id, store_id: storeId },
  });
  const asFarmer = await apiCall<Paged<Store>>('store/getAll?page_number=1', { token: farmer.token });
  expect(asFarmer.data.find((s) => s.id === storeId)?.conversation_id).toBe(conversation.id);
  const asOwner = await apiCall<Paged<Product> & { store: Store }>(`store/get-page/${storeId}?page_number=1`, {
    token: owner.token,
  });
  expect(asOwner.store.owner.phone).toBe(DEMO.pharmacy.phone);

  // The token never reaches the renderer through a header or a cookie either.
  const ownPage = await html(request, `/products/${storeId}`, {
    Authorization: `Bearer ${owner.token}`,
    Cookie: `token=${owner.token}`,
  });
  expect(ownPage).not.toContain(DEMO.pharmacy.phone);
  const farmerList = await html(request, '/leaf', { Authorization: `Bearer ${farmer.token}` });
  expect(farmerList).not.toContain(`"conversation_id":${conversation.id}`);
  expect(farmerList).not.toContain('"has_conversation_with_me":true');

  // In the browser (the token in localStorage): the document is the anonymous one, then the list is
  // asked for again as the farmer, and the store's card offers the existing conversation.
  const signedIn = await signedInContext(browser, DEMO.farmer);
  const page = await signedIn.context.newPage();
  const seen = watch(page);
  const documentResponse = page.waitForResponse((r) => r.request().resourceType() === 'document');
  await page.goto('/leaf');
  const doc = await (await documentResponse).text();
  expect(doc).toContain('data-server-rendered');
  expect(doc).not.toContain(`"conversation_id":${conversation.id}`);
  expect(doc).not.toContain(signedIn.token);
  await hydrated(page);
  expect(seen.messages.filter((m) => HYDRATION.test(m))).toEqual([]);
  const card = page.getByRole('article').filter({ hasText: asFarmer.data.find((s) => s.id === storeId)?.name_store });
  await expect(card.getByRole('link', { name: 'متابعة المحادثة' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'طلباتي' })).toBeVisible();
  await signedIn.context.close();
});

test('the tab keeps the title the server rendered: after hydration and after a client-side navigation', async ({
  page,
  request,
}) => {
  const products = await apiCall<Paged<Product>>('product/getAll?page_number=1');
  const product = products.data[0];
  const serverTitle = async (path: string) => title(await html(request, path)) ?? '(no title)';
  await page.goto(`/product/${product.id}`);
  await hydrated(page);
  await expect(page).toHaveTitle(await serverTitle(`/product/${product.id}`));
  // to its store, the articles and one of them, a list and home, each without reloading
  await page.getByTestId('product-store').getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/products/${product.store_id}$`));
  await expect(page).toHaveTitle(await serverTitle(`/products/${product.store_id}`));
  await page.getByRole('navigation', { name: 'التنقل الرئيسي' }).getByRole('link', { name: 'نقطة العافية' }).click();
  await expect(page).toHaveTitle(await serverTitle('/blog'));
  const article = page.getByRole('link', { name: /اقرأ المزيد/ }).first();
  const articlePath = (await article.getAttribute('href')) ?? '';
  await article.click();
  await expect(page).toHaveURL(new RegExp(`${articlePath}$`));
  await expect(page).toHaveTitle(await serverTitle(articlePath));
  await page.getByRole('navigation', { name: 'التنقل الرئيسي' }).getByRole('link', { name: 'المشاتل' }).click();
  await expect(page).toHaveTitle(await serverTitle('/farm'));
  await page.locator('header').getByRole('link', { name: 'أغريفت، الرئيسية' }).click();
  await expect(page).toHaveTitle(await serverTitle('/'));
});

test('a missing store, product or article: a 404 page that says so and leads on, hydrated as it came', async ({
  page,
  request,
}) => {
  for (const [path, heading, way] of [
    ['/products/999999', 'المتجر غير موجود', 'الصيدليات الزراعية'],
    ['/product/999999', 'المنتج غير موجود', 'العيادات البيطرية'],
    ['/blog/999999', 'المقال غير موجود', 'كل المقالات'],
  ]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    const body = await res.text();
    expect(body, path).toContain(heading);
    expect(body, path).not.toContain('إعادة المحاولة');
    const seen = watch(page);
    await page.goto(path);
    await hydrated(page);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(main.getByRole('button', { name: /إعادة المحاولة/ })).toHaveCount(0);
    await expect(page).toHaveTitle('الصفحة غير موجودة — أغريفت');
    expect(
      seen.messages.filter((m) => HYDRATION.test(m)),
      path,
    ).toEqual([]);
    await main.getByRole('link', { name: way }).click();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
      way === 'كل المقالات' ? 'نقطة العافية' : way,
    );
  }
});

test('a signed-in farmer’s landing offers no sign-up: «طلباتي» instead of «انضم الآن», after hydration', async ({
  browser,
}) => {
  const signedIn = await signedInContext(browser, DEMO.farmer);
  const page = await signedIn.context.newPage();
  const seen = watch(page);
  const documentResponse = page.waitForResponse((r) => r.request().resourceType() === 'document');
  await page.goto('/');
  // the server's landing is the visitor's
  expect(await (await documentResponse).text()).toContain('href="/createAcount"');
  await hydrated(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'طلباتي' })).toHaveCount(2);
  for (const link of await main.getByRole('link', { name: 'طلباتي' }).all())
    await expect(link).toHaveAttribute('href', '/myorders');
  await expect(main.getByRole('link', { name: 'انضم الآن' })).toHaveCount(0);
  expect(seen.messages.filter((m) => HYDRATION.test(m))).toEqual([]);
  await signedIn.context.close();
});

test.describe('the public layout at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('no public page scrolls sideways', async ({ page }) => {
    const posts = await apiCall<Paged<Post>>('post/getAll?page_number=1');
    const stores = await apiCall<Paged<Store>>('store/get-By-city?type=0&page_number=1');
    for (const path of [
      '/',
      '/leaf',
      '/bone',
      '/farm',
      '/blog',
      `/blog/${posts.data[0].id}`,
      `/products/${stores.data[0].id}`,
      '/search?q=%D8%B3%D9%85%D8%A7%D8%AF',
    ]) {
      await page.goto(path);
      await hydrated(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await page.screenshot({ path: shot('ssr-360-search.png') });
  });

  test('a final ي is not clipped by the clamped card title (its glyph box inside the clamp box)', async ({ page }) => {
    const owner = await apiLogin(DEMO.pharmacy);
    const storeId = owner.user.store?.id ?? 0;
    // One line, and long enough for the clamp's second line: both end in ي.
    const names = ['مبيد فطري', 'مبيد فطري جهازي واسع الطيف لمكافحة البياض الدقيقي'];
    for (const name of names) {
      await apiCall('product/create', { token: owner.token, body: { name, type: 0, price: 3, is_special: false } });
    }
    await page.goto(`/products/${storeId}`);
    await hydrated(page);
    await page.evaluate(() => document.fonts.ready);
    for (const name of names) {
      // (first: a retry of this test has added the same names again)
      const heading = page.getByRole('heading', { name, exact: true }).first();
      await expect(heading).toBeVisible();
      const boxes = await heading.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const text = el.firstChild as Text;
        const glyphs: { bottom: number; top: number; ch: string }[] = [];
        for (let i = 0; i < text.length; i++) {
          const range = document.createRange();
          range.setStart(text, i);
          range.setEnd(text, i + 1);
          const r = range.getBoundingClientRect();
          // Characters on the visible lines (the clamp hides the rest).
          if (r.height > 0 && r.top < box.bottom - 1) glyphs.push({ top: r.top, bottom: r.bottom, ch: text.data[i] });
        }
        return { top: box.top, bottom: box.bottom, glyphs, lines: new Set(glyphs.map((g) => Math.round(g.top))).size };
      });
      expect(boxes.glyphs.length, name).toBeGreaterThan(0);
      for (const g of boxes.glyphs) {
        expect(g.bottom, `${name}: «${g.ch}» below the clamp box`).toBeLessThanOrEqual(boxes.bottom + 0.5);
        expect(g.top, `${name}: «${g.ch}» above the clamp box`).toBeGreaterThanOrEqual(boxes.top - 0.5);
      }
      if (name === names[0]) expect(boxes.glyphs.at(-1)?.ch).toBe('ي');
      else expect(boxes.lines, 'the long title fills the two clamped lines').toBe(2);
    }
    // Cards without a picture have a short placeholder, not the large logo.
    const placeholder = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: names[0], exact: true }) })
      .locator('[data-placeholder]');
    await expect(placeholder).toBeVisible();
    expect((await placeholder.boundingBox())?.height).toBeLessThan(100);
    await page.screenshot({ path: shot('ssr-360-products.png'), fullPage: true });
  });

  test('the install button and the language switch share the header row; the four section links all show', async ({
    page,
  }) => {
    await page.goto('/blog');
    await hydrated(page);
    // The browser offers installation (the event Chromium fires when the app is installable).
    await expect
      .poll(async () => {
        await page.evaluate(() => {
          const e = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
            prompt: async () => {},
            userChoice: Promise.resolve({ outcome: 'dismissed' }),
          });
          window.dispatchEvent(e);
        });
        return page.getByRole('button', { name: 'تثبيت التطبيق' }).isVisible();
      })
      .toBe(true);
    const header = page.locator('header');
    const install = await page.getByRole('button', { name: 'تثبيت التطبيق' }).boundingBox();
    const language = await page.getByRole('button', { name: 'تغيير اللغة' }).boundingBox();
    const login = await page.getByRole('link', { name: 'تسجيل الدخول' }).boundingBox();
    const logo = await header.getByRole('link', { name: 'الرئيسية' }).boundingBox();
    for (const box of [install, language, login, logo]) expect(box).not.toBeNull();
    const centre = (b: { y: number; height: number } | null) => (b ? b.y + b.height / 2 : 0);
    for (const box of [install, login, logo]) expect(Math.abs(centre(box) - centre(language))).toBeLessThan(4);
    // "English" on one line: the button is no taller than the login button.
    expect(language?.height).toBeLessThanOrEqual((login?.height ?? 0) + 1);
    expect((language?.x ?? -1) >= 0).toBe(true);
    // The four section links fit the row, none cut off at its edge (short names on a phone, each link
    // still named in full); should they not (a larger font), the row scrolls and shows it with a shadow
    // on its edges (background layers fixed to the box).
    const nav = page.getByRole('navigation', { name: 'التنقل الرئيسي' });
    expect(await nav.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const navBox = await nav.boundingBox();
    for (const [name, shown] of [
      ['الصيدليات الزراعية', 'الصيدليات'],
      ['العيادات البيطرية', 'العيادات'],
      ['المشاتل', 'المشاتل'],
      ['نقطة العافية', 'نقطة العافية'],
    ]) {
      const link = nav.getByRole('link', { name, exact: true });
      expect(await link.innerText(), name).toBe(shown);
      const box = await link.boundingBox();
      expect(box && navBox && box.x >= navBox.x - 1 && box.x + box.width <= navBox.x + navBox.width + 1, name).toBe(
        true,
      );
    }
    expect(await nav.evaluate((el) => getComputedStyle(el).backgroundAttachment)).toContain('scroll');
    await page.screenshot({ path: shot('ssr-360-header.png') });
  });

  test('directional icons mirror in right-to-left pages', async ({ page }) => {
    await page.goto('/');
    const icon = page.getByRole('link', { name: 'تسجيل الدخول' }).locator('svg');
    expect(await icon.evaluate((el) => getComputedStyle(el).transform)).toBe('matrix(-1, 0, 0, 1, 0, 0)');
  });
});
