/** The installable app: an Arabic RTL manifest, and a repeat visit that opens offline from the service worker. */
import { expect, test } from './support/fixtures';

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
