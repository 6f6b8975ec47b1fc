/**
 * Every dashboard screen for the admin and a store account: right-to-left, screenshots at 360 px and
 * 1280 px (e2e/artifacts/dashboard-*), nothing wider than the screen, and no serious or critical
 * axe-core violation nor a label hiding its visible text (support/axe.ts). Also the role guard: a route a
 * role may not use redirects.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { apiCall, apiLogin, DEMO, expect, signedInContext, test } from './support/fixtures';

const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');
mkdirSync(artifacts, { recursive: true });

const adminScreens = [
  { name: 'stats-admin', path: '/dashboard', heading: 'الإحصائيات' },
  { name: 'users', path: '/user/list', heading: 'المستخدمون' },
  { name: 'stores', path: '/bone/list', heading: 'المتاجر' },
  { name: 'products-admin', path: '/product/list', heading: 'كل المنتجات' },
  { name: 'conversations', path: '/conversation/list', heading: 'كل المحادثات' },
  { name: 'articles-admin', path: '/blog/list', heading: 'المقالات' },
] as const;

const storeScreens = [
  { name: 'stats-store', path: '/dashboard', heading: 'الإحصائيات' },
  { name: 'articles', path: '/blog/list', heading: 'المقالات' },
  { name: 'article-add', path: '/blog/add', heading: 'إضافة مقال' },
  { name: 'store-edit', path: '/bone/add', heading: 'تعديل المتجر' },
  { name: 'products', path: '/product/list', heading: 'المنتجات' },
  { name: 'product-add', path: '/product/add', heading: 'إضافة منتج' },
  { name: 'orders', path: '/order/list', heading: 'الطلبات' },
  { name: 'chats', path: '/dashboard/chats', heading: 'محادثات المتجر' },
  { name: 'profile', path: '/profile/info', heading: 'الملف الشخصي' },
  { name: 'change-password', path: '/profile/ChangePassword', heading: 'تغيير كلمة المرور' },
] as const;

const viewports = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
] as const;

async function check(page: Page, name: string, url: string, heading: string) {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByText('جارٍ التحميل…')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const vw = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(vw + 1);
  if (vw >= 600) {
    // each row of a table in one colour, its actions cell too (stripes to the row's end; under md it is
    // pinned while the table scrolls sideways, and keeps its row's stripe)
    const rows = await page.locator('table tbody tr').evaluateAll((trs) =>
      trs.map((tr) =>
        [...tr.querySelectorAll('td')].map((td) => {
          // the colour seen: a transparent cell shows its nearest painted ancestor's
          for (let el: Element | null = td; el; el = el.parentElement) {
            const bg = getComputedStyle(el).backgroundColor;
            if (bg !== 'rgba(0, 0, 0, 0)') return bg;
          }
          return 'rgb(255, 255, 255)';
        }),
      ),
    );
    for (const cells of rows) expect(new Set(cells).size, `${name}: a row's cells ${cells.join(' | ')}`).toBe(1);
  }
  await shotAndAxe(page, name);
}

/** Screenshot (full page) and axe-core (support/axe.ts). */
async function shotAndAxe(page: Page, name: string, fullPage = true) {
  const vw = page.viewportSize()?.width ?? 0;
  await page.screenshot({
    path: path.join(artifacts, `dashboard-${name}-${vw}.png`),
    fullPage,
    animations: 'disabled',
  });
  await expectNoAxeViolations(page, name);
}

for (const vp of viewports) {
  test(`admin dashboard screens at ${vp.width} px`, async ({ browser }) => {
    const { context } = await signedInContext(browser, DEMO.admin, { viewport: vp });
    const page = await context.newPage();
    for (const s of adminScreens) await check(page, s.name, s.path, s.heading);
    await context.close();
  });

  test(`store dashboard screens at ${vp.width} px`, async ({ browser }) => {
    const { context } = await signedInContext(browser, DEMO.pharmacy, { viewport: vp });
    const page = await context.newPage();
    for (const s of storeScreens) await check(page, s.name, s.path, s.heading);
    await context.close();
  });
}

test("a table between the cards and md (700 px): the pinned actions cell keeps its row's stripe", async ({
  browser,
}) => {
  const { context } = await signedInContext(browser, DEMO.admin, { viewport: { width: 700, height: 800 } });
  const page = await context.newPage();
  await check(page, 'users', '/user/list', 'المستخدمون');
  const pinned = page.locator('table tbody tr').first().locator('td').last();
  expect(await pinned.evaluate((td) => getComputedStyle(td).position)).toBe('sticky');
  await context.close();
});

/** Ids of demo records for the detail and edit screens (an order is placed first if the pharmacy has none). */
async function demoIds() {
  const pharmacy = await apiLogin(DEMO.pharmacy);
  const storeId = pharmacy.user.store?.id ?? 0;
  const products = await apiCall<{ data: { id: number; price: string }[] }>(`product/getAll?store_id=${storeId}`);
  // an order still in progress: only those offer the status dialog (other specs complete or reject theirs)
  let orders = await apiCall<{ data: { id: number }[] }>('order/getAll-byStore?page_number=1&status=0', {
    token: pharmacy.token,
  });
  if (orders.data.length === 0) {
    const farmer = await apiLogin(DEMO.farmer);
    const price = Math.round(Number(products.data[0].price) * 100);
    await apiCall('order/create', {
      token: farmer.token,
      body: {
        user_id: farmer.user.id,
        store_id: storeId,
        total: (price / 100).toFixed(2),
        items: [{ product_id: products.data[0].id, quantity: 1 }],
        client_id: `e2e-screens-${Date.now()}`,
        delivery: { province: 11, address: 'ريف دمشق، دوما', phone: '0944444444' },
      },
    });
    orders = await apiCall('order/getAll-byStore?page_number=1&status=0', { token: pharmacy.token });
  }
  const admin = await apiLogin(DEMO.admin);
  const listConversations = () =>
    apiCall<{ data: { id: number; sender: { name: string } }[] }>('conversation/getAll?page_number=1', {
      token: admin.token,
    });
  let conversations = await listConversations();
  if (conversations.data.length === 0) {
    const farmer = await apiLogin(DEMO.farmer);
    const conversation = await apiCall<{ id: number }>('conversation/create', {
      token: farmer.token,
      body: { store_id: storeId },
    });
    await apiCall('message/create', {
      token: farmer.token,
      body: { conversation_id: conversation.id, user_id: farmer.user.id, message: 'هل يتوفر سماد للزيتون؟' },
    });
    conversations = await listConversations();
  }
  return {
    storeId,
    productId: products.data[0].id,
    orderId: orders.data[0].id,
    conversation: conversations.data[0],
  };
}

for (const vp of viewports) {
  test(`detail and edit screens, the status dialog${vp.width < 768 ? ' and the phone drawer' : ''} at ${vp.width} px`, async ({
    browser,
  }) => {
    const ids = await demoIds();
    const store = await signedInContext(browser, DEMO.pharmacy, { viewport: vp });
    const page = await store.context.newPage();
    await check(page, 'my-store', `/bone/add?id=${ids.storeId}`, 'تعديل المتجر');
    await check(page, 'product-edit', `/product/add/${ids.productId}`, 'تعديل المنتج');
    await check(page, 'order-details', `/order/details?id=${ids.orderId}`, `طلب رقم ${ids.orderId}`);
    await expect(page.getByTestId('order-total')).toBeVisible();
    // The status dialog (nothing is saved).
    await page.getByRole('button', { name: 'تغيير الحالة' }).click();
    const dialog = page.getByRole('dialog', { name: 'تغيير الحالة' });
    await expect(dialog.getByLabel('الحالة الجديدة')).toBeVisible();
    await shotAndAxe(page, 'order-status-dialog', false);
    await dialog.getByRole('button', { name: 'إلغاء' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    if (vp.width < 768) {
      // The phone drawer, with the store's links and "my store".
      await page.getByRole('button', { name: 'فتح القائمة' }).click();
      const drawer = page.getByRole('dialog');
      await expect(drawer.getByRole('link', { name: 'متجري' })).toHaveAttribute('href', `/bone/add?id=${ids.storeId}`);
      await expect(drawer.getByRole('link', { name: 'الطلبات' })).toBeVisible();
      await expect(drawer).toHaveAttribute('data-state', 'open');
      await shotAndAxe(page, 'drawer-store', false);
      // The top bar has no room for the language switch on a phone: the drawer has it, and it works.
      await drawer.getByRole('button', { name: /^English/ }).click();
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
      await expect(drawer.getByRole('link', { name: 'Orders' })).toBeVisible();
      await drawer.getByRole('button', { name: /^العربية/ }).click();
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    await store.context.close();

    const admin = await signedInContext(browser, DEMO.admin, { viewport: vp });
    const adminPage = await admin.context.newPage();
    await check(adminPage, 'store-edit-admin', `/bone/add?id=${ids.storeId}`, 'تعديل المتجر');
    await check(adminPage, 'store-add-admin', '/bone/add', 'إضافة متجر');
    await expect(adminPage.getByLabel('رقم حساب المالك')).toBeVisible();
    await check(
      adminPage,
      'conversation',
      `/conversation/${ids.conversation.id}`,
      `محادثة ${ids.conversation.sender.name} مع`,
    );
    await expect(adminPage.getByRole('list', { name: 'الرسائل' })).toBeVisible();
    if (vp.width < 768) {
      await adminPage.getByRole('button', { name: 'فتح القائمة' }).click();
      await expect(adminPage.getByRole('dialog').getByRole('link', { name: 'المتاجر' })).toBeVisible();
      await shotAndAxe(adminPage, 'drawer-admin', false);
    }
    await admin.context.close();
  });
}

test('the side bar shows each role its links, and a route a role may not use redirects', async ({ browser }) => {
  const store = await signedInContext(browser, DEMO.pharmacy, { viewport: { width: 1280, height: 800 } });
  const page = await store.context.newPage();
  await page.goto('/blog/list');
  const nav = page.getByRole('navigation', { name: 'قائمة لوحة التحكم' });
  await expect(nav.getByRole('link', { name: 'الطلبات' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'المنتجات' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'المستخدمون' })).toHaveCount(0);
  // A store account on an admin screen lands on its dashboard home.
  await page.goto('/user/list');
  await expect(page).toHaveURL(/\/dashboard$/);
  // The side bar collapses to icons and stays collapsed after a reload.
  await page.getByRole('button', { name: 'طي القائمة الجانبية' }).click();
  await expect(nav.getByRole('link', { name: 'الطلبات' })).toHaveAttribute('title', 'الطلبات');
  await page.reload();
  await expect(page.getByRole('button', { name: 'توسيع القائمة الجانبية' })).toBeVisible();
  await store.context.close();

  const admin = await signedInContext(browser, DEMO.admin, { viewport: { width: 360, height: 740 } });
  const adminPage = await admin.context.newPage();
  await adminPage.goto('/order/list');
  await expect(adminPage).toHaveURL(/\/dashboard$/);
  await adminPage.goto('/product/add');
  await expect(adminPage).toHaveURL(/\/dashboard$/);
  // On a phone the side bar is a drawer.
  await adminPage.getByRole('button', { name: 'فتح القائمة' }).click();
  const drawer = adminPage.getByRole('dialog');
  await drawer.getByRole('link', { name: 'المستخدمون' }).click();
  await expect(adminPage).toHaveURL(/\/user\/list$/);
  await expect(adminPage.getByRole('dialog')).toHaveCount(0);
  await admin.context.close();

  const farmer = await signedInContext(browser, DEMO.farmer);
  const farmerPage = await farmer.context.newPage();
  await farmerPage.goto('/product/list');
  await expect(farmerPage).toHaveURL(/\/$/);
  await farmer.context.close();
});

test('signed-out visitors are sent to /login', async ({ page }) => {
  await page.goto('/order/list');
  await expect(page).toHaveURL(/\/login$/);
});

test("the dashboard in English is left-to-right with SPEC.md's 'Delete this item?'", async ({ browser }) => {
  const { context } = await signedInContext(browser, DEMO.pharmacy, { viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto('/blog/list');
  await expect(page.getByRole('heading', { level: 1, name: 'المقالات' })).toBeVisible();
  await page.getByRole('button', { name: 'تغيير اللغة' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible();
  await page
    .getByRole('button', { name: /^Delete: / })
    .first()
    .click();
  await expect(page.getByRole('alertdialog').getByText('Delete this item?')).toBeVisible();
  await page.screenshot({ path: path.join(artifacts, 'dashboard-articles-en-1280.png') });
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  await page.evaluate(() => localStorage.setItem('lang', 'ar'));
  await context.close();
});

test("the admin opens a store's products from bone/list and cannot add products", async ({ browser }) => {
  const { context } = await signedInContext(browser, DEMO.admin, { viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto('/bone/list');
  await page.getByRole('link', { name: 'عرض المنتجات: صيدلية الربيع الزراعية' }).click();
  await expect(page).toHaveURL(/\/product\/list\?store_id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'منتجات صيدلية الربيع الزراعية' })).toBeVisible();
  await expect(page.getByRole('row')).not.toHaveCount(0);
  await expect(page.getByRole('link', { name: 'إضافة منتج' })).toHaveCount(0);
  // Editing stays open to the admin.
  await page
    .getByRole('link', { name: /^تعديل: / })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'تعديل المنتج' })).toBeVisible();
  await context.close();
});
