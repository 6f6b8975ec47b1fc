/**
 * Hardening seen from the browser (issue 15): the app and its service worker run under the strict
 * Content-Security-Policy with no violation on the public pages, a signed-in farmer's pages (live chat
 * over the relay's websocket) and a store's dashboard; an expired token (30 days unused) gets 401 and
 * the app signs out gracefully, back to the login page.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { apiCall, apiLogin, DEMO, expect, serverInfo, signedInContext, test } from './support/fixtures';

// Service workers run here (the worker registers and runs under the policy, as for a visitor); playwright.config.ts blocks them elsewhere.
test.use({ serviceWorkers: 'allow' });

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

declare global {
  interface Window {
    __cspViolations?: Violation[];
  }
}

/** Records every securitypolicyviolation of the page (and its frames) from the first script on. */
async function watchViolations(page: Page): Promise<() => Promise<Violation[]>> {
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) console.push(m.text());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations?.push({
        directive: e.violatedDirective,
        blocked: e.blockedURI,
        source: `${e.sourceFile}:${e.lineNumber}`,
      });
    });
  });
  return async () => [
    ...((await page.evaluate(() => window.__cspViolations ?? [])) as Violation[]),
    ...console.map((text) => ({ directive: 'console', blocked: text, source: '' })),
  ];
}

test('the strict CSP is sent, and the public pages and the service worker run under it without a violation', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const violations = await watchViolations(page);
  const first = await page.goto('/');
  const csp = first?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self';");
  expect(csp).not.toContain('unsafe-eval');
  expect(first?.headers()['x-frame-options']).toBe('DENY');

  await page.goto('/leaf?city=1');
  await expect(page.getByRole('article').first()).toBeVisible();
  // the service worker registers and takes control under the policy
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(page.getByRole('article').first()).toBeVisible();

  for (const url of ['/bone', '/farm', '/blog', '/login', '/signup', '/search?q=سماد']) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
  }
  const stores = await apiCall<{ data: { id: number }[] }>('store/getAll?page_number=1');
  await page.goto(`/products/${stores.data[0].id}`);
  await page.waitForLoadState('networkidle');
  expect(await violations()).toEqual([]);
  await context.close();
});

test('a signed-in farmer (live chat over the websocket) and a store dashboard cause no violation', async ({
  browser,
}) => {
  const farmer = await signedInContext(browser, DEMO.farmer);
  const clinic = await apiLogin(DEMO.clinic);
  const conversation = await apiCall<{ id: number }>('conversation/create', {
    token: farmer.token,
    body: { store_id: clinic.user.store?.id },
  });
  const page = await farmer.context.newPage();
  const violations = await watchViolations(page);
  await page.goto('/myorders');
  await page.waitForLoadState('networkidle');
  await page.goto('/chat/list');
  await page.waitForLoadState('networkidle');
  await page.goto(`/chat/${conversation.id}`);
  const text = `رسالة تحت سياسة الأمان ${Date.now()}`;
  await page.getByRole('textbox').last().fill(text);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'الرسائل' }).getByText(text)).toBeVisible();
  // the store answers over the API: the relay's push arrives through the websocket
  const answer = `رد المتجر ${Date.now()}`;
  await apiCall('message/create', {
    token: clinic.token,
    body: { conversation_id: conversation.id, message: answer, client_id: `csp-${Date.now()}` },
  });
  // (pushed, or brought by the join's re-sync if the socket was still coming up: on screen either way)
  await expect(page.getByRole('list', { name: 'الرسائل' }).getByText(answer)).toBeVisible();
  expect(await violations()).toEqual([]);
  await farmer.context.close();

  const store = await signedInContext(browser, DEMO.pharmacy);
  const dashboard = await store.context.newPage();
  const storeViolations = await watchViolations(dashboard);
  for (const url of ['/product/list', '/order/list', '/conversation/list', '/product/add']) {
    await dashboard.goto(url);
    await dashboard.waitForLoadState('networkidle');
  }
  expect(await storeViolations()).toEqual([]);
  await store.context.close();
});

test('an expired token (30 days unused) gets 401 and the app signs out, back to the login page', async ({
  browser,
}) => {
  const farmer = await signedInContext(browser, DEMO.farmer);
  // the farmer comes back 31 days after last using the app: the token was last used 31 days ago
  const db = new Database(path.join(serverInfo().tmp, 'e2e.db'));
  try {
    db.prepare('update auth_tokens set last_used_at = ? where token_hash = ?').run(
      new Date(Date.now() - 31 * 24 * 3600 * 1000).toISOString(),
      createHash('sha256').update(farmer.token).digest('hex'),
    );
  } finally {
    db.close();
  }
  const page = await farmer.context.newPage();
  // whichever signed-in call comes first (the user, the socket's handshake…) is refused and the app signs out
  await page.goto('/myorders');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: 'تسجيل الدخول' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'طلباتي' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  // the token stays refused: 401 `unauthenticated`
  const res = await fetch(`${new URL(page.url()).origin}/api/auth/user`, {
    headers: { authorization: `Bearer ${farmer.token}` },
  });
  expect(res.status).toBe(401);
  expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unauthenticated');
  await farmer.context.close();
});
