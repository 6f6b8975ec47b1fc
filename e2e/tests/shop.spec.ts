/**
 * Ordering like a real shop (issue 14): carts per store that survive a reload and ordering from
 * another store, checkout with delivery details that the store sees live, the order's status toast and
 * badge wherever the farmer is, rating a completed order shown on the store card, the account screen,
 * and axe on each new screen. Screenshots at 360 and 1366 px go to artifacts/.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { farmerSignsIn, fillDelivery, hydrated } from './support/farmer-ui';
import {
  apiCall,
  apiLogin,
  DEMO,
  expect,
  expectToastBelowTopBar,
  liveConnection,
  signedInContext,
  test,
} from './support/fixtures';

const artifacts = path.join(process.cwd(), 'artifacts');

async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(artifacts, `shop-${name}.png`), fullPage: true });
}

/** support/axe.ts on the page as it is, named by its URL. */
const axe = (page: Page) => expectNoAxeViolations(page, page.url());

async function noSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    `${page.url()} scrolls sideways`,
  ).toBe(true);
}

/** Adds the first product of /products/{storeId} with `quantity` through the quantity dialog. */
async function addFirstProduct(page: Page, storeId: number, quantity: number): Promise<string> {
  await page.goto(`/products/${storeId}`);
  await hydrated(page);
  const order = page.getByRole('button', { name: /^اطلب: / }).first();
  await expect(order).toBeVisible();
  const name = ((await order.getAttribute('aria-label')) ?? '').replace('اطلب: ', '');
  await order.click();
  const dialog = page.getByRole('dialog');
  // Arabic-Indic digits typed: shown as 0-9.
  await dialog.getByLabel('الكمية').fill('');
  await dialog.getByLabel('الكمية').pressSequentially(String(quantity).replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]));
  await expect(dialog.getByLabel('الكمية')).toHaveValue(String(quantity));
  await dialog.getByRole('button', { name: 'أضف إلى السلة' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  return name;
}

test('two stores’ carts survive a reload; ordering from one empties only its cart', async ({ browser }) => {
  const { context, page } = await farmerSignsIn(browser, DEMO.farmer);
  try {
    const seeds = await addFirstProduct(page, 1, 2);
    const vet = await addFirstProduct(page, 2, 3);
    // The top bar counts every store's units and opens the carts by store.
    await expect(page.getByRole('link', { name: 'كل السلال (5)' })).toBeVisible();
    await page.reload();
    await page.getByRole('link', { name: 'كل السلال (5)' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    const carts = page.getByRole('list', { name: 'السلال' }).getByRole('listitem');
    await expect(carts).toHaveCount(2);
    await expect(carts.filter({ hasText: `${seeds} × 2` })).toHaveCount(1);
    await expect(carts.filter({ hasText: `${vet} × 3` })).toHaveCount(1);
    await noSidewaysScroll(page);
    await shot(page, 'carts-360');
    await axe(page);

    await page.getByRole('link', { name: /^إتمام الطلب: عيادة/ }).click();
    await expect(page).toHaveURL(/\/cart\/2$/);
    // Pre-filled from the demo farmer's profile.
    await expect(page.getByLabel('العنوان (المنطقة، الشارع، أقرب معلم)')).not.toHaveValue('');
    await noSidewaysScroll(page);
    await shot(page, 'checkout-360');
    await axe(page);
    await page.getByRole('button', { name: 'إرسال الطلب' }).click();
    await expect(page).toHaveURL(/\/myorders$/);
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: `${vet} × 3` })
        .first(),
    ).toBeVisible();

    // The other store's cart is still there, also after a reload.
    await page.reload();
    await expect(page.getByRole('link', { name: 'كل السلال (2)' })).toBeVisible();
    await page.goto('/cart');
    await expect(page.getByRole('list', { name: 'السلال' }).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('list', { name: 'السلال' })).toContainText(`${seeds} × 2`);
    await page.setViewportSize({ width: 1366, height: 900 });
    await shot(page, 'carts-1366');
    // Leave no cart for the other tests.
    await page.goto('/cart/1');
    await page.getByRole('button', { name: `حذف: ${seeds}` }).click();
    await expect(page.getByText('السلة فارغة')).toBeVisible();
  } finally {
    await context.close();
  }
});

test('checkout with delivery details: the store sees them live, then in the order details', async ({ browser }) => {
  const store = await signedInContext(browser, DEMO.pharmacy, { viewport: { width: 1366, height: 900 } });
  const { context, page } = await farmerSignsIn(browser, DEMO.farmer);
  try {
    const dashboard = await store.context.newPage();
    // The store hears order:new once the dashboard's live connection is up.
    const live = liveConnection(dashboard);
    await dashboard.goto('/order/list');
    await expect(dashboard.getByRole('heading', { level: 1 })).toBeVisible();
    await live;

    await addFirstProduct(page, 1, 1);
    await page.goto('/cart/1');
    await page.getByLabel('المحافظة').selectOption({ label: 'حمص' });
    await page.getByLabel('العنوان (المنطقة، الشارع، أقرب معلم)').fill('حمص، الوعر، جانب الحديقة');
    await page.getByLabel('رقم الهاتف للتوصيل').fill('');
    await page.getByLabel('رقم الهاتف للتوصيل').pressSequentially('٠٩٣٣١٢٣٤٥٦');
    await expect(page.getByLabel('رقم الهاتف للتوصيل')).toHaveValue('0933123456');
    await fillDelivery(page, { note: 'اتصل قبل الوصول' });
    // Live on the store's screen: the new-order toast names where it goes (it lasts a few seconds from
    // the order's arrival: watched for from the tap).
    const toasted = expect(dashboard.getByText(/حمص، حمص، الوعر، جانب الحديقة/).first()).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole('button', { name: 'إرسال الطلب' }).click();
    await expect(page).toHaveURL(/\/myorders$/);
    const mine = page.getByRole('listitem').filter({ hasText: 'حمص، الوعر، جانب الحديقة' }).first();
    await expect(mine).toBeVisible();
    const orderId = Number(((await mine.getAttribute('aria-label')) ?? '').match(/\d+/)?.[0]);
    await toasted;
    await dashboard.goto(`/order/details?id=${orderId}`);
    const delivery = dashboard.getByTestId('order-delivery');
    await expect(delivery).toContainText('حمص — حمص، الوعر، جانب الحديقة');
    await expect(delivery).toContainText('0933123456');
    await expect(delivery).toContainText('اتصل قبل الوصول');
    await dashboard.screenshot({ path: path.join(artifacts, 'shop-order-delivery-1366.png'), fullPage: true });
  } finally {
    await context.close();
    await store.context.close();
  }
});

test('a completed order: the farmer is told wherever they are, rates it, and the store card shows it', async ({
  browser,
}) => {
  const pharmacy = await apiLogin(DEMO.pharmacy);
  const storeId = pharmacy.user.store?.id ?? 0;
  const before = await apiCall<{ rating_count: number; city: number; name_store: string }>(`store/get/${storeId}`);
  const { context, page } = await farmerSignsIn(browser, DEMO.farmer);
  try {
    await addFirstProduct(page, storeId, 1);
    await page.goto(`/cart/${storeId}`);
    await fillDelivery(page);
    await page.getByRole('button', { name: 'إرسال الطلب' }).click();
    await expect(page).toHaveURL(/\/myorders$/);
    const order = page.getByRole('listitem').filter({ hasText: before.name_store }).first();
    const orderId = Number(((await order.getAttribute('aria-label')) ?? '').match(/\d+/)?.[0]);

    // Elsewhere in the app when the store completes it (through the relay, as its dashboard does).
    // (a push sent before the page's live connection is up is not heard: the store acts after it)
    const live = liveConnection(page);
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await live;
    const store = await signedInContext(browser, DEMO.pharmacy);
    const dashboard = await store.context.newPage();
    await dashboard.goto(`/order/details?id=${orderId}`);
    await dashboard.getByRole('button', { name: 'تغيير الحالة' }).click();
    await dashboard.getByRole('dialog').getByLabel('الحالة الجديدة').selectOption({ label: 'مكتمل' });
    await dashboard.getByRole('dialog').getByRole('button', { name: 'حفظ' }).click();
    await expect(dashboard.getByTestId('order-status')).toHaveText('مكتمل');
    await store.context.close();

    // The toast opens under the sticky top bar: its sign-out, search and links stay in view (checked
    // while it shows: it goes by itself a few seconds later).
    const toast = page.getByRole('status').filter({ hasText: `تغيّرت حالة طلبك رقم ${orderId}` });
    await expect(toast).toHaveText(new RegExp(`تغيّرت حالة طلبك رقم ${orderId}: مكتمل`));
    await toast.hover(); // a toast under the pointer waits: its button is tapped below
    await expectToastBelowTopBar(page, toast);
    await shot(page, 'status-toast-360');
    await expect(page.getByTestId('orders-badge')).toHaveText('1');
    // The toast leads to «طلباتي» itself.
    await toast.getByRole('button', { name: 'طلباتي' }).click();
    await expect(page).toHaveURL(/\/myorders$/);
    await expect(page.getByTestId('orders-badge')).toHaveCount(0);
    // The order's card the store's change put in the chat is that toast already: no second one for it.
    // (the store's next message, toasted, is the marker that the card's toast would have come by now)
    const { conversation_id } = await apiCall<{ conversation_id: number }>(`order/get/${orderId}`, {
      token: pharmacy.token,
    });
    await apiCall('message/create', { token: pharmacy.token, body: { conversation_id, message: 'سيصلك الطلب اليوم' } });
    const said = page.getByRole('status').filter({ hasText: 'سيصلك الطلب اليوم' });
    await expect(said).toBeVisible();
    await said.hover();
    // read once, not polled: a card's toast would have gone by itself a few seconds later
    expect(await page.getByRole('status').allInnerTexts()).not.toContainEqual(
      expect.stringContaining(`طلب رقم ${orderId}`),
    );
    // A message's toast opens its chat; back, the orders.
    await said.getByRole('button', { name: 'فتح المحادثة' }).click();
    await expect(page).toHaveURL(new RegExp(`/chat/${conversation_id}$`));
    await expect(page.getByTestId('chat-screen').getByText('سيصلك الطلب اليوم')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/myorders$/);

    const rated = page.getByRole('listitem', { name: `طلب رقم ${orderId}` });
    await rated.getByRole('button', { name: 'قيّم الطلب' }).click();
    await rated.getByRole('radio', { name: '4 من 5' }).check();
    await rated.getByLabel('تعليق (اختياري)').fill('وصل بسرعة');
    await noSidewaysScroll(page);
    await axe(page);
    await shot(page, 'rate-360');
    await rated.getByRole('button', { name: 'حفظ التقييم' }).click();
    await expect(page.getByText('شكراً، تم حفظ تقييمك')).toBeVisible();
    await expect(rated.getByRole('img', { name: 'تقييمك: 4 من 5' })).toBeVisible();
    // Editable: a second rating replaces the first.
    await rated.getByRole('button', { name: 'عدّل تقييمك' }).click();
    await rated.getByRole('radio', { name: '5 من 5' }).check();
    await rated.getByRole('button', { name: 'حفظ التقييم' }).click();
    await expect(rated.getByRole('img', { name: 'تقييمك: 5 من 5' })).toBeVisible();

    // The store card on its list counts the rating (one more review, whatever the average).
    await page.goto(`/leaf?city=${before.city}`);
    const card = page.getByRole('article').filter({ hasText: before.name_store });
    await expect(card.getByTestId('store-rating')).toHaveAttribute(
      'aria-label',
      new RegExp(`، ${before.rating_count + 1} تقييم$`),
    );
    await shot(page, 'store-card-rating-360');
    // The store page lists the review.
    await page.goto(`/products/${storeId}`);
    await expect(page.getByRole('list', { name: 'آراء المشترين' })).toContainText('وصل بسرعة');
    await noSidewaysScroll(page);
    await axe(page);
    await shot(page, 'store-page-reviews-360');
    // Best rated first.
    await page.goto('/leaf?sort=rating');
    await hydrated(page);
    await expect(page.getByLabel('الترتيب')).toHaveValue('rating');
    await expect(page.getByRole('article').first()).toBeVisible();
  } finally {
    await context.close();
  }
});

test('an order the store accepted while the farmer was away is told, and counted, when they come back', async ({
  browser,
}) => {
  const pharmacy = await apiLogin(DEMO.pharmacy);
  const farmer = await apiLogin(DEMO.farmer);
  const storeId = pharmacy.user.store?.id ?? 0;
  const products = await apiCall<{ data: { id: number; price: string }[] }>(`product/getAll?store_id=${storeId}`);
  const order = await apiCall<{ id: number }>('order/create', {
    token: farmer.token,
    body: {
      store_id: storeId,
      total: products.data[0]?.price,
      items: [{ product_id: products.data[0]?.id, quantity: 1 }],
      client_id: `e2e-away-${Date.now()}`,
      delivery: { province: 3, address: 'حمص، الوعر', phone: '0944444444' },
    },
  });
  const { context, page } = await farmerSignsIn(browser, DEMO.farmer);
  try {
    // This browser has seen the order as new once its live connection came up…
    const remembered = (id: number) =>
      page.waitForFunction(
        ([userId, orderId]) =>
          JSON.parse(localStorage.getItem(`agrivet:orders:${userId}`) ?? '{}').known?.[orderId]?.startsWith('0:new@'),
        [farmer.user.id, id],
      );
    await remembered(order.id);
    // …then the farmer closes the tab; the store accepts the order meanwhile (its push reaches nobody).
    await page.close();
    await apiCall(`order/update/${order.id}`, { token: pharmacy.token, body: { stage: 'accepted' } });

    const back = await context.newPage();
    await back.goto('/blog');
    const toast = back.getByRole('status').filter({ hasText: `تغيّرت حالة طلبك رقم ${order.id}: مقبول` });
    await expect(toast).toBeVisible();
    await expectToastBelowTopBar(back, toast);
    await shot(back, 'status-while-away-360');
    await expect(back.getByTestId('orders-badge')).toHaveText('1');
    // The badge stays until /myorders is opened, also after a reload.
    await back.reload();
    await expect(back.getByTestId('orders-badge')).toHaveText('1');
    await back.getByRole('link', { name: /^طلباتي/ }).click();
    await expect(back.getByTestId('orders-badge')).toHaveCount(0);
    await expect(back.getByRole('listitem', { name: `طلب رقم ${order.id}` })).toContainText('مقبول');
  } finally {
    await context.close();
  }
});

test('the account screen edits the farmer’s details (Arabic-Indic digits accepted)', async ({ browser }) => {
  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1366, height: 900 },
  ]) {
    const { context } = await signedInContext(browser, DEMO.farmer, { viewport });
    const page = await context.newPage();
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1, name: 'حسابي' })).toBeVisible();
    await expect(page.getByLabel('رقم الهاتف')).toHaveValue(DEMO.farmer.phone);
    await noSidewaysScroll(page);
    await axe(page);
    await shot(page, `account-${viewport.width}`);
    await context.close();
  }
  const { context } = await signedInContext(browser, DEMO.farmer);
  const page = await context.newPage();
  await page.goto('/account');
  await page.getByLabel('رقم الهاتف').fill('');
  await page.getByLabel('رقم الهاتف').pressSequentially('٠٩٤٤٤٤٤٤٤٤');
  await expect(page.getByLabel('رقم الهاتف')).toHaveValue(DEMO.farmer.phone);
  await page.getByLabel('العنوان', { exact: true }).fill('ريف دمشق، دوما، قرب السوق');
  await page.getByRole('button', { name: 'حفظ', exact: true }).click();
  await expect(page.getByText('تم حفظ بياناتك')).toBeVisible();
  // A wrong current password is shown beside the form's fields, not only in a toast.
  await page.getByLabel('كلمة المرور الحالية').fill('not-my-password');
  await page.getByLabel('كلمة المرور الجديدة', { exact: true }).fill('new-password-1');
  await page.getByLabel('تأكيد كلمة المرور الجديدة').fill('new-password-1');
  await page.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
  await expect(
    page.getByRole('form', { name: 'تغيير كلمة المرور' }).getByText('كلمة المرور الحالية غير صحيحة'),
  ).toBeVisible();
  const me = await apiCall<{ user: { address: string } }>('auth/user', { token: (await apiLogin(DEMO.farmer)).token });
  expect(me.user.address).toBe('ريف دمشق، دوما، قرب السوق');
  await context.close();
});

test('the dashboard lists at 360 px are cards, with nothing scrolling sideways', async ({ browser }) => {
  const screens = {
    admin: ['/user/list', '/bone/list', '/blog/list', '/conversation/list'],
    pharmacy: ['/order/list', '/product/list', '/blog/list'],
  } as const;
  for (const [who, paths] of Object.entries(screens)) {
    const { context } = await signedInContext(browser, DEMO[who as keyof typeof screens], {
      viewport: { width: 360, height: 740 },
    });
    const page = await context.newPage();
    for (const p of paths) {
      await page.goto(p);
      // Cards (or, for a list with nothing in it yet, its empty state).
      await expect(
        page.getByTestId('row-cards').or(page.getByText('لا توجد محادثات بعد: تظهر هنا عندما يراسل مزارع متجراً')),
      ).toBeVisible();
      if (p !== '/conversation/list') await expect(page.getByTestId('row-cards')).toBeVisible();
      await noSidewaysScroll(page);
      await page.screenshot({ path: path.join(artifacts, `shop-dashboard-${who}${p.replaceAll('/', '-')}-360.png`) });
    }
    if (who === 'admin') {
      // The admin marks a store verified from its card; the badge shows.
      await page.goto('/bone/list');
      const card = page.getByTestId('row-cards').getByRole('listitem').first();
      const toggle = card.getByRole('button', { name: /^(توثيق|إلغاء التوثيق): / });
      const wasVerified = (await toggle.textContent())?.includes('إلغاء') ?? false;
      await toggle.click();
      await expect(card.getByTestId('verified-badge')).toHaveCount(wasVerified ? 0 : 1);
      await card.getByRole('button', { name: /^(توثيق|إلغاء التوثيق): / }).click();
      await expect(card.getByTestId('verified-badge')).toHaveCount(wasVerified ? 1 : 0);
      await axe(page);
    }
    await context.close();
  }
});
