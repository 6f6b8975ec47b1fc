/**
 * Subscriptions and oversight end to end (CONTRACT.md §8, issue 22), two browser contexts each, data
 * seeded through the API:
 * - a store whose subscription has expired sees the banner, asks to renew (yearly, Syriatel Cash); the
 *   admin, on another screen, is told at once (a toast that leads to the requests); the
 *   admin records the payment from the request; the receipt shows; the store's banner goes and its
 *   receipt is in its payments;
 * - a farmer on a phone reports a store's message from the chat's safety menu; the admin, on the users
 *   screen, is told (a toast, the count on "البلاغات"), opens the queue, sees the report with the message
 *   in context and deletes it (gone from the farmer's thread live); then the store reports the farmer's abusive message, the admin blocks the farmer from
 *   the queue with a reason: the farmer's open page is signed out live and cannot sign in again.
 * Screenshots at 360 px and 1366 px go to e2e/artifacts.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import Database from 'better-sqlite3';
import {
  apiCall,
  apiLogin,
  DEMO,
  expect,
  liveConnection,
  serverInfo,
  serverUrl,
  signedInContext,
  test,
} from './support/fixtures';

const here = path.dirname(fileURLToPath(import.meta.url));
const artifacts = path.join(here, '..', 'artifacts');
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(artifacts, `subscriptions-${name}.png`), fullPage: true });
const PHONE = { width: 360, height: 740 };
const DESK = { width: 1366, height: 900 };

let counter = 0;
const freshPhone = () => `097${String(Date.now() + counter++).slice(-7)}`;

/** A new store account with its store, through the API. */
async function newStore(name: string) {
  const phone = freshPhone();
  const { token, user } = await apiCall<{ token: string; user: { id: number } }>('auth/register', {
    body: { phone, name, type: 1, password: 'store1234', password_confirmation: 'store1234' },
  });
  const store = await apiCall<{ id: number }>('store/create', {
    token,
    body: { name_store: name, type: 0, city: 4, address: 'حماة، ساحة العاصي' },
  });
  return { phone, token, userId: user.id, storeId: store.id, password: 'store1234' };
}

/** Moves an account's subscription end in the e2e database (the server computes the state from it). */
function setEnd(userId: number, endsAt: Date, graceEndsAt: Date) {
  const db = new Database(path.join(serverInfo().tmp, 'e2e.db'));
  try {
    db.prepare('update users set sub_ends_at = ?, sub_grace_ends_at = ? where id = ?').run(
      endsAt.toISOString(),
      graceEndsAt.toISOString(),
      userId,
    );
  } finally {
    db.close();
  }
}

/** The admin at a desk on the users screen, its live connection up: the dashboard hears pushes from here on. */
async function adminAtWork(browser: Browser) {
  const admin = await signedInContext(browser, DEMO.admin, { viewport: DESK });
  const desk = await admin.context.newPage();
  const deskLive = liveConnection(desk);
  await desk.goto('/user/list');
  await expect(desk.getByRole('heading', { level: 1, name: 'المستخدمون' })).toBeVisible();
  await deskLive;
  return { admin, desk };
}

test('a store renews: request → the admin records the payment → the banner goes and the receipt shows', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const name = `صيدلية التجديد ${freshPhone().slice(-4)}`;
  const store = await newStore(name);
  const day = 86_400_000;
  setEnd(store.userId, new Date(Date.now() - 5 * day), new Date(Date.now() - 2 * day));

  // the admin works on another screen: a store's renewal request reaches it anywhere in the dashboard
  const { admin, desk } = await adminAtWork(browser); // hears subscription:request live from here on
  // «الاشتراكات» counts the requests that wait (others of this worker's server may wait already)
  const { token: adminToken } = await apiLogin(DEMO.admin);
  const openRequests = async () =>
    (await apiCall<{ total: number }>('subscription/requests?state=open&per_page=1', { token: adminToken })).total;
  const waiting = await openRequests();
  const renewalsBadge = desk.getByTestId('badge-subscriptions');
  if (waiting > 0) await expect(renewalsBadge).toHaveText(String(waiting));
  else await expect(renewalsBadge).toHaveCount(0);

  // the store, on a phone: expired, what still works, the renew form
  const storeSide = await signedInContext(browser, store, { viewport: PHONE });
  const page = await storeSide.context.newPage();
  const storeLive = liveConnection(page);
  await page.goto('/dashboard/subscription');
  await storeLive; // hears its payment live from here on
  const banner = page.getByTestId('subscription-banner');
  await expect(banner).toHaveAttribute('data-state', 'expired');
  await expect(banner).toContainText('ما يزال بإمكانك الرد على المحادثات');
  await expect(page.getByTestId('plan-state')).toHaveText('منتهي');
  await shot(page, 'store-expired-360');
  await page.getByLabel('الباقة').selectOption('yearly');
  await page.getByLabel('طريقة الدفع').selectOption('syriatel_cash');
  await page.getByLabel('رقم العملية أو الحوالة (اختياري)').fill('SY-778899');
  await page.getByRole('button', { name: 'إرسال طلب التجديد' }).click();
  await expect(page.getByTestId('open-request')).toContainText('سيريتل كاش');

  // the admin, at a desk: told at once, with the way to the requests → the payment → the receipt
  const told = desk.getByRole('status').filter({ hasText: `طلب تجديد اشتراك من ${name}` });
  await expect(told).toBeVisible();
  await told.hover(); // a toast under the pointer waits: its button is tapped below
  await expect(renewalsBadge).toHaveText(String(waiting + 1));
  await told.getByRole('button', { name: 'عرض الطلبات' }).click();
  await expect(desk).toHaveURL(/\/dashboard\/subscriptions$/);
  await expect(desk.getByRole('heading', { level: 1, name: 'الاشتراكات' })).toBeVisible();
  await desk.getByRole('button', { name: `تسجيل دفعة: ${name}` }).click();
  const form = desk.locator('#payment-form');
  await expect(form.getByLabel('رقم حساب المتجر')).toHaveValue(String(store.userId));
  await expect(form.getByLabel('الباقة')).toHaveValue('yearly');
  await expect(form.getByText('المبلغ: 50.00 $')).toBeVisible();
  await shot(desk, 'admin-requests-1366');
  await form.getByRole('button', { name: 'تسجيل دفعة' }).click();
  await expect(desk.getByTestId('payment-done')).toContainText('AGV-');
  // the payment closed the request: one fewer waits
  if (waiting > 0) await expect(renewalsBadge).toHaveText(String(waiting));
  else await expect(renewalsBadge).toHaveCount(0);
  await desk.getByRole('link', { name: 'عرض الإيصال' }).click();
  const receipt = desk.getByTestId('receipt');
  await expect(receipt).toContainText(name);
  await expect(desk.getByTestId('receipt-amount')).toHaveText('50.00 $');
  const receiptNo = (await desk.getByTestId('receipt-no').textContent()) ?? '';
  expect(receiptNo).toMatch(/^AGV-\d{4}-\d{6}$/);
  await shot(desk, 'receipt-1366');
  // on paper only the receipt: the dashboard's bars are hidden
  await desk.emulateMedia({ media: 'print' });
  await expect(desk.locator('aside').first()).toBeHidden();
  await expect(desk.getByRole('button', { name: 'طباعة' })).toBeHidden();
  await expect(receipt).toBeVisible();
  await desk.emulateMedia({ media: 'screen' });

  // the store, on the same screen without a reload: told, active again, no banner, the receipt among its payments
  await expect(page.getByRole('status').filter({ hasText: 'تم تسجيل دفعتك' })).toBeVisible();
  await expect(page.getByTestId('plan-state')).toHaveText('فعّال');
  await expect(page.getByTestId('subscription-banner')).toHaveCount(0);
  await expect(page.getByTestId('open-request')).toHaveCount(0);
  await page.getByRole('link', { name: 'الإيصال' }).first().click();
  await expect(page.getByTestId('receipt-no')).toHaveText(receiptNo);
  await shot(page, 'receipt-360');
  await storeSide.context.close();
  await admin.context.close();
});

test('a farmer reports a message; the admin, told on another screen, deletes it, then blocks an abusive farmer live', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // one conversation between a store and a farmer, each side with an abusive message
  const storeName = `متجر مسيء ${freshPhone().slice(-4)}`;
  const store = await newStore(storeName);
  const farmerPhone = freshPhone();
  const farmerLogin = { phone: farmerPhone, password: 'farmer1234' };
  const farmer = await apiCall<{ token: string; user: { id: number } }>('auth/register', {
    body: {
      phone: farmerPhone,
      name: 'مزارع مبلّغ',
      type: 2,
      password: 'farmer1234',
      password_confirmation: 'farmer1234',
    },
  });
  const conversation = await apiCall<{ id: number }>('conversation/create', {
    token: farmer.token,
    body: { sender_id: farmer.user.id, receiver_id: store.userId, store_id: store.storeId },
  });
  const send = (token: string, message: string) =>
    apiCall<{ id: number }>('message/create', { token, body: { conversation_id: conversation.id, message } });
  await send(farmer.token, 'هل يتوفر مبيد للمن؟');
  const storeAbuse = `رسالة مسيئة من المتجر ${farmerPhone.slice(-4)}`;
  await send(store.token, storeAbuse);
  const farmerAbuse = `شتيمة من المزارع ${farmerPhone.slice(-4)}`;
  const farmerMessage = await send(farmer.token, farmerAbuse);

  // the admin works on another screen: a report reaches it anywhere in the dashboard
  const { admin, desk } = await adminAtWork(browser); // hears report:new live from here on
  const reportsBadge = desk.getByTestId('badge-reports');
  const { token: adminToken } = await apiLogin(DEMO.admin);
  const { total: before } = await apiCall<{ total: number }>('report/getAll?state=open&per_page=1', {
    token: adminToken,
  });
  await expect(reportsBadge).toHaveCount(before > 0 ? 1 : 0);

  // the farmer, on a phone, reports the store's message from the thread's menu
  const farmerSide = await signedInContext(browser, farmerLogin, { viewport: PHONE });
  const phone = await farmerSide.context.newPage();
  // The admin's deletion and the session's end reach this page only as pushes: its connection is up first.
  const phoneLive = liveConnection(phone);
  await phone.goto(`/chat/${conversation.id}`);
  const thread = phone.getByRole('list', { name: 'الرسائل' });
  await expect(thread.getByText(storeAbuse)).toBeVisible();
  await phoneLive;
  await phone.getByRole('button', { name: 'خيارات الأمان' }).click();
  const dialog = phone.getByRole('dialog', { name: 'الإبلاغ والحظر' });
  await dialog.getByLabel('عمّ تبلّغ؟').selectOption({ label: storeAbuse });
  await dialog.getByLabel('السبب').selectOption('abuse');
  await dialog.getByLabel('ملاحظة للمدير (اختياري)').fill('شتائم');
  await shot(phone, 'report-dialog-360');
  await dialog.getByRole('button', { name: 'إرسال البلاغ' }).click();
  await expect(phone.getByText('تم إرسال البلاغ إلى الإدارة')).toBeVisible();

  // on the users screen: a toast, and one more on "البلاغات"; the admin opens the queue
  const reported = desk.getByRole('status').filter({ hasText: 'بلاغ جديد من مزارع مبلّغ' });
  await expect(reported).toBeVisible();
  await reported.hover(); // a toast under the pointer waits: its button is tapped below
  await expect(reportsBadge).toHaveText(String(before + 1));
  await shot(desk, 'report-arrives-elsewhere-1366');
  // the toast leads to the queue
  await reported.getByRole('button', { name: 'عرض البلاغات' }).click();
  await expect(desk).toHaveURL(/\/dashboard\/reports$/);
  await expect(desk.getByRole('heading', { level: 1, name: 'البلاغات' })).toBeVisible();

  // live in the admin's queue, with the message in context; the admin deletes the message
  const storeReport = desk.getByTestId('report').filter({ hasText: storeAbuse });
  await expect(storeReport).toBeVisible();
  await expect(storeReport.locator('[data-reported]')).toContainText(storeAbuse);
  await expect(storeReport).toContainText('هل يتوفر مبيد للمن؟');
  await expect(storeReport).toContainText('مزارع مبلّغ');
  await shot(desk, 'reports-queue-1366');
  await storeReport.getByRole('button', { name: 'حذف الرسالة' }).click();
  // it cannot be undone: asked first, with the message shown
  const sure = desk.getByRole('alertdialog');
  await expect(sure).toContainText(storeAbuse);
  await sure.getByRole('button', { name: 'حذف الرسالة' }).click();
  await expect(desk.getByText('تمت معالجة البلاغ').first()).toBeVisible();
  await expect(storeReport).toHaveCount(0);
  await expect(reportsBadge).toHaveCount(before > 0 ? 1 : 0);
  // gone from the farmer's open thread, live
  await expect(thread.getByText(storeAbuse)).toHaveCount(0);

  // the store blocks the farmer in this conversation: the farmer's next text is refused, given back to
  // the composer (not lost) and the thread says why, where the farmer writes
  await apiCall(`conversation/block/${conversation.id}`, { token: store.token, body: { blocked: true } });
  const composer = phone.getByRole('textbox', { name: 'اكتب رسالتك…' });
  const refused = `لماذا لا تردون؟ ${farmerPhone.slice(-4)}`;
  await composer.fill(refused);
  await phone.getByRole('button', { name: 'إرسال' }).click();
  await expect(phone.getByRole('status').filter({ hasText: 'حظرك الطرف الآخر' })).toBeVisible();
  await expect(composer).toHaveValue(refused);
  await expect(thread.getByText(refused)).toHaveCount(0);
  // nothing was sent: no notifications offer, which follows a text that was
  await expect(phone.getByText('تفعيل الإشعارات')).toHaveCount(0);
  await shot(phone, 'blocked-conversation-360');

  // the store reports the farmer's message; it reaches the watching admin live
  await apiCall('report/create', {
    token: store.token,
    body: { message_id: farmerMessage.id, reason: 'abuse', note: 'يشتم العاملين' },
  });
  const farmerReport = desk.getByTestId('report').filter({ hasText: 'يشتم العاملين' });
  await expect(farmerReport).toBeVisible();
  await expect(farmerReport.locator('[data-reported]')).toContainText(farmerAbuse);
  await expect(farmerReport).toContainText(storeName);
  // the admin blocks the farmer from the report, with a reason
  await farmerReport.getByRole('button', { name: 'حظر المستخدم' }).click();
  const blockDialog = desk.getByRole('dialog', { name: 'حظر مزارع مبلّغ' });
  await blockDialog.getByLabel('سبب الحظر').fill('شتائم متكررة');
  await shot(desk, 'report-block-1366');
  await blockDialog.getByRole('button', { name: 'حظر', exact: true }).click();
  await expect(blockDialog).toBeHidden();
  await expect(farmerReport).toHaveCount(0);

  // the farmer's open page: its session ended live, signed out to the login page, which says why
  await expect(phone).toHaveURL(/\/login/);
  await expect(phone.getByTestId('session-ended')).toHaveText('تم حظر هذا الحساب، تواصل مع الدعم');
  await phone.getByLabel('رقم الهاتف').fill(farmerPhone);
  await phone.getByLabel('كلمة المرور').fill('farmer1234');
  await phone.getByRole('button', { name: 'دخول' }).click();
  await expect(
    phone.getByRole('form', { name: 'تسجيل الدخول' }).getByText('تم حظر هذا الحساب، تواصل مع الدعم'),
  ).toBeVisible();
  await shot(phone, 'blocked-login-360');
  const res = await fetch(`${serverUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(farmerLogin),
  });
  expect(res.status).toBe(403);
  expect(((await res.json()) as { error: { code: string } }).error.code).toBe('blocked');
  await expect(apiLogin(farmerLogin)).rejects.toThrow(/403/);

  // the audit log shows the deletion, the block with its reason and the resolutions
  await desk.goto('/dashboard/audit');
  await expect(desk.getByRole('heading', { level: 1, name: 'سجل إجراءات المدير' })).toBeVisible();
  await expect(desk.getByText('معالجة بلاغ').first()).toBeVisible();
  await expect(desk.getByText('حظر حساب').first()).toBeVisible();
  await expect(
    desk.getByText('السبب: بلاغ رقم', { exact: false }).filter({ hasText: 'شتائم متكررة' }).first(),
  ).toBeVisible();
  await shot(desk, 'audit-1366');
  await farmerSide.context.close();
  await admin.context.close();
});

test('the admin finds a farmer by an Arabic-normalised name and blocks him with a reason', async ({ browser }) => {
  const phone = freshPhone();
  await apiCall('auth/register', {
    body: { phone, name: 'أحمد البحث', type: 2, password: 'farmer1234', password_confirmation: 'farmer1234' },
  });
  const admin = await signedInContext(browser, DEMO.admin, { viewport: PHONE });
  const page = await admin.context.newPage();
  await page.goto('/user/list');
  await page.getByLabel('بحث بالاسم أو الهاتف').fill('احمد البحث');
  const row = page.getByTestId('row-cards').getByRole('listitem').filter({ hasText: 'أحمد البحث' });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'حظر: أحمد البحث' }).click();
  await page.getByLabel('سبب الحظر').fill('احتيال');
  await page.getByRole('dialog').getByRole('button', { name: 'حظر' }).click();
  await expect(row.getByTestId('user-blocked')).toBeVisible();
  await shot(page, 'users-360');
  await page.getByRole('combobox', { name: 'الحظر', exact: true }).selectOption('1');
  await expect(page.getByTestId('row-cards').getByText('أحمد البحث')).toBeVisible();
  await admin.context.close();
});
