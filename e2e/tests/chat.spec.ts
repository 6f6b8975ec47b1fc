import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiCall, apiLogin, DEMO, expect, hydrated, signedInContext, test, websockets } from './support/fixtures';

const logo = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'client',
  'public',
  'images',
  'logo.png',
);

test('a farmer and a store chat live, and a message written offline arrives after reconnecting', async ({
  browser,
}) => {
  const farmer = await signedInContext(browser, DEMO.farmer);
  const store = await signedInContext(browser, DEMO.clinic);
  const farmerPage = await farmer.context.newPage();
  const farmerSockets = websockets(farmerPage);
  const storePage = await store.context.newPage();

  // The farmer opens (or creates) the conversation from the clinic's card.
  const clinic = await apiCall<{ name_store: string; city: number }>(`store/get/${store.user.store?.id}`);
  await farmerPage.goto(`/bone?city=${clinic.city}`);
  await hydrated(farmerPage); // a click on the server-rendered page before React owns it does nothing
  const card = farmerPage.getByRole('article').filter({ hasText: clinic.name_store });
  await card.getByRole('link', { name: /مراسلة|متابعة المحادثة/ }).click();
  await expect(farmerPage).toHaveURL(/\/chat\/\d+$/);
  const conversationUrl = new URL(farmerPage.url()).pathname;
  const farmerList = farmerPage.getByRole('list', { name: 'الرسائل' });
  await expect(farmerList).toBeVisible();

  await storePage.goto(conversationUrl);
  const storeList = storePage.getByRole('list', { name: 'الرسائل' });
  await expect(storeList).toBeVisible();

  const hello = `مرحباً، هل لديكم لقاح للأبقار؟ ${Date.now()}`;
  // Typing shows on the other side while the farmer writes. Typing pushes are volatile (not kept for a
  // socket that has not joined the room yet): the farmer keeps typing until the store's thread is live.
  const composer = farmerPage.getByRole('textbox', { name: 'اكتب رسالتك…' });
  await expect(async () => {
    await composer.fill('');
    await composer.pressSequentially('مرحباً');
    await expect(storePage.getByText(/يكتب الآن…/)).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await farmerPage.getByRole('textbox', { name: 'اكتب رسالتك…' }).fill(hello);
  await farmerPage.getByRole('button', { name: 'إرسال' }).click();
  await expect(storeList.getByText(hello)).toBeVisible();
  await expect(storeList.getByText(hello)).toHaveAttribute('dir', 'auto');
  await expect(storePage.getByText(/يكتب الآن…/)).toHaveCount(0);

  const reply = `نعم متوفر، أهلاً بك ${Date.now()}`;
  await storePage.getByRole('textbox', { name: 'اكتب رسالتك…' }).fill(reply);
  await storePage.getByRole('button', { name: 'إرسال' }).click();
  await farmerPage.bringToFront();
  await expect(farmerList.getByText(reply)).toBeVisible();
  // The farmer has the thread open: the store sees its reply as read.
  await expect(
    storeList.getByRole('listitem').filter({ hasText: reply }).getByRole('img', { name: 'قُرئت' }),
  ).toBeVisible();

  // Offline: the message waits in the outbox, shown as pending, and is sent once back online.
  await farmer.context.setOffline(true);
  await expect(farmerPage.getByText('غير متصل — ستُرسل رسائلك عند عودة الاتصال')).toBeVisible();
  const offline = `رسالة كُتبت بلا اتصال ${Date.now()}`;
  await farmerPage.getByRole('textbox', { name: 'اكتب رسالتك…' }).fill(offline);
  await farmerPage.getByRole('button', { name: 'إرسال' }).click();
  const pending = farmerList.getByRole('listitem').filter({ hasText: offline });
  await expect(pending.getByRole('img', { name: 'بانتظار الإرسال' })).toBeVisible();
  // Meanwhile the store writes: the farmer cannot see it yet.
  const whileAway = `وصل اللقاح صباح اليوم ${Date.now()}`;
  await storePage.getByRole('textbox', { name: 'اكتب رسالتك…' }).fill(whileAway);
  await storePage.getByRole('button', { name: 'إرسال' }).click();
  await expect(storeList.getByText(whileAway)).toBeVisible();
  // Not sent, not received: the farmer's live connection is closed (nothing can pass either way), and
  // the store's message was stored (acknowledged) while it was.
  await expect.poll(() => farmerSockets.count() > 0 && farmerSockets.allClosed()).toBe(true);
  await expect(
    storeList
      .getByRole('listitem')
      .filter({ hasText: whileAway })
      .getByRole('img', { name: /أُرسلت|وصلت/ }),
  ).toBeVisible();
  await expect(storeList.getByText(offline)).toHaveCount(0);
  await expect(farmerList.getByText(whileAway)).toHaveCount(0);

  await farmer.context.setOffline(false);
  await expect(storeList.getByText(offline)).toBeVisible({ timeout: 30_000 });
  await expect(farmerList.getByText(offline)).toHaveCount(1);
  await expect(pending.getByRole('img', { name: 'بانتظار الإرسال' })).toHaveCount(0);
  // Back online, the farmer's open thread re-syncs: the store's message is there, once, and read.
  await expect(farmerList.getByText(whileAway)).toHaveCount(1, { timeout: 30_000 });
  await expect(
    storeList.getByRole('listitem').filter({ hasText: whileAway }).getByRole('img', { name: 'قُرئت' }),
  ).toBeVisible({ timeout: 20_000 });

  // A photo: compressed in the browser, previewed, uploaded (POST upload), sent with its upload_id.
  await farmerPage.getByTestId('photo-input').setInputFiles(logo);
  await farmerPage.getByRole('dialog').getByRole('button', { name: 'إرسال' }).click();
  await expect(storeList.locator('img[src^="/storage/messages/"]')).toHaveCount(1, { timeout: 20_000 });

  // Away from the thread, the store sees an unread badge in the top bar, then the list.
  await storePage.goto('/leaf');
  const later = `هل يمكن التوصيل إلى حماة؟ ${Date.now()}`;
  await farmerPage.getByRole('textbox', { name: 'اكتب رسالتك…' }).fill(later);
  await farmerPage.getByRole('button', { name: 'إرسال' }).click();
  await expect(storePage.getByTestId('unread-badge')).toHaveText('1');
  await storePage.getByRole('link', { name: /المحادثات/ }).click();
  await expect(storePage.getByRole('list', { name: 'المحادثات' })).toContainText(later);

  // The farmer's message reached the store's device (delivered ✓✓ grey), then the store opens it (read ✓✓ blue).
  const laterBubble = farmerList.getByRole('listitem').filter({ hasText: later });
  await expect(laterBubble.getByRole('img', { name: 'وصلت' })).toBeVisible();
  await expect(laterBubble.getByRole('img', { name: 'قُرئت' })).toHaveCount(0);
  await farmerPage.screenshot({ path: test.info().outputPath('chat-ar-delivered.png') });
  await storePage.goto(conversationUrl);
  await expect(storeList.getByText(later)).toBeVisible();
  await expect(laterBubble.getByRole('img', { name: 'قُرئت' })).toBeVisible();
  await farmerPage.screenshot({ path: test.info().outputPath('chat-ar-read.png') });

  await farmer.context.close();
  await store.context.close();
});

test('a long thread loads older messages at the top and keeps the scroll position', async ({ browser }) => {
  const phone = `09${String(Date.now() + 11).slice(-8)}`;
  const password = 'farmer-pass';
  await apiCall('auth/register', {
    body: { phone, name: 'مزارع كثير الأسئلة', type: 2, password, password_confirmation: password },
  });
  const [clinic, admin] = await Promise.all([apiLogin(DEMO.clinic), apiLogin(DEMO.admin)]);
  const farmer = await signedInContext(browser, { phone, password });
  const conversation = await apiCall<{ id: number }>('conversation/create', {
    token: farmer.token,
    body: { store_id: clinic.user.store?.id },
  });
  try {
    let last = 0;
    for (let i = 1; i <= 55; i++) {
      const body = { conversation_id: conversation.id, message: `سؤال رقم ${i}`, client_id: `older-${i}` };
      last = (await apiCall<{ id: number }>('message/create', { token: farmer.token, body })).id;
    }
    // the clinic has read them all (no unread badge left for the other tests)
    await apiCall(`conversation/update/${conversation.id}`, {
      token: clinic.token,
      body: { last_read_message_id: last },
    });

    const page = await farmer.context.newPage();
    await page.goto(`/chat/${conversation.id}`);
    const list = page.getByRole('list', { name: 'الرسائل' });
    await expect(list.getByText('سؤال رقم 55', { exact: true })).toBeVisible();
    await expect(list.getByText('سؤال رقم 5', { exact: true })).toHaveCount(0);
    const more = list.getByRole('button', { name: 'عرض الرسائل الأقدم' });
    // the composer comes after the thread (its own chunk): the layout is whole before a position is read
    await expect(page.getByRole('textbox', { name: 'اكتب رسالتك…' })).toBeVisible();
    await more.scrollIntoViewIfNeeded();
    const anchor = list.getByText('سؤال رقم 6', { exact: true });
    const before = await anchor.boundingBox();
    await more.click();
    await expect(list.getByText('سؤال رقم 1', { exact: true })).toBeAttached();
    await expect(more).toHaveCount(0);
    // the message that was at the top stays where it was
    const after = await anchor.boundingBox();
    expect(Math.abs((after?.y ?? 0) - (before?.y ?? 0))).toBeLessThan(10);
    expect(await page.getByTestId('thread-scroll').evaluate((el) => el.scrollTop)).toBeGreaterThan(100);
  } finally {
    await apiCall(`conversation/delete/${conversation.id}`, { token: admin.token, body: {} });
    await farmer.context.close();
  }
});

test('a visitor is asked to log in before messaging a store', async ({ page }) => {
  await page.goto('/leaf');
  await hydrated(page);
  await page.getByRole('article').first().getByRole('link', { name: 'مراسلة' }).click();
  await expect(page).toHaveURL(/\/login(\?next=.*)?$/);
  await expect(page.getByText('يرجى تسجيل الدخول لتتمكن من ارسال رسالة')).toBeVisible();
});
