/**
 * The catalogue the app saved in IndexedDB (TanStack Query's persisted cache, client/src/lib/
 * query-client.ts): after a visit, a reload offline shows the last store list, a store's products and
 * the articles, with the service worker's API cache emptied first, so the lists can only come from
 * IndexedDB (the service worker still serves the app shell). Nothing private is in the saved copy.
 * Screenshots at 360 and 1366 px in e2e/artifacts/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { DEMO, expect, signedInContext, test } from './support/fixtures';

// Service workers run here (the worker serves the app shell offline); playwright.config.ts blocks them elsewhere.
test.use({ serviceWorkers: 'allow' });

const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');
mkdirSync(artifacts, { recursive: true });

const OFFLINE_NOTE = 'أنت غير متصل، تُعرض آخر نسخة محفوظة';

/** The saved query cache (idb-keyval's default database and store, key agrivet:query-cache). */
function savedQueryKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) return resolve([]);
          const get = db.transaction('keyval').objectStore('keyval').get('agrivet:query-cache');
          get.onerror = () => resolve([]);
          get.onsuccess = () => {
            const saved = get.result ? JSON.parse(get.result) : null;
            resolve(
              (saved?.clientState?.queries ?? []).map((q: { queryKey: unknown[] }) => JSON.stringify(q.queryKey)),
            );
          };
        };
      }),
  );
}

const names = (page: Page) => page.getByRole('article').getByRole('heading').allTextContents();
/** A store page's product cards ("اطلب: {name}"). */
const orderButtons = (page: Page) => page.getByRole('button', { name: /^اطلب: / });

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1366, height: 800 },
]) {
  test(`a reload offline shows the catalogue saved in IndexedDB (${viewport.width} px)`, async ({ browser }) => {
    // Signed in, so the session has private data too (orders, the user): it must not be saved.
    const farmer = await signedInContext(browser, DEMO.farmer, { viewport });
    const { context } = farmer;
    const page = await context.newPage();
    await page.goto('/leaf?city=1');
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect(page.getByRole('article').first()).toBeVisible();
    const stores = await names(page);
    expect(stores.length).toBeGreaterThan(0);

    // A store's products and the articles, reached inside the app.
    await page
      .getByRole('link', { name: /^عرض المنتجات/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/products\/\d+$/);
    // The store's products, not the list still on screen while the screen's code loads.
    await expect(orderButtons(page).first()).toBeVisible();
    const storeUrl = page.url();
    const products = await names(page);
    // Saved about a second after each change of the cache (throttled): wait before leaving the page.
    await expect
      .poll(async () => (await savedQueryKeys(page)).some((key) => key.includes('"stores","page",')))
      .toBe(true);
    await page.goto('/blog');
    await expect(page.getByRole('article').first()).toBeVisible();
    const articles = await names(page);

    const expected = ['"stores","by-city",0,1,1,null]', '"stores","page",', '"posts","list",1]'];
    await expect
      .poll(async () => {
        const keys = await savedQueryKeys(page);
        return expected.filter((part) => !keys.some((key) => key.includes(part)));
      })
      .toEqual([]);
    // Nothing private is saved but the chats (the list and threads opened before, for an offline
    // reload; dropped at sign-out, issue 24): no orders, no user, no dashboard.
    const saved = await savedQueryKeys(page);
    const allowed = ['["catalogue"', '["account","conversations","mine"]', '["account","conversations","thread",'];
    expect(saved.filter((key) => !allowed.some((start) => key.startsWith(start)))).toEqual([]);

    // Only IndexedDB can answer now: the service worker's copies of API answers are gone.
    await page.evaluate(async () => {
      for (const name of await caches.keys()) if (name.startsWith('api')) await caches.delete(name);
    });
    await context.setOffline(true);

    await page.goto('/leaf?city=1');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(await names(page)).toEqual(stores);
    await expect(page.getByText(OFFLINE_NOTE)).toBeVisible();
    // Still signed in (the last known user): the top bar's signed-in links and unread badge render offline.
    await expect(page.getByRole('link', { name: 'طلباتي' })).toBeVisible();
    await page.screenshot({
      path: path.join(artifacts, `offline-catalogue-leaf-${viewport.width}.png`),
      fullPage: true,
    });

    await page.goto(storeUrl);
    await expect(orderButtons(page).first()).toBeVisible();
    expect(await names(page)).toEqual(products);

    await page.goto('/blog');
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(await names(page)).toEqual(articles);
    await page.screenshot({
      path: path.join(artifacts, `offline-catalogue-blog-${viewport.width}.png`),
      fullPage: true,
    });

    await context.setOffline(false);
    await context.close();
  });
}
