/**
 * The dashboard end to end: a new store account registers, creates its store and a product with an
 * image that shows on its public page; a farmer signs in on a phone and orders through the UI, and the
 * order appears live on the store's order list; the store completes it and the farmer's /myorders
 * follows without a reload; the admin disables the account and its dashboard writes are refused. Then
 * the admin watches a conversation live while a farmer (in a browser too) and a store chat.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
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
import { farmerSignsIn, openChatWithStore, orderThroughUi, sendChatMessage } from './support/farmer-ui';

const here = path.dirname(fileURLToPath(import.meta.url));
const artifacts = path.join(here, '..', 'artifacts');
const photo = path.join(here, '..', '..', 'client', 'public', 'icons', 'icon-192.png');
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(artifacts, `dashboard-flow-${name}.png`), fullPage: true });

test('store account: register → store → product with image → live order → complete → disabled by the admin', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const phone = `09${String(Date.now()).slice(-8)}`;
  const storeName = `صيدلية الاختبار ${phone.slice(-4)}`;
  const productName = `مبيد فطري ${phone.slice(-4)}`;

  // 1. Register as a doctor/pharmacy: no store yet, so the store form.
  const storeContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await storeContext.newPage();
  await page.goto('/signup');
  await page.getByLabel('رقم الهاتف').fill(phone);
  await page.getByLabel('الاسم').fill('د. سليم الاختبار');
  await page.getByText('طبيب / صيدلية').click();
  await page.getByLabel('كلمة المرور', { exact: true }).fill('store1234');
  await page.getByLabel('تأكيد كلمة المرور').fill('store1234');
  await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
  await expect(page).toHaveURL(/\/bone\/add$/);
  await expect(page.getByRole('heading', { level: 1, name: 'أنشئ متجرك' })).toBeVisible();

  // 2. Create the store (errors first, then valid input with an image).
  await page.getByRole('button', { name: 'حفظ' }).click();
  await expect(page.getByText('هذا الحقل مطلوب').first()).toBeVisible();
  await page.getByLabel('اسم المتجر').fill(storeName);
  await page.getByLabel('نوع المتجر').selectOption({ label: 'صيدلية زراعية' });
  await page.getByLabel('المحافظة').selectOption({ label: 'حماة' });
  await page.getByLabel('العنوان').fill('شارع القوتلي، حماة');
  await page.getByLabel('الصورة').setInputFiles(photo);
  await expect(page.locator('img[src^="blob:"]')).toBeVisible();
  await shot(page, 'store-create');
  await page.getByRole('button', { name: 'حفظ' }).click();
  await expect(page.getByText('تم اضافة الصيدلية بنجاح')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'الإحصائيات' })).toBeVisible();
  const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
  const { user: me } = await apiCall<{ user: { id: number; store: { id: number } | null } }>('auth/user', { token });
  const storeId = me.store?.id ?? 0;
  expect(storeId).toBeGreaterThan(0);

  // 3. Add a product with an image (price validation first).
  const nav = page.getByRole('navigation', { name: 'قائمة لوحة التحكم' });
  await nav.getByRole('link', { name: 'المنتجات' }).click();
  await expect(page.getByText('لا توجد منتجات بعد: أضف أول منتج من زر «إضافة منتج»')).toBeVisible();
  await page.getByRole('link', { name: 'إضافة منتج' }).click();
  await page.getByLabel('اسم المنتج').fill(productName);
  await page.getByLabel('النوع').selectOption({ label: 'أدوية' });
  // The price keeps only a number: letters are dropped, Arabic-Indic digits and ٫ become 7.25.
  await page.getByLabel('السعر ($)').fill('سبعة');
  await page.getByLabel('السعر ($)').blur();
  await expect(page.getByLabel('السعر ($)')).toHaveValue('');
  await expect(page.getByText('هذا الحقل مطلوب').first()).toBeVisible();
  await page.getByLabel('السعر ($)').pressSequentially('٧٫٢٥');
  await expect(page.getByLabel('السعر ($)')).toHaveValue('7.25');
  await page.getByText('عنصر مميز').click();
  await page.getByLabel('الوصف').fill('مبيد فطري لأشجار الزيتون والحمضيات');
  await page.getByLabel('الصورة').setInputFiles(photo);
  await expect(page.locator('img[src^="blob:"]')).toBeVisible();
  await page.getByRole('button', { name: 'حفظ' }).click();
  await expect(page.getByText('تم اضافة المنتج بنجاح')).toBeVisible();
  await expect(page).toHaveURL(/\/product\/list$/);
  await expect(page.getByRole('row').filter({ hasText: productName })).toContainText('7.25 $');
  await shot(page, 'product-list');

  // 4. The product shows on the store's public page, with its stored image.
  const pub = await storeContext.newPage();
  await pub.goto(`/products/${storeId}`);
  const card = pub.getByRole('article').filter({ hasText: productName });
  await expect(card).toBeVisible();
  await expect(card.locator('img')).toHaveAttribute('src', /^\/storage\/.+\.thumb\.webp$/);
  await pub.close();

  // 5. A farmer on a phone signs in, orders through the UI (quantity dialog → cart → place order): the
  // order appears live on the store's order list.
  await nav.getByRole('link', { name: 'الطلبات' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'الطلبات' })).toBeVisible();
  await expect(page.getByText('لا توجد طلبات بعد: تظهر هنا طلبات المزارعين فور وصولها')).toBeVisible();
  const products = await apiCall<{ data: { id: number; price: string }[] }>(`product/getAll?store_id=${storeId}`);
  // The same account on a phone: the side bar is a closed drawer there.
  const phonePage = await storeContext.newPage();
  await phonePage.setViewportSize({ width: 360, height: 740 });
  const phoneLive = liveConnection(phonePage);
  await phonePage.goto('/dashboard');
  await expect(phonePage.getByRole('heading', { level: 1, name: 'الإحصائيات' })).toBeVisible();
  await phoneLive; // it hears order:new from here on
  await expect(phonePage.getByRole('button', { name: 'فتح القائمة', exact: true })).toBeVisible();
  const farmer = await farmerSignsIn(browser, DEMO.farmer);
  try {
    // The new-order toasts last a few seconds from the order's arrival, so they are watched for from
    // before the farmer orders (read after the order, on a busy machine, they could have gone).
    // On the phone it opens under the top bar: the menu button stays in view and can be tapped.
    const deskToast = expect(page.getByText('طلب جديد من أحمد المزارع')).toBeVisible({ timeout: 30_000 });
    const toast = phonePage.getByRole('status').filter({ hasText: 'طلب جديد من أحمد المزارع' });
    const phoneToast = (async () => {
      await expect(toast).toBeVisible({ timeout: 30_000 });
      // it offers the way to the order's page
      await expect(toast.getByRole('button', { name: 'عرض الطلب' })).toBeVisible();
      await expectToastBelowTopBar(phonePage, toast);
      await phonePage.screenshot({ path: path.join(artifacts, 'dashboard-flow-phone-new-order-360.png') });
    })();
    const { order: myOrder, orderId } = await orderThroughUi(farmer.page, storeId, productName, 2);
    await deskToast;
    await phoneToast;
    await expect(myOrder).toContainText(storeName);
    await expect(myOrder.getByTestId('order-status')).toHaveText('قيد التنفيذ');
    await shot(farmer.page, 'farmer-myorders-360');
    const row = page.getByRole('row').filter({ hasText: 'أحمد المزارع' });
    await expect(row).toBeVisible();
    await expect(row).toContainText('14.50 $');
    await expect(row.getByTestId('order-status')).toHaveText('قيد التنفيذ');
    await shot(page, 'order-live');
    // The phone's menu button counts the new order; the drawer shows it on "الطلبات".
    const menu = phonePage.getByRole('button', { name: 'فتح القائمة (طلب جديد واحد)' });
    await expect(menu.getByTestId('menu-new-orders')).toHaveText('1');
    await menu.click();
    await expect(phonePage.getByRole('dialog').getByTestId('badge-orderList')).toHaveText('1');
    // The count is the orders waiting for the store, from the server: a reload (or a store that was away
    // when the order came) still shows it; opening the list does not clear it, answering the order does.
    await phonePage.reload();
    await expect(menu.getByTestId('menu-new-orders')).toHaveText('1');
    await expect(page.getByTestId('badge-orderList')).toHaveText('1');
    await phonePage.close();

    // 6. The store completes it in the status dialog; the farmer's /myorders shows it without a reload.
    await row.getByRole('link', { name: /^عرض/ }).click();
    await expect(page).toHaveURL(new RegExp(`/order/details\\?id=${orderId}$`));
    await expect(page.getByText('0944444444').first()).toBeVisible();
    // The delivery details the farmer gave at checkout (pre-filled from the profile).
    await expect(page.getByTestId('order-delivery')).toContainText('0944444444');
    await expect(page.getByRole('row').filter({ hasText: productName })).toContainText('14.50 $');
    await page.getByRole('button', { name: 'تغيير الحالة' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('الحالة الجديدة').selectOption({ label: 'مكتمل' });
    await shot(page, 'order-status-dialog');
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByTestId('order-status')).toHaveText('مكتمل');
    await expect(page.getByTestId('badge-orderList')).toHaveCount(0);
    const navigations: string[] = [];
    farmer.page.on('framenavigated', (frame) => {
      if (frame === farmer.page.mainFrame()) navigations.push(frame.url());
    });
    await expect(myOrder.getByTestId('order-status')).toHaveText('مكتمل');
    expect(navigations).toEqual([]);
    await shot(farmer.page, 'farmer-order-completed-360');
  } finally {
    await farmer.context.close();
  }

  // 7. The admin disables the account; its dashboard says so and its write forms are locked.
  const admin = await signedInContext(browser, DEMO.admin, { viewport: { width: 1280, height: 800 } });
  const adminPage = await admin.context.newPage();
  await adminPage.goto('/user/list');
  const userRow = adminPage.getByRole('row').filter({ hasText: phone });
  await expect(userRow.getByTestId('user-status')).toHaveText('تجريبي');
  await userRow.getByRole('button', { name: /^تعديل/ }).click();
  await adminPage.getByRole('dialog').getByLabel('الحالة').selectOption({ label: 'معطّل' });
  await adminPage.getByRole('dialog').getByRole('button', { name: 'حفظ' }).click();
  await expect(userRow.getByTestId('user-status')).toHaveText('معطّل');
  await shot(adminPage, 'user-disabled');
  await admin.context.close();

  await page.goto('/product/list');
  // The reloaded session knows the account is disabled: a banner on every screen says the administration
  // suspended it (its trial is still in force: no expiry) and how to reach support …
  const banner = page.getByTestId('expired-banner');
  await expect(banner).toContainText('أوقفت الإدارة حساب متجرك');
  await expect(banner).not.toContainText('انتهى اشتراك');
  await expect(banner.getByRole('link', { name: 'راسل الدعم' })).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+$/);
  await page.getByRole('link', { name: `تعديل: ${productName}` }).click();
  await expect(page.getByTestId('expired-banner')).toBeVisible();
  // … and its write forms are shown disabled instead of failing on save.
  await expect(page.getByText('هذا النموذج مقفل لأن الإدارة أوقفت حساب متجرك')).toBeVisible();
  await expect(page.getByLabel('السعر ($)')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'حفظ' })).toBeDisabled();
  await shot(page, 'write-refused');
  await expect(page).toHaveURL(/\/product\/add\/\d+$/);
  const unchanged = await apiCall<{ price: string }>(`product/get/${products.data[0].id}`);
  expect(unchanged.price).toBe('7.25');
  await storeContext.close();
});

test('the admin watches a conversation live while a farmer and a store chat', async ({ browser }) => {
  const pharmacy = await apiLogin(DEMO.pharmacy);
  const pharmacyStore = await apiCall<{ name_store: string; city: number; type: number }>(
    `store/get/${pharmacy.user.store?.id}`,
  );

  // The farmer, on a phone, opens the conversation from the pharmacy's card.
  const farmer = await farmerSignsIn(browser, DEMO.farmer);
  const conversationId = await openChatWithStore(farmer.page, pharmacyStore);

  // The store account has its chats open in the dashboard; the admin has the conversation open.
  const store = await signedInContext(browser, DEMO.pharmacy, { viewport: { width: 1280, height: 800 } });
  const storePage = await store.context.newPage();
  const storeLive = liveConnection(storePage);
  await storePage.goto('/dashboard/chats');
  await expect(storePage.getByRole('heading', { level: 1, name: 'محادثات المتجر' })).toBeVisible();
  await storeLive; // its inbox hears the farmer's message (message:new) live from here on

  const admin = await signedInContext(browser, DEMO.admin, { viewport: { width: 360, height: 740 } });
  const adminPage = await admin.context.newPage();
  try {
    await adminPage.goto('/conversation/list');
    // At 360 px the admin's list is cards (one list item per conversation).
    await adminPage
      .getByRole('listitem')
      .filter({ hasText: 'أحمد المزارع' })
      .filter({ hasText: pharmacyStore.name_store })
      .getByRole('link', { name: /^عرض المحادثة/ })
      .and(adminPage.locator(`[href="/conversation/${conversationId}"]`))
      .click();
    await expect(adminPage).toHaveURL(new RegExp(`/conversation/${conversationId}$`));
    const adminThread = adminPage.getByRole('list', { name: 'الرسائل' });
    await expect(adminThread).toBeVisible();

    const text = `هل يتوفر سماد للزيتون؟ ${Date.now()}`;
    await sendChatMessage(farmer.page, text);
    await expect(adminThread.getByText(text)).toBeVisible();

    // The store sees the unread message live, opens the thread inside its dashboard and answers.
    const item = storePage.getByRole('link').filter({ hasText: text });
    await expect(item).toBeVisible();
    await expect(item.getByLabel(/غير مقروءة/)).toBeVisible();
    await item.click();
    await expect(storePage).toHaveURL(new RegExp(`/dashboard/chats\\?c=${conversationId}$`));
    const reply = `نعم، متوفر ${Date.now()}`;
    await storePage.getByLabel('اكتب رسالتك…').fill(reply);
    await storePage.getByRole('button', { name: 'إرسال' }).click();
    await expect(adminThread.getByText(reply)).toBeVisible();
    await expect(farmer.page.getByRole('list', { name: 'الرسائل' }).getByText(reply)).toBeVisible();
    await adminPage.screenshot({ path: path.join(artifacts, 'dashboard-flow-admin-watch-360.png'), fullPage: true });
    await farmer.page.screenshot({ path: path.join(artifacts, 'dashboard-flow-farmer-chat-360.png'), fullPage: true });
  } finally {
    await farmer.context.close();
    await store.context.close();
    await admin.context.close();
  }
});

test('articles: create, edit (same form) and delete with the confirm dialog', async ({ browser }) => {
  const store = await signedInContext(browser, DEMO.pharmacy, { viewport: { width: 360, height: 740 } });
  const page = await store.context.newPage();
  const title = `تقليم أشجار التفاح ${Date.now()}`;
  await page.goto('/blog/list');
  await page.getByRole('link', { name: 'إضافة مقال' }).click();
  await expect(page).toHaveURL(/\/blog\/add$/);
  await page.getByLabel('العنوان').fill(title);
  await page.getByLabel('المحتوى').fill('أفضل وقت لتقليم أشجار التفاح هو نهاية الشتاء.');
  await page.getByRole('button', { name: 'حفظ' }).click();
  await expect(page.getByText('تم اضافة المقال بنجاح')).toBeVisible();
  await expect(page).toHaveURL(/\/blog\/list$/);

  await page.getByRole('link', { name: `تعديل: ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'تعديل المقال' })).toBeVisible();
  await expect(page.getByLabel('العنوان')).toHaveValue(title);
  await page.getByLabel('العنوان').fill(`${title} (محدّث)`);
  await page.getByRole('button', { name: 'حفظ' }).click();
  await expect(page.getByText('تم حفظ التعديلات')).toBeVisible();
  // At 360 px the list is cards.
  await expect(page.getByRole('listitem').filter({ hasText: `${title} (محدّث)` })).toBeVisible();

  await page.getByRole('button', { name: `حذف: ${title} (محدّث)` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText('هل تريد حذف هذا العنصر؟')).toBeVisible();
  await dialog.getByRole('button', { name: 'حذف' }).click();
  await expect(page.getByText('تم حذف العنصر')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
  await store.context.close();
});

test('the admin sets a temporary password for a /forget-password request', async ({ browser }) => {
  const phone = `09${String(Date.now() + 7).slice(-8)}`;
  await apiCall('auth/register', {
    body: { phone, name: 'مزارع نسي كلمته', type: 2, password: 'old-pass', password_confirmation: 'old-pass' },
  });
  await apiCall('auth/forget-password', { body: { phone } });

  const admin = await signedInContext(browser, DEMO.admin, { viewport: { width: 1280, height: 800 } });
  const page = await admin.context.newPage();
  await page.goto('/user/list');
  const requests = page.getByRole('region', { name: 'طلبات استعادة كلمة المرور' });
  const row = requests.getByRole('row').filter({ hasText: phone });
  await row.getByRole('button', { name: 'تعيين كلمة مرور مؤقتة' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'حفظ' }).click();
  await expect(dialog.getByText('هذا الحقل مطلوب')).toBeVisible();
  await dialog.getByLabel('كلمة المرور المؤقتة').fill('temp-4821');
  await dialog.getByRole('button', { name: 'حفظ' }).click();
  await expect(page.getByText('تم تعيين كلمة المرور المؤقتة')).toBeVisible();
  await expect(requests.getByRole('row').filter({ hasText: phone })).toHaveCount(0);
  await admin.context.close();

  const { user } = await apiLogin({ phone, password: 'temp-4821' });
  expect(user.type).toBe(2);
});

test('the admin creates a store for a store account without one, from user/list', async ({ browser }) => {
  const phone = `09${String(Date.now() + 13).slice(-8)}`;
  const storeName = `مشتل الاختبار ${phone.slice(-4)}`;
  await apiCall('auth/register', {
    body: { phone, name: 'صاحب مشتل بلا متجر', type: 1, password: 'store1234', password_confirmation: 'store1234' },
  });
  const admin = await signedInContext(browser, DEMO.admin, { viewport: { width: 1280, height: 800 } });
  const page = await admin.context.newPage();
  await page.goto('/user/list');
  const row = page.getByRole('row').filter({ hasText: phone });
  await row.getByRole('link', { name: 'إنشاء متجر: صاحب مشتل بلا متجر' }).click();
  await expect(page).toHaveURL(/\/bone\/add\?user_id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'إضافة متجر' })).toBeVisible();
  await expect(page.getByLabel('رقم حساب المالك')).not.toHaveValue('');
  await page.getByLabel('اسم المتجر').fill(storeName);
  await page.getByLabel('نوع المتجر').selectOption({ label: 'مشتل' });
  await page.getByLabel('المحافظة').selectOption({ label: 'طرطوس' });
  await page.getByLabel('العنوان').fill('الكورنيش البحري');
  await shot(page, 'admin-store-create');
  await page.getByRole('button', { name: 'حفظ' }).click();
  await expect(page.getByText('تم اضافة الصيدلية بنجاح')).toBeVisible();
  await expect(page).toHaveURL(/\/bone\/list$/);
  // The list's add button opens the same form empty.
  await expect(page.getByRole('link', { name: 'إضافة متجر' })).toHaveAttribute('href', '/bone/add');
  await admin.context.close();

  // The owner now has that store, and edits it from its side bar ("متجري").
  const owner = await signedInContext(
    browser,
    { phone, password: 'store1234' },
    { viewport: { width: 1280, height: 800 } },
  );
  expect(owner.user.store?.id).toBeGreaterThan(0);
  const ownerPage = await owner.context.newPage();
  await ownerPage.goto('/blog/list');
  await ownerPage.getByRole('navigation', { name: 'قائمة لوحة التحكم' }).getByRole('link', { name: 'متجري' }).click();
  await expect(ownerPage).toHaveURL(new RegExp(`/bone/add\\?id=${owner.user.store?.id}$`));
  await expect(ownerPage.getByRole('heading', { level: 1, name: 'تعديل المتجر' })).toBeVisible();
  await expect(ownerPage.getByLabel('اسم المتجر')).toHaveValue(storeName);
  await ownerPage.getByLabel('العنوان').fill('الكورنيش البحري، طرطوس');
  await ownerPage.getByRole('button', { name: 'حفظ' }).click();
  await expect(ownerPage.getByText('تم حفظ التعديلات')).toBeVisible();
  const saved = await apiCall<{ address: string }>(`store/get/${owner.user.store?.id}`);
  expect(saved.address).toBe('الكورنيش البحري، طرطوس');
  await owner.context.close();
});
