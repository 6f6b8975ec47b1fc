/**
 * The store inbox and orders through the chat (issue 21, CONTRACT.md §8), in two Chromium contexts on
 * accounts of their own (seeded through the API): a farmer writes while the store is closed and gets the
 * away reply; the store sees the chat under "needs a reply" with the waiting time, answers with `/` and a
 * quick reply, sends a product card the farmer orders from; the order card appears in the thread and
 * moves through the stages live; the farmer asks about a product from its page (its card in the chat); the
 * farmer cancels a new order and its card reads «ملغى»; the customer's details (province, their orders) beside
 * the thread and in a sheet on a phone; the message sound switch; the dashboard's chat icon counts unread
 * messages; the admin's conversation list filters and searches across stores. At 1366 px and 360 px.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import {
  apiCall,
  DEMO,
  expect,
  holdLiveConnection,
  hydrated,
  liveConnection,
  serverUrl,
  signedInContext,
  test,
} from './support/fixtures';
import { fillDelivery } from './support/farmer-ui';

const here = path.dirname(fileURLToPath(import.meta.url));
const artifacts = path.join(here, '..', 'artifacts');
const shot = async (page: Page, name: string) => {
  await page.screenshot({ path: path.join(artifacts, `inbox-orders-${name}.png`), fullPage: false });
};

/** Today's week day in Damascus (0 Sunday). */
function damascusDay(): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Damascus', weekday: 'short' }).format(new Date());
  return ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(name);
}

async function account(type: 1 | 2, name: string, phone: string) {
  const password = 'secret1234';
  return apiCall<{ token: string; user: { id: number } }>('auth/register', {
    body: { phone, name, type, password, password_confirmation: password },
  });
}

async function contextFor(browser: import('@playwright/test').Browser, token: string, width: number, height: number) {
  return browser.newContext({
    baseURL: serverUrl(),
    viewport: { width, height },
    storageState: { cookies: [], origins: [{ origin: serverUrl(), localStorage: [{ name: 'token', value: token }] }] },
  });
}

test('a store answers its inbox with a quick reply and a product card; the order moves through the chat live', async ({
  browser,
}) => {
  // one long flow (~40 s in CI): three times that, so a hang fails in two minutes, not five
  test.setTimeout(120_000);
  const stamp = String(Date.now()).slice(-6);
  const owner = await account(1, 'عيادة الاختبار', `0935${stamp}`);
  const store = await apiCall<{ id: number }>('store/create', {
    token: owner.token,
    body: { city: 1, address: 'دمشق، المزة', name_store: `عيادة الرحمة ${stamp}`, type: 1 },
  });
  const productName = `لقاح الحمى القلاعية ${stamp}`;
  const created = await apiCall<{ id: number }>('product/create', {
    token: owner.token,
    body: { name: productName, type: 0, price: '12.50', is_special: false },
  });
  // closed now: open only one hour, three days from today
  const away = 'أهلاً بك، نحن خارج الدوام الآن وسنرد عليك صباحاً';
  await apiCall(`store/update/${store.id}`, {
    token: owner.token,
    body: { hours: [{ day: (damascusDay() + 3) % 7, open: '08:00', close: '09:00' }], away_message: away },
  });
  const quick = 'اللقاح متوفر بسعر 12.50 $، يمكنك الطلب من البطاقة';
  await apiCall('quick-reply/create', { token: owner.token, body: { shortcut: 'laqah', text: quick } });
  await apiCall('quick-reply/create', { token: owner.token, body: { shortcut: 'ترحيب', text: 'أهلاً بك في عيادتنا' } });
  const farmer = await account(2, `سامر المزارع ${stamp}`, `0945${stamp}`);
  const conversation = await apiCall<{ id: number }>('conversation/create', {
    token: farmer.token,
    body: { store_id: store.id },
  });

  const farmerContext = await contextFor(browser, farmer.token, 1366, 900);
  const storeContext = await contextFor(browser, owner.token, 1366, 900);
  const farmerPage = await farmerContext.newPage();
  const storePage = await storeContext.newPage();

  // 1. The farmer writes at night: the away reply comes back by itself, marked as automatic.
  await farmerPage.goto(`/chat/${conversation.id}`);
  const farmerThread = farmerPage.getByRole('list', { name: 'الرسائل' });
  await expect(farmerThread).toBeVisible();
  await expect(farmerPage.getByText(/مغلق الآن/)).toBeVisible();
  await farmerPage.getByRole('textbox', { name: 'اكتب رسالتك…' }).fill('مرحباً، هل لديكم لقاح للأبقار؟');
  await farmerPage.getByRole('button', { name: 'إرسال' }).click();
  await expect(farmerThread.getByText(away)).toBeVisible();
  await expect(farmerThread.getByTestId('auto-reply')).toHaveText('رد تلقائي');
  await shot(farmerPage, 'farmer-away-1366');

  // 2. The store's inbox opens on "needs a reply" with the waiting time.
  await storePage.goto('/dashboard/chats');
  await expect(storePage.getByRole('tab', { name: /بانتظار الرد/ })).toHaveAttribute('aria-selected', 'true');
  const row = storePage.getByTestId('inbox-row').filter({ hasText: `سامر المزارع ${stamp}` });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('waiting')).toHaveText(/^ينتظر منذ (أقل من دقيقة|دقيقة|دقيقتين|[3-9] دقائق)$/);
  await shot(storePage, 'store-inbox-1366');

  // 3. It answers with `/` and a quick reply: Enter inserts the text, Enter again sends it.
  await row.click();
  const box = storePage.getByRole('textbox', { name: 'اكتب رسالتك…' });
  // An Arabic shortcut reads as typed, «/» first on the right; a Latin one left to right.
  const suggestions = storePage.getByRole('listbox', { name: 'الردود الجاهزة' });
  await box.fill('/تر');
  await expect(suggestions.getByRole('option')).toHaveCount(1);
  const arabicShortcut = suggestions.getByText('/ترحيب', { exact: true });
  await expect(arabicShortcut).toHaveCSS('direction', 'rtl');
  await shot(storePage, 'quick-reply-arabic-1366');
  await box.fill('/laq');
  await expect(suggestions.getByRole('option')).toHaveCount(1);
  await expect(suggestions.getByText('/laqah', { exact: true })).toHaveCSS('direction', 'ltr');
  await box.press('Enter');
  await expect(box).toHaveValue(quick);
  await box.press('Enter');
  await expect(farmerThread.getByText(quick)).toBeVisible();
  // answered: no longer under "needs a reply"
  await storePage.getByRole('tab', { name: /بانتظار الرد/ }).click();
  await expect(storePage.getByTestId('inbox-row').filter({ hasText: `سامر المزارع ${stamp}` })).toHaveCount(0);
  await storePage.getByRole('tab', { name: 'مفتوحة' }).click();
  await storePage
    .getByTestId('inbox-row')
    .filter({ hasText: `سامر المزارع ${stamp}` })
    .click();

  // 4. A product card, which the farmer orders from.
  await storePage.getByLabel('اختر منتجاً').selectOption({ label: productName });
  await storePage.getByRole('button', { name: 'أرسل المنتج' }).click();
  const card = farmerThread.getByTestId('product-card').filter({ hasText: productName });
  await expect(card).toBeVisible();
  await shot(storePage, 'store-thread-1366');
  await card.getByRole('link', { name: 'اطلب الآن' }).click();
  await expect(farmerPage).toHaveURL(new RegExp(`/cart/${store.id}$`));
  await fillDelivery(farmerPage);
  await farmerPage.getByRole('button', { name: 'إرسال الطلب' }).click();
  await expect(farmerPage).toHaveURL(/\/myorders$/);
  const order = farmerPage
    .getByRole('listitem')
    .filter({ hasText: `${productName} × 1` })
    .first();
  await expect(order.getByTestId('order-tracker')).toBeVisible();
  const orderId = Number(((await order.getAttribute('aria-label')) ?? '').match(/\d+/)?.[0] ?? 0);
  expect(orderId).toBeGreaterThan(0);

  // 5. The order card is in the thread, and moves with each stage, live.
  await farmerPage.goto(`/chat/${conversation.id}`);
  const orderCards = farmerThread.getByTestId('order-card');
  await expect(orderCards.filter({ hasText: `طلب رقم ${orderId}` }).last()).toHaveAttribute('data-stage', 'new');
  await storePage.goto(`/order/details?id=${orderId}`);
  await storePage.getByRole('button', { name: 'قبول الطلب' }).click();
  await expect(orderCards.last()).toHaveAttribute('data-stage', 'accepted');
  await storePage.getByRole('button', { name: 'خرج للتوصيل' }).click();
  await expect(orderCards.last()).toHaveAttribute('data-stage', 'out_for_delivery');
  await expect(orderCards.last()).toContainText('قيد التوصيل');
  await shot(farmerPage, 'farmer-order-cards-1366');

  // 5b. The farmer asks about the product from its page: its card goes into the same conversation.
  await farmerPage.goto(`/product/${created.id}`);
  await hydrated(farmerPage); // a server-rendered button answers once React has hydrated the page
  await farmerPage.getByRole('button', { name: 'اسأل المتجر عن هذا المنتج' }).click();
  await expect(farmerPage).toHaveURL(new RegExp(`/chat/${conversation.id}$`));
  await expect(farmerThread.getByTestId('product-card').filter({ hasText: productName })).toHaveCount(2);
  await shot(farmerPage, 'farmer-asked-product-1366');

  // 6. The farmer cancels a new order from /myorders.
  const product = await apiCall<{ data: { id: number }[] }>(`product/getAll?store_id=${store.id}`);
  const second = await apiCall<{ id: number }>('order/create', {
    token: farmer.token,
    body: {
      store_id: store.id,
      total: '12.50',
      items: [{ product_id: product.data[0]?.id, quantity: 1 }],
      delivery: { province: 1, address: 'دمشق، المزة', phone: '0944000111' },
    },
  });
  await farmerPage.goto('/myorders');
  const newOne = farmerPage
    .getByRole('listitem')
    .filter({ hasText: `طلب رقم ${second.id}` })
    .first();
  await newOne.getByRole('button', { name: 'إلغاء الطلب' }).click();
  await farmerPage
    .getByRole('alertdialog')
    .or(farmerPage.getByRole('dialog'))
    .getByRole('button', { name: 'إلغاء الطلب' })
    .click();
  // the buyer's own cancel reads «ملغى» on the badge and the tracker's last step, as on its card below
  await expect(newOne.getByTestId('order-status')).toHaveText('ملغى');
  await expect(newOne.getByRole('list', { name: 'مراحل الطلب' })).toContainText('ملغى');
  await expect(newOne).not.toContainText('مرفوض');
  await expect(newOne.getByRole('button', { name: 'إلغاء الطلب' })).toHaveCount(0);
  // its card in the thread reads cancelled, not rejected
  const farmerLive = liveConnection(farmerPage);
  await farmerPage.goto(`/chat/${conversation.id}`);
  const cancelledCard = farmerThread
    .getByTestId('order-card')
    .filter({ hasText: `طلب رقم ${second.id}` })
    .last();
  await expect(cancelledCard).toHaveAttribute('data-cancelled', 'buyer');
  await expect(cancelledCard.getByTestId('order-card-state')).toHaveText('ملغى');
  await expect(cancelledCard).not.toContainText('مرفوض');
  await farmerLive; // this page hears the store's message in step 7 (a toast: only a push shows it)
  await shot(farmerPage, 'farmer-cancelled-card-1366');

  // 6b. The store's thread: the same card, and the customer beside it (xl: a side column) with their
  // province and their orders; the message sound switch, off until turned on, kept after a reload.
  await storePage.goto(`/dashboard/chats?f=all&c=${conversation.id}`);
  const storeThread = storePage.getByRole('list', { name: 'الرسائل' });
  await expect(
    storeThread
      .getByTestId('order-card')
      .filter({ hasText: `طلب رقم ${second.id}` })
      .last()
      .getByTestId('order-card-state'),
  ).toHaveText('ملغى');
  const details = storePage.getByTestId('customer-details');
  await expect(details.getByTestId('customer-province')).toContainText('دمشق');
  await expect(details.getByTestId('customer-order')).toHaveCount(2);
  await expect(details.getByTestId('customer-order').filter({ hasText: `طلب رقم ${second.id}` })).toContainText(
    'ألغاه العميل',
  );
  await expect(details.getByRole('link', { name: `اتصال 0945${stamp}` })).toHaveAttribute('href', `tel:0945${stamp}`);
  const sound = storePage.getByRole('checkbox', { name: 'صوت للرسائل الجديدة' });
  await expect(sound).not.toBeChecked();
  await storePage.getByText('صوت للرسائل الجديدة').click();
  await expect(sound).toBeChecked();
  await shot(storePage, 'store-customer-1366');
  await storePage.reload();
  await expect(storePage.getByRole('checkbox', { name: 'صوت للرسائل الجديدة' })).toBeChecked();

  // 6c. On another dashboard screen, the customer writes: a toast with their name and words, the count on
  // the top bar's chat icon and in the tab's title.
  // live: once the thread's header says the connection is up (a message sent before that comes with the
  // thread's fetch, not live), a message shows in the open thread by itself …
  await expect(storePage.getByTestId('connection-status')).toHaveText('أنت متصل: الرسائل تصل فوراً');
  const hello = `مرحباً مجدداً ${stamp}`;
  await apiCall('message/create', { token: farmer.token, body: { conversation_id: conversation.id, message: hello } });
  await expect(storeThread.getByText(hello)).toBeVisible();
  // … then another screen of the dashboard, in-app (the connection stays up)
  await storePage.evaluate(() => {
    window.history.pushState({}, '', '/product/list');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(storePage).toHaveURL(/\/product\/list$/);
  // the products screen is on (its chunk loads inside a transition: until then the thread stays on
  // screen, and a message shown in it is read, not counted)
  await expect(storePage.getByRole('heading', { level: 1, name: 'المنتجات' })).toBeVisible();
  await expect(storeThread).toBeHidden();
  const question = `هل يصل الطلب اليوم؟ ${stamp}`;
  await apiCall('message/create', {
    token: farmer.token,
    body: { conversation_id: conversation.id, message: question },
  });
  await expect(storePage.getByText(question)).toBeVisible();
  await expect(storePage.getByTestId('topbar-unread')).toBeVisible();
  await expect(storePage).toHaveTitle(/^\(\d+\) /);
  await shot(storePage, 'store-topbar-unread-1366');

  // 7. On another screen, a message from the store: a toast with the sender and its first words, and the
  // unread count in the tab's title.
  // in-app navigation from the thread: the live connection stays up
  await farmerPage.evaluate(() => {
    window.history.pushState({}, '', '/cart');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(farmerPage).toHaveURL(/\/cart$/);
  // the thread has left the screen (the cart's chunk loads inside a transition: until then the thread
  // stays, and a message shown in it is read, not counted)
  await expect(farmerThread).toBeHidden();
  const ping = `طلبك في الطريق، نصل خلال ساعة ${stamp}`;
  await apiCall('message/create', { token: owner.token, body: { conversation_id: conversation.id, message: ping } });
  await expect(farmerPage.getByText(ping)).toBeVisible();
  await expect(farmerPage).toHaveTitle(/^\(\d+\) /);

  // 8. At 360 px: the inbox, then the thread in its place.
  const phone = await contextFor(browser, owner.token, 360, 740);
  const phonePage = await phone.newPage();
  await phonePage.goto('/dashboard/chats?f=all');
  const phoneRow = phonePage.getByTestId('inbox-row').filter({ hasText: `سامر المزارع ${stamp}` });
  await expect(phoneRow).toBeVisible();
  await shot(phonePage, 'store-inbox-360');
  await phoneRow.click();
  await expect(phonePage.getByTestId('customer-panel')).toBeVisible();
  await expect(phonePage.getByRole('list', { name: 'الرسائل' }).getByText(quick)).toBeVisible();
  // two rows over the thread, not three: call, details and resolve, then the product picker under them
  const bar = phonePage.getByTestId('customer-panel');
  // polled: the panel's pieces may still be arriving when it first shows
  await expect(async () => {
    const resolveBox = await bar.getByRole('button', { name: 'إنهاء المحادثة' }).boundingBox();
    const detailsBox = await phonePage.getByTestId('customer-details-open').boundingBox();
    const pickerBox = await bar.getByRole('combobox', { name: 'اختر منتجاً' }).boundingBox();
    expect(Math.abs((resolveBox?.y ?? 0) - (detailsBox?.y ?? 999))).toBeLessThan(4);
    expect(pickerBox?.y ?? 0).toBeGreaterThan((resolveBox?.y ?? 0) + (resolveBox?.height ?? 0) - 1);
    expect((await bar.boundingBox())?.height ?? 999).toBeLessThan(100);
  }).toPass({ timeout: 10_000 });
  await shot(phonePage, 'store-thread-360');
  // the customer's details as a sheet
  await phonePage.getByTestId('customer-details-open').click();
  const sheet = phonePage.getByRole('dialog', { name: 'بيانات العميل' });
  await expect(sheet.getByTestId('customer-province')).toContainText('دمشق');
  await expect(sheet.getByTestId('customer-order')).toHaveCount(2);
  await shot(phonePage, 'store-customer-sheet-360');
  await sheet.getByRole('button', { name: 'إغلاق بيانات العميل' }).click();
  await expect(sheet).toBeHidden();
  const farmerPhone = await contextFor(browser, farmer.token, 360, 740);
  const farmerPhonePage = await farmerPhone.newPage();
  await farmerPhonePage.goto(`/chat/${conversation.id}`);
  await expect(farmerPhonePage.getByTestId('order-card').last()).toBeVisible();
  await shot(farmerPhonePage, 'farmer-thread-360');
  await farmerPhonePage.goto(`/product/${created.id}`);
  await expect(farmerPhonePage.getByRole('button', { name: 'اسأل المتجر عن هذا المنتج' })).toBeVisible();
  await shot(farmerPhonePage, 'product-ask-360');

  // 9. The admin's conversation list: the inbox's filters and search across every store.
  // the customer writes again after the store's last message: they wait
  const again = `متى تفتحون غداً؟ ${stamp}`;
  await apiCall('message/create', { token: farmer.token, body: { conversation_id: conversation.id, message: again } });
  const admin = await signedInContext(browser, DEMO.admin, { viewport: { width: 1366, height: 900 } });
  const adminPage = await admin.context.newPage();
  await adminPage.goto('/conversation/list?f=needs_reply');
  // a cold page under a loaded machine: the dashboard's first screen may take a while
  await expect(adminPage.getByRole('tab', { name: /بانتظار الرد/ })).toHaveAttribute('aria-selected', 'true', {
    timeout: 30_000,
  });
  const adminRow = adminPage.getByRole('row').filter({ hasText: `سامر المزارع ${stamp}` });
  await expect(adminRow.getByTestId('admin-waiting')).toHaveText(/^ينتظر منذ /);
  await adminPage.getByRole('tab', { name: 'الكل' }).click();
  await adminPage.getByRole('searchbox').fill(again);
  await expect(adminPage.getByRole('row').filter({ hasText: `عيادة الرحمة ${stamp}` })).toHaveCount(1);
  await shot(adminPage, 'admin-conversations-1366');
  await adminPage.getByRole('tab', { name: 'منتهية' }).click();
  await expect(adminPage.getByText('لا توجد محادثات مطابقة')).toBeVisible();
  await adminPage.setViewportSize({ width: 360, height: 740 });
  await adminPage.goto('/conversation/list?f=needs_reply');
  await expect(
    adminPage
      .getByRole('listitem')
      .filter({ hasText: `سامر المزارع ${stamp}` })
      .getByTestId('admin-waiting'),
  ).toBeVisible();
  await shot(adminPage, 'admin-conversations-360');
  await admin.context.close();

  for (const c of [farmerContext, storeContext, phone, farmerPhone]) await c.close();
});

test('the inbox opened while its live connection is still coming up shows a message sent meanwhile', async ({
  browser,
}) => {
  const stamp = String(Date.now()).slice(-6);
  const owner = await account(1, 'صيدلية الاتصال المتأخر', `0936${stamp}`);
  const store = await apiCall<{ id: number }>('store/create', {
    token: owner.token,
    body: { name_store: `صيدلية الاتصال ${stamp}`, type: 0, city: 2, address: 'حلب، الفرقان' },
  });
  const farmer = await account(2, `مزارع الريف ${stamp}`, `0946${stamp}`);
  const conversation = await apiCall<{ id: number }>('conversation/create', {
    token: farmer.token,
    body: { store_id: store.id },
  });
  const context = await contextFor(browser, owner.token, 360, 740);
  const page = await context.newPage();
  // The store's socket is held back (a weak link): the inbox loads over HTTP first.
  const { release } = await holdLiveConnection(page);
  await page.goto('/dashboard/chats');
  await expect(page.getByText('لا توجد محادثات بعد')).toBeVisible();
  // Meanwhile the farmer writes: no socket of the store's has joined its rooms to hear it.
  const text = `هل عندكم سماد للزيتون؟ ${stamp}`;
  await apiCall('message/create', {
    token: farmer.token,
    body: { conversation_id: conversation.id, message: text, client_id: `late-${stamp}` },
  });
  release();
  // The connection comes up: the inbox asks again and the farmer's chat is there, waiting for a reply.
  const row = page.getByTestId('inbox-row').filter({ hasText: `مزارع الريف ${stamp}` });
  await expect(row).toContainText(text);
  await context.close();
});
