/**
 * A product's own page, /product/{id} (issue 24 item 7, CONTRACT.md §8): the server's HTML alone (no
 * JavaScript) holds the product with its title, description, canonical URL and Open Graph tags, an
 * unknown id is a 404; at 360 px the page fits, its picture opens full screen, «اطلب» puts it in the cart,
 * «مشاركة» copies the link where the phone has no share sheet; the store page's compact cards put several
 * products on one phone screen and lead to their pages. Screenshots at 360 and 1366 px in
 * e2e/artifacts/product-page-*.
 */
import { expectNoAxeViolations } from './support/axe';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Paged, Product, Store } from '@agrivet/shared';
import type { Locator, Page } from '@playwright/test';
import { apiCall, apiLogin, DEMO, expect, hydrated, signedInContext, test } from './support/fixtures';

const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');
mkdirSync(artifacts, { recursive: true });

const PHONE = { width: 360, height: 740 };

const meta = (html: string, attr: 'name' | 'property', key: string): string | null => {
  const m = new RegExp(`<meta ${attr}="${key.replace(':', '\\:')}" content="([^"]*)"`).exec(html);
  return m ? m[1].replace(/&quot;/g, '"').replace(/&amp;/g, '&') : null;
};

async function pharmacyProduct(): Promise<{ product: Product; store: Store }> {
  const owner = await apiLogin(DEMO.pharmacy);
  const storeId = owner.user.store?.id ?? 0;
  const products = await apiCall<Paged<Product>>(`product/getAll?store_id=${storeId}`);
  const product = products.data.find((p) => p.image && p.description) ?? products.data[0];
  const store = await apiCall<Store>(`store/get/${storeId}`);
  return { product, store };
}

async function noSidewaysScroll(page: Page) {
  const vw = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(vw + 1);
}

test('the server sends the product page rendered, with its own link-preview tags; an unknown id is a 404', async ({
  request,
  baseURL,
}) => {
  const { product, store } = await pharmacyProduct();
  const res = await request.get(`/product/${product.id}`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toMatch(/<html lang="ar" dir="rtl">/);
  expect(html).toContain('<div id="root" data-server-rendered>');
  // The content without any JavaScript: name, price, store, description, the buttons.
  const body = html.slice(html.indexOf('data-server-rendered'));
  expect(body).toContain(product.name);
  expect(body).toContain(product.price);
  expect(body).toContain(store.name_store);
  if (product.description) expect(body).toContain(product.description.slice(0, 30));
  expect(body).toContain(`href="/products/${store.id}"`);
  expect(body).toContain(`href="/login?next=${encodeURIComponent(`/chat/store/${store.id}`)}"`);
  expect(body).toContain('مشاركة');
  // The head.
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  expect(title).toContain(product.name);
  expect(title).toContain(store.name_store);
  expect(html.match(/<title>/g)).toHaveLength(1);
  expect(meta(html, 'name', 'description')).toContain(product.price);
  expect(/<link rel="canonical" href="([^"]*)"/.exec(html)?.[1]).toBe(`${baseURL}/product/${product.id}`);
  expect(meta(html, 'property', 'og:url')).toBe(`${baseURL}/product/${product.id}`);
  expect(meta(html, 'property', 'og:title')).toBe(title.replace(/&quot;/g, '"').replace(/&amp;/g, '&'));
  if (product.image) expect(meta(html, 'property', 'og:image')).toBe(`${baseURL}/storage/${product.image}`);
  // No inline script: the entry file and the inert data block only.
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    expect(tag).toMatch(/type="module"[^>]*src="\/assets\/|type="application\/json"/);
  }
  // The sitemap names it.
  expect(await (await request.get('/sitemap.xml')).text()).toContain(`<loc>${baseURL}/product/${product.id}</loc>`);

  for (const missing of ['/product/99999999', '/product/abc']) {
    const gone = await request.get(missing);
    expect(gone.status(), missing).toBe(404);
    expect(await gone.text()).toMatch(/<meta name="robots" content="noindex" \/>/);
  }
});

test('at 360 px: the page fits, the picture opens full screen, «اطلب» fills the cart, «مشاركة» copies the link', async ({
  browser,
}) => {
  const { product, store } = await pharmacyProduct();
  const { context } = await signedInContext(browser, DEMO.farmer, { viewport: PHONE });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // A phone without the Web Share API (headless Chromium on Linux has none): the link is copied.
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
  });
  const page = await context.newPage();
  try {
    await page.goto(`/product/${product.id}`);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByTestId('product-price')).toHaveText(`${product.price} $`);
    await expect(page.getByTestId('product-store').getByRole('link', { name: store.name_store })).toHaveAttribute(
      'href',
      `/products/${store.id}`,
    );
    await noSidewaysScroll(page);
    // Two rows whose fit does not depend on the font, so Cairo replacing its fallback moves nothing (the
    // swap shifted the page 0.07): «اطلب» and the store's chat link, then the question and «مشاركة».
    const top = async (locator: Locator) => (await locator.boundingBox())?.y;
    await expect(async () => {
      const orderTop = await top(page.getByRole('button', { name: 'اطلب', exact: true }));
      expect(await top(page.getByRole('link', { name: /^(مراسلة|متابعة المحادثة)$/ }))).toBe(orderTop);
      const askTop = await top(page.getByTestId('ask-store'));
      expect(askTop).toBeGreaterThan(orderTop ?? 0);
      expect(await top(page.getByRole('button', { name: 'مشاركة', exact: true }))).toBe(askTop);
    }).toPass({ timeout: 10_000 });
    await page.screenshot({ path: path.join(artifacts, 'product-page-360.png'), fullPage: true });
    await expectNoAxeViolations(page, 'product page');

    // The picture, full screen, then closed.
    if (product.image) {
      await page.getByRole('button', { name: 'عرض الصورة بملء الشاشة' }).click();
      const viewer = page.getByRole('dialog', { name: 'صورة المنتج' });
      await expect(viewer).toBeVisible();
      const picture = viewer.getByRole('img', { name: product.name });
      await expect(picture).toBeVisible();
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      expect(await picture.getAttribute('src')).toBe(`/storage/${product.image}`);
      await page.screenshot({ path: path.join(artifacts, 'product-page-viewer-360.png') });
      await page.keyboard.press('Escape');
      await expect(viewer).toHaveCount(0);
    }

    // Share: the link is copied.
    await page.getByRole('button', { name: 'مشاركة' }).click();
    await expect(page.getByText('تم نسخ الرابط').first()).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/product/${product.id}$`));

    // Order: the quantity dialog, then the store's cart.
    await page.getByRole('button', { name: 'اطلب' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('الكمية').fill('2');
    await dialog.getByRole('button', { name: 'أضف إلى السلة' }).click();
    await expect(page.getByText('تم اضافة العنصر الى السلة').first()).toBeVisible();
    const cart = await page.evaluate(() => localStorage.getItem('cart'));
    expect(cart).toContain(`"product_id":${product.id}`);
    await expect(page.getByTestId('cart-count')).toHaveText('2');
    // «مراسلة» leads to this store's chat.
    const message = page.getByTestId('message-store');
    await expect(message).toHaveAttribute('href', new RegExp(`^/chat/(store/${store.id}|\\d+)$`));
  } finally {
    await context.close();
  }
});

test('at 1366 px the picture and the details sit side by side', async ({ browser, baseURL }) => {
  const { product } = await pharmacyProduct();
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 800 } });
  const page = await context.newPage();
  await page.goto(`/product/${product.id}`);
  await hydrated(page);
  const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
  const picture = await page.getByTestId('product-image').boundingBox();
  expect(heading && picture && Math.abs(heading.y - picture.y) < 60).toBe(true);
  await noSidewaysScroll(page);
  await page.screenshot({ path: path.join(artifacts, 'product-page-1366.png'), fullPage: true });
  await context.close();
});

test("a store's products are compact cards: several on one phone screen, each leading to its page", async ({
  browser,
  baseURL,
}) => {
  const { product, store } = await pharmacyProduct();
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await context.newPage();
  await page.goto(`/products/${store.id}`);
  await hydrated(page);
  const cards = page.getByTestId('product-card');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(4);
  for (const box of await Promise.all((await cards.all()).slice(0, 4).map((c) => c.boundingBox()))) {
    expect(box?.height ?? 999).toBeLessThan(200);
  }
  // Four cards take less than one screen.
  const first = await cards.nth(0).boundingBox();
  const fourth = await cards.nth(3).boundingBox();
  expect((fourth?.y ?? 0) + (fourth?.height ?? 0) - (first?.y ?? 0)).toBeLessThan(PHONE.height);
  await noSidewaysScroll(page);
  await page.screenshot({ path: path.join(artifacts, 'product-page-store-360.png') });
  // The store page shares itself too.
  await expect(page.getByRole('button', { name: 'مشاركة' })).toBeVisible();
  await page.getByRole('link', { name: product.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await context.close();
});
