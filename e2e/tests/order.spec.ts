import { DEMO, expect, signedInContext, test } from './support/fixtures';
import { fillDelivery, hydrated } from './support/farmer-ui';

test('a farmer finds a pharmacy by province, orders two products, and sees the status change live', async ({
  browser,
}) => {
  const farmer = await signedInContext(browser, DEMO.farmer);
  const page = await farmer.context.newPage();

  await page.goto('/leaf');
  await hydrated(page);
  await page.getByLabel('المحافظة').selectOption({ label: 'دمشق' });
  await expect(page).toHaveURL(/city=1/);
  const card = page.getByRole('article').filter({ hasText: 'دمشق' }).first();
  await expect(card).toBeVisible();
  const storeName = ((await card.getByRole('heading').textContent()) ?? '').trim();
  await card.getByRole('link', { name: /عرض المنتجات/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: storeName })).toBeVisible();

  // Two products, the second one twice (quantity 2).
  const orderButtons = page.getByRole('button', { name: /^اطلب: / });
  await expect(orderButtons.first()).toBeVisible();
  const first = ((await orderButtons.nth(0).getAttribute('aria-label')) ?? '').replace('اطلب: ', '');
  const second = ((await orderButtons.nth(1).getAttribute('aria-label')) ?? '').replace('اطلب: ', '');

  await orderButtons.nth(0).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('الكمية').fill('0');
  await dialog.getByRole('button', { name: 'أضف إلى السلة' }).click();
  await expect(dialog.getByText('الكمية يجب أن تكون 1 على الأقل')).toBeVisible();
  await dialog.getByLabel('الكمية').fill('1');
  await dialog.getByRole('button', { name: 'أضف إلى السلة' }).click();
  await expect(page.getByText('تم اضافة العنصر الى السلة').first()).toBeVisible();
  await expect(dialog).toHaveCount(0); // closed: see support/farmer-ui.ts

  await orderButtons.nth(1).click();
  await page.getByRole('dialog').getByLabel('الكمية').fill('2');
  await page.getByRole('dialog').getByRole('button', { name: 'أضف إلى السلة' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0); // closed: see support/farmer-ui.ts

  await page.getByRole('link', { name: 'السلة (3)' }).click();
  await expect(page).toHaveURL(/\/cart\/\d+$/);
  const lines = page.getByRole('list', { name: 'السلة' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(page.getByTestId('cart-total')).toHaveText(/^\d+\.\d{2} \$$/);
  await fillDelivery(page);
  const confirmed = expect(page.getByText('تمت إضافة الطلب')).toBeVisible({ timeout: 30_000 }); // a few seconds' toast
  await page.getByRole('button', { name: 'إرسال الطلب' }).click();

  await expect(page).toHaveURL(/\/myorders$/);
  await confirmed;
  const order = page.getByRole('listitem').filter({ hasText: storeName }).first();
  await expect(order).toContainText(first);
  await expect(order).toContainText(second);
  await expect(order.getByTestId('order-status')).toHaveText('قيد التنفيذ');
  // That store's cart was emptied.
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}').carts)).toEqual([]);

  // The store account, on another device, completes the order in its dashboard (order list → details →
  // status dialog); the farmer's page updates without a reload.
  const label = (await order.getAttribute('aria-label')) ?? '';
  const orderId = Number(label.match(/\d+/)?.[0]);
  const store = await signedInContext(browser, DEMO.pharmacy);
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  try {
    const dashboard = await store.context.newPage();
    await dashboard.goto('/order/list');
    await dashboard.getByRole('link', { name: `عرض: طلب رقم ${orderId}` }).click();
    await expect(dashboard).toHaveURL(new RegExp(`/order/details\\?id=${orderId}$`));
    await dashboard.getByRole('button', { name: 'تغيير الحالة' }).click();
    const statusDialog = dashboard.getByRole('dialog');
    await statusDialog.getByLabel('الحالة الجديدة').selectOption({ label: 'مكتمل' });
    await statusDialog.getByRole('button', { name: 'حفظ' }).click();
    await expect(dashboard.getByRole('dialog')).toHaveCount(0);
    await expect(dashboard.getByTestId('order-status')).toHaveText('مكتمل');

    await expect(order.getByTestId('order-status')).toHaveText('مكتمل');
    expect(navigations).toEqual([]);
  } finally {
    await store.context.close();
    await farmer.context.close();
  }
});

test('a visitor must log in before ordering, and comes back to the store with that product’s dialog open', async ({
  page,
}) => {
  await page.goto('/products/1');
  await hydrated(page);
  const order = page.getByRole('button', { name: /^اطلب: / }).first();
  const name = ((await order.getAttribute('aria-label')) ?? '').replace('اطلب: ', '');
  await order.click();
  await expect(page).toHaveURL(/\/login\?next=%2Fproducts%2F1%3Forder%3D\d+$/);
  await expect(page.getByText('يرجى تسجيل الدخول أولاً')).toBeVisible();
  await page.getByLabel('رقم الهاتف').fill(DEMO.farmer.phone);
  await page.getByLabel('كلمة المرور').fill(DEMO.farmer.password);
  await page.getByRole('button', { name: 'دخول' }).click();
  await expect(page).toHaveURL(/\/products\/1\?order=\d+$/);
  // The intent survived the sign-in (issue 24): that product's quantity dialog is open.
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name })).toBeVisible();
  await dialog.getByRole('button', { name: 'إلغاء' }).click();
  await expect(page).toHaveURL(/\/products\/1$/);
  await expect(page.getByRole('button', { name: /^اطلب: / }).first()).toBeVisible();
});

test('an empty cart says so', async ({ browser }) => {
  const farmer = await signedInContext(browser, DEMO.farmer);
  const page = await farmer.context.newPage();
  await page.goto('/cart/1');
  await expect(page.getByText('السلة فارغة')).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByText('سلتك فارغة، لم تضف أي منتج بعد')).toBeVisible();
  await farmer.context.close();
});

test('an order placed offline waits in the outbox, shown as pending, and is sent when the connection returns', async ({
  browser,
}) => {
  const farmer = await signedInContext(browser, DEMO.farmer);
  const page = await farmer.context.newPage();
  await page.goto('/products/1');
  await hydrated(page);
  const order = page.getByRole('button', { name: /^اطلب: / }).first();
  const name = ((await order.getAttribute('aria-label')) ?? '').replace('اطلب: ', '');
  await order.click();
  await page.getByRole('dialog').getByLabel('الكمية').fill('3');
  await page.getByRole('dialog').getByRole('button', { name: 'أضف إلى السلة' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0); // closed: see support/farmer-ui.ts
  await page.getByRole('link', { name: 'السلة (3)' }).click();
  await expect(page.getByRole('button', { name: 'إرسال الطلب' })).toBeVisible();
  await fillDelivery(page);

  await farmer.context.setOffline(true);
  await page.getByRole('button', { name: 'إرسال الطلب' }).click();
  await expect(page.getByText('الطلب بانتظار الاتصال وسيُرسل تلقائياً')).toBeVisible();
  await expect(page).toHaveURL(/\/cart\/1$/);

  await farmer.context.setOffline(false);
  await expect(page).toHaveURL(/\/myorders$/, { timeout: 30_000 });
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: `${name} × 3` })
      .first(),
  ).toBeVisible();
  await farmer.context.close();
});

test('a cart whose order is queued cannot be ordered twice, keeps its lock over a reload and the store page, and empties once sent', async ({
  browser,
}) => {
  const farmer = await signedInContext(browser, DEMO.farmer, { serviceWorkers: 'allow' });
  const page = await farmer.context.newPage();
  await page.goto('/products/1');
  await hydrated(page);
  // The service worker must control the page so that a reload works offline.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const order = page.getByRole('button', { name: /^اطلب: / }).first();
  await order.click();
  await page.getByRole('dialog').getByLabel('الكمية').fill('2');
  await page.getByRole('dialog').getByRole('button', { name: 'أضف إلى السلة' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0); // closed: see support/farmer-ui.ts
  await page.getByRole('link', { name: 'السلة (2)' }).click();
  await expect(page).toHaveURL(/\/cart\/1$/);

  // Back to the store keeps the cart (one cart per store, CONTRACT.md §5).
  await page.getByRole('link', { name: 'العودة إلى المتجر' }).click();
  await expect(page).toHaveURL(/\/products\/1$/);
  await expect(page.getByRole('link', { name: 'السلة (2)' })).toBeVisible();
  await page.getByRole('link', { name: 'السلة (2)' }).click();
  await fillDelivery(page);

  await farmer.context.setOffline(true);
  await page.getByRole('button', { name: 'إرسال الطلب' }).click();
  await expect(page.getByText('الطلب بانتظار الاتصال وسيُرسل تلقائياً')).toBeVisible();
  const pending = await page.evaluate(
    () => JSON.parse(localStorage.getItem('cart') ?? '{}').carts?.[0]?.pending?.client_id,
  );
  expect(typeof pending).toBe('string');
  // Locked: no second order.
  await expect(page.getByRole('button', { name: /إرسال الطلب|جارٍ إرسال الطلب/ })).toBeDisabled();

  // Reload while still offline (the service worker serves the shell): still locked, same client_id.
  await page.reload();
  await expect(page.getByRole('list', { name: 'السلة' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('button', { name: /إرسال الطلب|جارٍ إرسال الطلب/ })).toBeDisabled();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: 'artifacts/cart-pending-offline-360.png', fullPage: true });

  // Opening the store's page from elsewhere does not clear a cart whose order is pending.
  await page.goto('/products/1');
  await hydrated(page);
  await expect(page.getByRole('link', { name: 'السلة (2)' })).toBeVisible();
  await page.getByRole('link', { name: 'السلة (2)' }).click();

  await farmer.context.setOffline(false);
  await expect(page).toHaveURL(/\/myorders$/, { timeout: 30_000 });
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}'))).toMatchObject({ carts: [] });
  // Sent once: exactly one order carries that client_id.
  const mine = await page.evaluate(async () => {
    const res = await fetch('/api/order/getAll-byUser?page_number=1', {
      headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return ((await res.json()) as { data: { data: { client_id: string | null }[] } }).data.data;
  });
  expect(mine.filter((o) => o.client_id === pending)).toHaveLength(1);
  await farmer.context.close();
});
