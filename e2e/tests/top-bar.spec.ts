/**
 * The top bar on a cheap phone (issue 24, item 1): at 360 and 320 px, signed out and signed in as a
 * farmer, a store account and the admin, every control of the top bar (and of the phone's bottom
 * navigation) is inside the screen and overlaps no other control — measured by bounding boxes; the chats
 * entry and its unread badge are on screen. axe-core, with its `label-content-name-mismatch` rule switched
 * on (experimental, so off by default), finds nothing serious on signed-in screens of the three roles.
 * Screenshots at 320, 360 and 1366 px in e2e/artifacts/top-bar-*.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectNoAxeViolations } from './support/axe';
import type { Page } from '@playwright/test';
import { apiCall, apiLogin, DEMO, expect, hydrated, signedInContext, test } from './support/fixtures';

const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');
mkdirSync(artifacts, { recursive: true });

interface Box {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Every visible control of the page's header and bottom navigation, with its box. The section links
 * scroll sideways inside their own row by design: that row is measured as one box (it must fit the
 * screen), not link by link.
 */
async function controls(page: Page): Promise<Box[]> {
  return page.evaluate(() => {
    const named = (el: Element) =>
      (el.getAttribute('aria-label') || (el as HTMLElement).innerText || el.getAttribute('placeholder') || el.tagName)
        .replace(/\s+/g, ' ')
        .trim();
    const boxes: Box[] = [];
    const roots = [...document.querySelectorAll('header, [data-testid="bottom-nav"]')];
    const all = new Set(
      roots.flatMap((root) => [...root.querySelectorAll('a[href], button, input, select, nav[aria-label]')]),
    );
    for (const el of all) {
      const scrollRow = el.closest('nav[aria-label]');
      if (scrollRow && scrollRow !== el && scrollRow.scrollWidth > scrollRow.clientWidth + 1) continue;
      if (el.matches('nav[aria-label]') && el.getAttribute('data-testid') === 'bottom-nav') continue;
      const style = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      if (style.visibility === 'hidden' || style.display === 'none' || r.width === 0 || r.height === 0) continue;
      // A nav row that fits is measured by its links instead.
      if (el.matches('nav[aria-label]') && el.scrollWidth <= el.clientWidth + 1) continue;
      boxes.push({ name: named(el), x: r.x, y: r.y, width: r.width, height: r.height });
    }
    return boxes;
  });
}

async function expectTopBarFits(page: Page, label: string) {
  const vp = page.viewportSize() ?? { width: 0, height: 0 };
  const boxes = await controls(page);
  expect(boxes.length, `${label}: controls found`).toBeGreaterThan(2);
  for (const b of boxes) {
    expect(b.x, `${label}: ${b.name} starts on screen`).toBeGreaterThanOrEqual(-0.5);
    expect(b.x + b.width, `${label}: ${b.name} ends on screen`).toBeLessThanOrEqual(vp.width + 0.5);
    expect(b.y, `${label}: ${b.name} top on screen`).toBeGreaterThanOrEqual(-0.5);
    expect(b.y + b.height, `${label}: ${b.name} bottom on screen`).toBeLessThanOrEqual(vp.height + 0.5);
  }
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i];
      const b = boxes[j];
      const overlapX = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
      const overlapY = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
      expect(overlapX > 0.5 && overlapY > 0.5, `${label}: «${a.name}» overlaps «${b.name}»`).toBe(false);
    }
  }
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(vp.width + 1);
}

/** A new farmer with unread messages from the pharmacy (the demo farmer's chats are other tests' business). */
async function farmerWithUnread(count: number) {
  const phone = `09${String(Date.now()).slice(-8)}`;
  const who = { phone, password: 'farmer1234' };
  await apiCall('auth/register', {
    body: { phone, name: 'مزارع الشريط العلوي', type: 2, password: who.password, password_confirmation: who.password },
  });
  const farmer = await apiLogin(who);
  const pharmacy = await apiLogin(DEMO.pharmacy);
  const conversation = await apiCall<{ id: number }>('conversation/create', {
    token: farmer.token,
    body: { sender_id: farmer.user.id, receiver_id: pharmacy.user.id, store_id: pharmacy.user.store?.id },
  });
  for (let i = 1; i <= count; i++) {
    await apiCall('message/create', {
      token: pharmacy.token,
      body: { conversation_id: conversation.id, user_id: pharmacy.user.id, message: `رد البيطري ${i}` },
    });
  }
  return { who, conversationId: conversation.id };
}

const PHONES = [
  { width: 360, height: 740 },
  { width: 320, height: 640 },
] as const;

for (const vp of PHONES) {
  test(`signed out at ${vp.width} px: every top-bar control on screen, none overlapping`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, viewport: vp });
    const page = await context.newPage();
    for (const url of ['/', '/leaf', '/blog']) {
      await page.goto(url);
      await hydrated(page);
      await expect(page.getByRole('link', { name: 'تسجيل الدخول' })).toBeVisible();
      await expectTopBarFits(page, `signed out ${url} ${vp.width}`);
    }
    await page.screenshot({ path: path.join(artifacts, `top-bar-signed-out-${vp.width}.png`) });
    await context.close();
  });

  test(`a farmer at ${vp.width} px: the chats entry and its unread badge on screen, nothing overlapping`, async ({
    browser,
  }) => {
    const { who } = await farmerWithUnread(3);
    const { context } = await signedInContext(browser, who, { viewport: vp });
    const page = await context.newPage();
    for (const url of ['/leaf', '/myorders', '/products/1']) {
      await page.goto(url);
      await hydrated(page);
      const chats = page.getByRole('link', { name: /^المحادثات/ });
      await expect(chats).toBeVisible();
      await expect(chats).toHaveAccessibleName('المحادثات — 3 غير مقروءة');
      const badge = page.getByTestId('unread-badge');
      await expect(badge).toHaveText('3');
      await expect(badge).toBeInViewport({ ratio: 1 });
      // The badge sits on the chats entry, not on anything else.
      const [entry, mark] = [await chats.boundingBox(), await badge.boundingBox()];
      expect(entry && mark && mark.x >= entry.x && mark.x + mark.width <= entry.x + entry.width).toBe(true);
      await expect(page.getByRole('link', { name: 'طلباتي' })).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole('button', { name: 'تسجيل الخروج' })).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole('button', { name: /تغيير اللغة/ })).toBeInViewport({ ratio: 1 });
      await expectTopBarFits(page, `farmer ${url} ${vp.width}`);
    }
    await page.goto('/leaf');
    await hydrated(page);
    await expect(page.getByTestId('unread-badge')).toBeVisible();
    await page.screenshot({ path: path.join(artifacts, `top-bar-farmer-${vp.width}.png`) });
    // The page's end is not hidden behind the bottom navigation.
    await expect(page.locator('footer')).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(() => {
          window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
          const footerEnd =
            document.querySelector('footer')?.getBoundingClientRect().bottom ?? Number.POSITIVE_INFINITY;
          const navTop = document.querySelector('[data-testid="bottom-nav"]')?.getBoundingClientRect().top ?? 0;
          return footerEnd <= navTop + 0.5;
        }),
      )
      .toBe(true);
    // The entry leads to the chats.
    await page.getByRole('link', { name: /^المحادثات/ }).click();
    await expect(page).toHaveURL(/\/chat\/list$/);
    await context.close();
  });

  for (const [role, who] of [
    ['store', DEMO.pharmacy],
    ['admin', DEMO.admin],
  ] as const) {
    test(`the ${role} at ${vp.width} px: the public top bar and the dashboard's fit`, async ({ browser }) => {
      const { context } = await signedInContext(browser, who, { viewport: vp });
      const page = await context.newPage();
      await page.goto('/leaf');
      await hydrated(page);
      await expect(page.getByRole('link', { name: 'لوحة التحكم' })).toBeInViewport({ ratio: 1 });
      await expectTopBarFits(page, `${role} /leaf ${vp.width}`);
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectTopBarFits(page, `${role} /dashboard ${vp.width}`);
      await page.screenshot({ path: path.join(artifacts, `top-bar-${role}-dashboard-${vp.width}.png`) });
      await context.close();
    });
  }
}

test('at 1366 px the signed-in links stay in the top bar, with no bottom navigation', async ({ browser }) => {
  const { who } = await farmerWithUnread(1);
  const { context } = await signedInContext(browser, who, { viewport: { width: 1366, height: 800 } });
  const page = await context.newPage();
  await page.goto('/leaf');
  await hydrated(page);
  await expect(page.locator('header').getByRole('link', { name: /^المحادثات/ })).toBeVisible();
  await expect(page.getByTestId('unread-badge')).toHaveText('1');
  await expect(page.getByTestId('bottom-nav')).toHaveCount(0);
  await expectTopBarFits(page, 'farmer /leaf 1366');
  await page.screenshot({ path: path.join(artifacts, 'top-bar-farmer-1366.png') });
  await context.close();
});

test('the language switch is named by what it shows, in both languages', async ({ page }) => {
  await page.goto('/leaf');
  await hydrated(page);
  const toEnglish = page.getByRole('button', { name: /تغيير اللغة/ });
  await expect(toEnglish).toHaveAccessibleName('English — تغيير اللغة');
  await toEnglish.click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: /Change language/ })).toHaveAccessibleName('العربية — Change language');
  await page.getByRole('button', { name: /Change language/ }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
});

/**
 * Signed-in screens of each role: all at 360 px, the first two at 1366 px too. The dashboard's screens
 * are checked, with the same rules, at 360 and 1280 px by dashboard-screens.spec: here the store and the
 * admin only on a public page with their signed-in top bar.
 */
const SIGNED_IN_SCREENS = {
  farmer: (conversationId: number) => [
    '/leaf',
    '/myorders',
    '/products/1',
    '/chat/list',
    `/chat/${conversationId}`,
    '/account',
    '/cart',
  ],
  store: () => ['/leaf'],
  admin: () => ['/leaf'],
};

for (const role of ['farmer', 'store', 'admin'] as const) {
  test(`axe finds nothing serious, and no label hiding its visible text, on the ${role}'s signed-in screens`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const farmer = role === 'farmer' ? await farmerWithUnread(1) : null;
    const account = farmer?.who ?? (role === 'store' ? DEMO.pharmacy : DEMO.admin);
    const urls = SIGNED_IN_SCREENS[role](farmer?.conversationId ?? 0);
    for (const [vp, list] of [
      [PHONES[0], urls],
      [{ width: 1366, height: 800 }, urls.slice(0, 2)],
    ] as const) {
      const { context } = await signedInContext(browser, account, { viewport: vp });
      const page = await context.newPage();
      for (const url of list) {
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expect(page.getByText('جارٍ التحميل…')).toHaveCount(0);
        await expectNoAxeViolations(page, `${role} ${url} ${vp.width}`);
      }
      await context.close();
    }
  });
}
