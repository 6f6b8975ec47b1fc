/**
 * Every main screen: right-to-left, a screenshot on a 360 px phone and a 1280 px laptop
 * (e2e/artifacts/), and no serious or critical axe-core violation.
 */
import { expectNoAxeViolations } from './support/axe';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { apiCall, DEMO, expect, hydrated, signedInContext, test } from './support/fixtures';
import { E2E_SUPPORT_PHONE } from './support/server-env';

const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');
mkdirSync(artifacts, { recursive: true });

const publicScreens = [
  { name: 'pharmacies', path: '/leaf', ready: 'article' },
  { name: 'clinics', path: '/bone', ready: 'article' },
  { name: 'nurseries', path: '/farm', ready: 'article' },
  { name: 'blog', path: '/blog', ready: 'article' },
  { name: 'store-products', path: '/products/1', ready: 'article' },
  { name: 'search', path: '/search?q=بذور', ready: 'article' },
  { name: 'search-all', path: '/search?q=ا', ready: 'article' },
  { name: 'login', path: '/login', ready: 'heading' },
  { name: 'register', path: '/createAcount', ready: 'heading' },
  { name: 'forget-password', path: '/forget-password', ready: 'heading' },
] as const;

const farmerScreens = [
  { name: 'my-orders', path: '/myorders', ready: 'heading' },
  { name: 'chat-list', path: '/chat/list', ready: 'heading' },
  { name: 'cart', path: '/cart/1', ready: 'heading' },
] as const;

const viewports = [
  { tag: 'phone', width: 360, height: 740 },
  { tag: 'laptop', width: 1280, height: 800 },
] as const;

async function check(page: Page, name: string, url: string, ready: 'heading' | 'article') {
  await page.goto(url);
  await expect(page.getByRole(ready).first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  const vw = page.viewportSize()?.width ?? 0;
  // Nothing wider than the screen (phone-first layout).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(vw + 1);
  await page.screenshot({ path: path.join(artifacts, `${name}-${vw}.png`), fullPage: true });
  if (vw === 1280) return;
  await expectNoAxeViolations(page, name);
}

for (const vp of viewports) {
  test(`public screens on a ${vp.tag}`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: vp.width, height: vp.height } });
    const page = await context.newPage();
    for (const s of publicScreens) await check(page, s.name, s.path, s.ready);
    await context.close();
  });

  test(`signed-in screens on a ${vp.tag}`, async ({ browser }) => {
    const { context } = await signedInContext(browser, DEMO.farmer, {
      viewport: { width: vp.width, height: vp.height },
    });
    const page = await context.newPage();
    for (const s of farmerScreens) await check(page, s.name, s.path, s.ready);
    await context.close();
  });

  test(`an article and a cart with items on a ${vp.tag}`, async ({ browser }) => {
    const posts = await apiCall<{ data: { id: number }[] }>('post/getAll?page_number=1');
    const { context } = await signedInContext(browser, DEMO.farmer, {
      viewport: { width: vp.width, height: vp.height },
    });
    const page = await context.newPage();
    await check(page, 'article', `/blog/${posts.data[0].id}`, 'heading');

    // A cart with two lines of store 1 (the page only reads localStorage).
    const products = await apiCall<{ data: { id: number; name: string; price_cents: number }[] }>(
      'product/getAll?store_id=1',
    );
    const items = products.data.slice(0, 2).map((p, i) => ({
      product_id: p.id,
      quantity: i + 1,
      name: p.name,
      price_cents: p.price_cents,
    }));
    await page.evaluate((cart) => localStorage.setItem('cart', JSON.stringify(cart)), {
      store_id: 1,
      items,
      pending: null,
    });
    await check(page, 'cart-items', '/cart/1', 'heading');
    await expect(page.getByRole('list', { name: 'السلة' }).getByRole('listitem')).toHaveCount(items.length);
    await expect(page.getByTestId('cart-total')).toHaveText(/^\d+\.\d{2} \$$/);
    await context.close();
  });
}

test('the landing page opens directly at / (a first visit, no service worker yet)', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  const page = await context.newPage();
  for (const vp of viewports) {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    await check(page, 'landing', '/', 'heading');
  }
  await expect(page.getByRole('link', { name: 'انضم الآن' }).first()).toHaveAttribute('href', '/createAcount');
  await expect(page.getByText('مجانية')).toBeVisible();
  // The footer's messaging link uses the server's SUPPORT_PHONE setting, not a number baked into the build.
  await expect(page.locator('footer a[href^="https://wa.me/"]')).toHaveAttribute(
    'href',
    `https://wa.me/${E2E_SUPPORT_PHONE.replace('+', '')}`,
  );
  await context.close();
});

test('the English switch flips the page to left-to-right with SPEC.md strings', async ({ page }) => {
  await page.goto('/leaf');
  await hydrated(page);
  await page.getByRole('button', { name: 'تغيير اللغة' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Required').first()).toBeVisible();
  await page.evaluate(() => localStorage.setItem('lang', 'ar'));
});

test('a first visit to /leaf comes rendered with its list: no request for it, the route preloaded', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  const page = await context.newPage();
  const listRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/store/get-By-city')) listRequests.push(new URL(r.url()).search);
  });
  await page.goto('/leaf');
  await expect(page.getByRole('article').first()).toBeVisible();
  // The server rendered the list and handed its data over: the browser does not ask again.
  await page.waitForLoadState('networkidle');
  await hydrated(page); // a choice made before React has the page would not be heard
  expect(listRequests).toEqual([]);
  // The route's chunk is preloaded by the page the server sent, before the entry ran.
  expect(await page.locator('link[rel="modulepreload"][href*="stores-list"]').count()).toBeGreaterThan(0);
  // Another province afterwards goes through the api client as usual.
  await page.getByRole('combobox', { name: 'المحافظة' }).selectOption({ label: 'السويداء' });
  await expect(page.getByText('لا توجد متاجر هنا بعد')).toBeVisible();
  expect(listRequests).toHaveLength(1);
  expect(listRequests[0]).toContain('city=');
  await context.close();
});
