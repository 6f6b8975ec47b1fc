/**
 * Data cost (issue 24): a first visit to / downloads at most 300 KB in all — every request, the page's
 * and the service worker's, until the network is idle (scripts/lib/first-visit.mjs). The worker
 * precaches only the shell and caches the rest when a page uses it; the page just visited opens
 * offline; with Save-Data nothing is fetched in the background.
 */
import { expect, test } from '@playwright/test';
import { measureFirstVisit } from '../../scripts/lib/first-visit.mjs';
import { serverUrl } from './support/fixtures';

// Service workers run here (the worker's own downloads count, and it serves the page offline); playwright.config.ts blocks them elsewhere.
test.use({ serviceWorkers: 'allow' });

const BUDGET = 300 * 1024;
const poll = async (fn: () => Promise<boolean>) => {
  await expect.poll(fn, { timeout: 30_000 }).toBe(true);
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

test('a first visit to / downloads at most 300 KB, and that page then opens offline', async ({ browser }) => {
  const visit = await measureFirstVisit(browser, `${serverUrl()}/`, { poll });
  try {
    const top = [...visit.rows].sort((a, b) => b.bytes - a.bytes).slice(0, 8);
    console.log(
      `first visit to /: ${kb(visit.bytes)} in ${visit.requests} requests (the worker's own: ${kb(visit.workerBytes)}); largest: ${top.map((r) => `${r.url} ${kb(r.bytes)}`).join(', ')}`,
    );
    expect(visit.bytes).toBeLessThanOrEqual(BUDGET);
    // the shell only: no screen the visitor did not open (the dashboard, the chat, the account) is fetched
    const fetched = visit.rows.filter((r) => r.bytes > 0).map((r) => r.url);
    for (const screen of ['dashboard-entry', 'chat-thread', 'account', 'stats-home', 'icon-512', 'maskable-512']) {
      expect(fetched.filter((u) => u.includes(screen))).toEqual([]);
    }

    // what the page used is cached: offline, / still opens
    const { page, context } = visit;
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await context.setOffline(false);
  } finally {
    await visit.context.close();
  }
});

test('with Save-Data the first visit fetches nothing in the background: the shell only, no warm-up', async ({
  browser,
}) => {
  const visit = await measureFirstVisit(browser, `${serverUrl()}/`, { poll, saveData: true });
  try {
    console.log(`first visit to / with Save-Data: ${kb(visit.bytes)} in ${visit.requests} requests`);
    expect(visit.bytes).toBeLessThanOrEqual(BUDGET);
    // the runtime cache holds only what went through the worker after it took over: nothing was warmed up
    const warmed = await visit.page.evaluate(async () => {
      const names = await caches.keys();
      const runtime = names.filter((n) => !n.startsWith('workbox-precache'));
      const sizes = await Promise.all(runtime.map(async (n) => (await (await caches.open(n)).keys()).length));
      return sizes.reduce((a, b) => a + b, 0);
    });
    expect(warmed).toBe(0);
  } finally {
    await visit.context.close();
  }
});
