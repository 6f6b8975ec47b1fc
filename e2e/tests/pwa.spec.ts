/** The installable app: an Arabic RTL manifest, and a repeat visit that opens offline from the service worker. */
import { DEMO, expect, signedInContext, test } from './support/fixtures';

// Service workers run here (the worker serves the repeat visit offline); playwright.config.ts blocks them elsewhere.
test.use({ serviceWorkers: 'allow' });

test('the manifest is Arabic, right-to-left, with icons', async ({ request }) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.ok()).toBe(true);
  const manifest = await res.json();
  expect(manifest).toMatchObject({ lang: 'ar', dir: 'rtl', start_url: '/', display: 'standalone' });
  expect(manifest.name).toMatch(/[\u0600-\u06FF]/);
  const sizes = manifest.icons.map((i: { sizes: string }) => i.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons) expect((await request.get(icon.src)).ok()).toBe(true);
});

test('a repeat visit opens offline: the shell and the last-seen catalogue page come from the cache', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/leaf?city=1');
  await expect(page.getByRole('article').first()).toBeVisible();
  // Wait until the service worker controls the page, then load once more so the list is cached.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(page.getByRole('article').first()).toBeVisible();
  const names = await page.getByRole('article').getByRole('heading').allTextContents();

  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('article').first()).toBeVisible();
  expect(await page.getByRole('article').getByRole('heading').allTextContents()).toEqual(names);
  await context.setOffline(false);
  await context.close();
});

test("a signed-in farmer's repeat visit offline stays signed in (the last known user) with the cached catalogue", async ({
  browser,
}) => {
  const farmer = await signedInContext(browser, DEMO.farmer);
  const page = await farmer.context.newPage();
  await page.goto('/leaf?city=1');
  await expect(page.getByRole('link', { name: 'طلباتي' })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(page.getByRole('article').first()).toBeVisible();

  await farmer.context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByText('أنت غير متصل، تُعرض آخر نسخة محفوظة')).toBeVisible();
  // GET auth/user failed offline, yet the farmer is still signed in: orders and chats in the top bar.
  await expect(page.getByRole('link', { name: 'طلباتي' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^المحادثات/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'تسجيل الدخول' })).toHaveCount(0);
  // A signed-in farmer opening a chat offline is not sent to /login.
  await page
    .getByRole('link', { name: /^(مراسلة|متابعة المحادثة)/ })
    .first()
    .click();
  await expect(page).not.toHaveURL(/\/login$/);
  await page.screenshot({ path: 'artifacts/pwa-signed-in-offline-laptop.png', fullPage: true });

  // Back online: the session is refreshed without a reload.
  await farmer.context.setOffline(false);
  await expect(page.getByText('أنت غير متصل، تُعرض آخر نسخة محفوظة')).toHaveCount(0);
  await farmer.context.close();
});
