/**
 * Issue 16 in two real Chromium contexts: a thread with photos opens at the newest message on both
 * sides and stays there when a photo arrives; several photos through the preview with a caption; a
 * voice note recorded with Chromium's fake microphone plays on the store's side with its duration;
 * deleting a message; the store's chats inside the dashboard; offline → reload → online recovers
 * without a click; the notifications offer; axe on the new screens. Screenshots in /tmp/chat-shots.
 */
import { expectNoAxeViolations } from './support/axe';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from '@playwright/test';
import {
  apiCall,
  apiLogin,
  DEMO,
  expect,
  holdLiveConnection,
  liveConnection,
  serverUrl,
  signedInContext,
  test,
} from './support/fixtures';
import { launchFullChromium } from './support/chromium';
import { connectRelay, emitWithAck } from './support/relay-client';

const publicDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'client', 'public');
const PHOTOS = [
  path.join(publicDir, 'images', 'logo.png'),
  path.join(publicDir, 'icons', 'icon-192.png'),
  path.join(publicDir, 'icons', 'icon-512.png'),
];
const shots = '/tmp/chat-shots';
mkdirSync(shots, { recursive: true });

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1366, height: 800 };

/** A new farmer and their conversation with the demo clinic. */
async function newFarmer(name: string) {
  const phone = `09${String(Date.now() + Math.floor(Math.random() * 1000)).slice(-8)}`;
  const password = 'farmer-pass';
  await apiCall('auth/register', { body: { phone, name, type: 2, password, password_confirmation: password } });
  const [farmer, clinic, admin] = await Promise.all([
    apiLogin({ phone, password }),
    apiLogin(DEMO.clinic),
    apiLogin(DEMO.admin),
  ]);
  const conversation = await apiCall<{ id: number }>('conversation/create', {
    token: farmer.token,
    body: { store_id: clinic.user.store?.id },
  });
  return { who: { phone, password }, farmer, clinic, admin, conversationId: conversation.id };
}

async function upload(token: string, file: string): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(file)], { type: 'image/png' }), path.basename(file));
  const res = await fetch(`${serverUrl()}/api/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const json = (await res.json()) as { status: number; data: { upload_id: number } };
  expect(json.status).toBe(200);
  return json.data.upload_id;
}

const scroller = (page: Page) => page.getByTestId('thread-scroll').first();

/** How far the thread is from its newest message, once every image in it has loaded. */
async function distanceFromBottom(page: Page): Promise<number> {
  return scroller(page).evaluate(async (el) => {
    await Promise.all(
      [...el.querySelectorAll('img')].map((img) =>
        img.complete ? null : new Promise((r) => img.addEventListener('load', r, { once: true })),
      ),
    );
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    return el.scrollHeight - el.scrollTop - el.clientHeight;
  });
}

async function noWiderThanScreen(page: Page) {
  const vw = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(vw + 1);
}

const DEMO_CLINIC_NAME = /.+/;

const messages = (page: Page): Locator => page.getByRole('list', { name: 'الرسائل' });

/** The saved copy of a thread in IndexedDB (TanStack Query's persisted cache, key agrivet:query-cache), as JSON. */
function savedThread(page: Page, conversationId: number): Promise<string> {
  return page.evaluate(
    (id) =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => resolve('');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) return resolve('');
          const get = db.transaction('keyval').objectStore('keyval').get('agrivet:query-cache');
          get.onerror = () => resolve('');
          get.onsuccess = () => {
            const saved = get.result ? JSON.parse(get.result) : null;
            const queries: { queryKey: unknown[]; state: unknown }[] = saved?.clientState?.queries ?? [];
            const thread = queries.find(
              (q) => JSON.stringify(q.queryKey) === JSON.stringify(['account', 'conversations', 'thread', id]),
            );
            resolve(thread ? JSON.stringify(thread.state) : '');
          };
        };
      }),
    conversationId,
  );
}

test('a thread with photos opens at the newest message on both sides and stays there when a photo arrives', async ({
  browser,
}) => {
  const s = await newFarmer('مزارع الصور');
  const { farmer, clinic, admin, conversationId } = s;
  try {
    // 30 messages, 4 of them photos, written by both sides.
    for (let i = 1; i <= 30; i++) {
      const author = i % 3 === 0 ? clinic : farmer;
      const photo = i === 8 || i === 15 || i === 22 || i === 27;
      const body = photo
        ? { conversation_id: conversationId, upload_id: await upload(author.token, PHOTOS[i % 3]), client_id: `p-${i}` }
        : { conversation_id: conversationId, message: `رسالة رقم ${i} عن الزرع`, client_id: `t-${i}` };
      await apiCall('message/create', { token: author.token, body });
    }
    const farmerCtx = await signedInContext(browser, s.who, { viewport: PHONE });
    const storeCtx = await signedInContext(browser, DEMO.clinic, { viewport: DESKTOP });
    const farmerPage = await farmerCtx.context.newPage();
    const storePage = await storeCtx.context.newPage();
    await farmerPage.goto(`/chat/${conversationId}`);
    await storePage.goto(`/chat/${conversationId}`);
    for (const page of [farmerPage, storePage]) {
      await expect(messages(page).getByText('رسالة رقم 29 عن الزرع')).toBeVisible();
      await expect(messages(page).locator('img[src*="/storage/messages/"]')).toHaveCount(4);
      expect(await distanceFromBottom(page)).toBeLessThan(4);
      await noWiderThanScreen(page);
    }
    // On a phone the thread takes the whole screen: its own header at the top, not the site's search bar.
    const onTop = (page: Page, y: number) =>
      page.evaluate((at) => Boolean(document.elementFromPoint(180, at)?.closest('[data-testid=chat-screen]')), y);
    expect(await onTop(farmerPage, 10)).toBe(true);
    expect(await onTop(farmerPage, 730)).toBe(true);
    await expect(farmerPage.getByRole('heading', { level: 1, name: DEMO_CLINIC_NAME })).toBeVisible();
    await farmerPage.screenshot({ path: `${shots}/thread-360.png` });
    await storePage.screenshot({ path: `${shots}/thread-1366.png` });

    // A new photo from the farmer (through the preview): both stay at the bottom.
    await farmerPage.getByTestId('photo-input').setInputFiles(PHOTOS[0]);
    const dialog = farmerPage.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'صورة واحدة' })).toBeVisible();
    await dialog.getByRole('button', { name: 'إرسال' }).click();
    await expect(messages(storePage).locator('img[src*="/storage/messages/"]')).toHaveCount(5, { timeout: 20_000 });
    expect(await distanceFromBottom(storePage)).toBeLessThan(4);
    await expect(messages(farmerPage).locator('img[src*="/storage/messages/"]')).toHaveCount(5, { timeout: 20_000 });
    expect(await distanceFromBottom(farmerPage)).toBeLessThan(4);

    // The store scrolls up: a new message raises the pill instead of moving the view.
    await scroller(storePage).evaluate((el) => {
      el.scrollTop = 0;
    });
    await farmerPage.getByRole('textbox', { name: 'اكتب رسالتك…' }).fill('وهل يفيد الرش صباحاً؟');
    await farmerPage.getByRole('button', { name: 'إرسال' }).click();
    const pill = storePage.getByRole('button', { name: 'رسائل جديدة ↓' });
    await expect(pill).toBeVisible({ timeout: 20_000 });
    expect(await scroller(storePage).evaluate((el) => el.scrollTop)).toBeLessThan(50);
    await pill.click();
    await expect(pill).toBeHidden();
    expect(await distanceFromBottom(storePage)).toBeLessThan(4);

    // The photo viewer: an accessible dialog, arrows move, Escape closes.
    await messages(storePage).getByRole('button', { name: 'فتح الصورة' }).first().click();
    const viewer = storePage.getByRole('dialog', { name: 'عارض الصور' });
    await expect(viewer.getByText(/^الصورة \d+ من 5$/)).toBeVisible();
    const first = await viewer.getByText(/^الصورة \d+ من 5$/).textContent();
    await storePage.keyboard.press('ArrowLeft');
    await expect(viewer.getByText(/^الصورة \d+ من 5$/)).not.toHaveText(first ?? '');
    await storePage.screenshot({ path: `${shots}/viewer-1366.png` });
    await expectNoAxeViolations(storePage, 'store thread');
    await storePage.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expectNoAxeViolations(farmerPage, 'farmer thread');
    await farmerCtx.context.close();
    await storeCtx.context.close();

    // The admin's read-only view opens at the newest message too.
    const adminCtx = await signedInContext(browser, DEMO.admin, { viewport: DESKTOP });
    const adminPage = await adminCtx.context.newPage();
    await adminPage.goto(`/conversation/${conversationId}`);
    await expect(messages(adminPage).getByText('وهل يفيد الرش صباحاً؟')).toBeVisible();
    expect(await distanceFromBottom(adminPage)).toBeLessThan(4);
    await adminCtx.context.close();
  } finally {
    await apiCall(`conversation/delete/${conversationId}`, { token: admin.token, body: {} });
  }
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`several photos through the preview with a caption (${viewport.width} px)`, async ({ browser }) => {
    const s = await newFarmer('مزارع الألبوم');
    try {
      const farmerCtx = await signedInContext(browser, s.who, { viewport });
      const storeCtx = await signedInContext(browser, DEMO.clinic, { viewport: DESKTOP });
      const farmerPage = await farmerCtx.context.newPage();
      const storePage = await storeCtx.context.newPage();
      await farmerPage.goto(`/chat/${s.conversationId}`);
      await storePage.goto(`/chat/${s.conversationId}`);
      await expect(messages(farmerPage)).toBeVisible();

      // The attach menu offers the gallery and the camera.
      await farmerPage.getByRole('button', { name: 'إرفاق صورة' }).click();
      await expect(farmerPage.getByRole('menuitem', { name: 'التقاط صورة بالكاميرا' })).toBeVisible();
      await expect(farmerPage.getByRole('menuitem', { name: 'اختيار صور من المعرض' })).toBeVisible();
      await farmerPage.keyboard.press('Escape');
      await expect(farmerPage.locator('input[type=file][capture=environment]')).toHaveCount(1);

      await farmerPage.getByTestId('photo-input').setInputFiles(PHOTOS);
      const dialog = farmerPage.getByRole('dialog');
      await expect(dialog.getByRole('heading', { name: '3 صور' })).toBeVisible();
      await dialog.getByRole('button', { name: 'إزالة الصورة 2' }).click();
      await expect(dialog.getByRole('heading', { name: 'صورتان' })).toBeVisible();
      const caption = `أوراق البندورة فيها بقع ${Date.now()}`;
      await dialog.getByRole('textbox', { name: 'أضف تعليقاً…' }).fill(caption);
      await noWiderThanScreen(farmerPage);
      await farmerPage.screenshot({ path: `${shots}/preview-${viewport.width}.png` });
      await expectNoAxeViolations(farmerPage, 'photo dialog', '[role=dialog]');
      await dialog.getByRole('button', { name: 'إرسال' }).click();
      await expect(dialog).toBeHidden();

      // Two photo messages, the caption on the first, shown together as a group on the store's side.
      await expect(messages(storePage).getByText(caption)).toBeVisible({ timeout: 20_000 });
      await expect(messages(storePage).locator('[data-photo-group="2"] img')).toHaveCount(2, { timeout: 20_000 });
      const thread = await apiCall<{ messages: { message: string | null; attachment: { kind: string } | null }[] }>(
        `conversation/get/${s.conversationId}`,
        { token: s.farmer.token },
      );
      expect(thread.messages.map((m) => [m.attachment?.kind, m.message])).toEqual([
        ['image', caption],
        ['image', null],
      ]);
      // The conversation list previews the last one as a photo, with its time.
      await storePage.goto('/chat/list');
      const row = storePage.getByRole('listitem').filter({ hasText: 'مزارع الألبوم' });
      await expect(row).toContainText('📷 صورة');
      await expect(row.locator('time')).toBeVisible();
      await farmerCtx.context.close();
      await storeCtx.context.close();
    } finally {
      await apiCall(`conversation/delete/${s.conversationId}`, { token: s.admin.token, body: {} });
    }
  });
}

test('two photos sent apart stay apart after a reload, each with its own caption (issue 24)', async ({ browser }) => {
  const s = await newFarmer('مزارع الصورتين');
  try {
    const ctx = await signedInContext(browser, s.who, { viewport: PHONE });
    const page = await ctx.context.newPage();
    await page.goto(`/chat/${s.conversationId}`);
    await expect(messages(page)).toBeVisible();
    const captions = [`الصورة الأولى ${Date.now()}`, `الصورة الثانية ${Date.now()}`];
    for (const [i, caption] of captions.entries()) {
      await page.getByTestId('photo-input').setInputFiles(PHOTOS[i]);
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: 'أضف تعليقاً…' }).fill(caption);
      await dialog.getByRole('button', { name: 'إرسال' }).click();
      await expect(dialog).toBeHidden();
      await expect(messages(page).locator('img[src*="/storage/messages/"]')).toHaveCount(i + 1, { timeout: 20_000 });
    }
    await page.reload();
    for (const caption of captions) {
      const bubble = messages(page).getByRole('listitem').filter({ hasText: caption });
      await expect(bubble.locator('img[src*="/storage/messages/"]')).toHaveCount(1);
    }
    await expect(messages(page).locator('[data-photo-group]')).toHaveCount(0);
    await ctx.context.close();
  } finally {
    await apiCall(`conversation/delete/${s.conversationId}`, { token: s.admin.token, body: {} });
  }
});

/** A Chromium of its own with the fake microphone (a generated tone) allowed without a prompt. */
function micBrowser(): Promise<Browser> {
  return launchFullChromium([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    '--autoplay-policy=no-user-gesture-required',
  ]);
}

test('a 3-second voice note recorded by the farmer plays on the store’s side with its duration', async () => {
  const s = await newFarmer('مزارع البقرة');
  const mic = await micBrowser();
  try {
    for (const viewport of [PHONE, DESKTOP]) {
      const farmerCtx = await signedInContext(mic, s.who, { viewport });
      await farmerCtx.context.grantPermissions(['microphone'], { origin: serverUrl() });
      const farmerPage = await farmerCtx.context.newPage();
      await farmerPage.goto(`/chat/${s.conversationId}`);
      await expect(messages(farmerPage)).toBeVisible();
      await farmerPage.getByRole('button', { name: 'تسجيل رسالة صوتية' }).click();
      const recorder = farmerPage.getByRole('group', { name: 'جارٍ التسجيل' });
      await expect(recorder).toBeVisible();
      // ticking (not one exact second: a reading can fall either side of a one-second display)
      await expect(farmerPage.getByTestId('record-elapsed')).toHaveText(/^0:0[1-9]$/, { timeout: 10_000 });
      await farmerPage.screenshot({ path: `${shots}/recorder-${viewport.width}.png` });
      await noWiderThanScreen(farmerPage);
      if (viewport === PHONE) {
        // cancelled: nothing is sent
        await recorder.getByRole('button', { name: 'إلغاء التسجيل' }).click();
        await expect(recorder).toBeHidden();
        // hold to talk: pressed, held, released → sent
        const micButton = farmerPage.getByRole('button', { name: 'تسجيل رسالة صوتية' });
        const box = await micButton.boundingBox();
        if (!box) throw new Error('no microphone button');
        await farmerPage.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await farmerPage.mouse.down();
        await expect(farmerPage.getByTestId('record-elapsed')).toHaveText(/^0:0[1-9]$/, { timeout: 10_000 });
        await farmerPage.mouse.up();
        await expect(recorder).toBeHidden();
        await expect(messages(farmerPage).locator('audio[src*="/storage/voice/"]')).toHaveCount(1, {
          timeout: 30_000,
        });
      } else {
        await expect(farmerPage.getByTestId('record-elapsed')).toHaveText(/^0:0[3-9]$/, { timeout: 12_000 });
        await recorder.getByRole('button', { name: 'إيقاف وإرسال' }).click();
        await expect(recorder).toBeHidden();
        // uploaded, transcoded to MP3 by the API and sent: the farmer's own bubble now plays the stored file
        await expect(messages(farmerPage).locator('audio[src*="/storage/voice/"]')).toHaveCount(2, {
          timeout: 30_000,
        });
      }
      await farmerCtx.context.close();
    }

    const storeCtx = await signedInContext(mic, DEMO.clinic, { viewport: DESKTOP });
    const storePage = await storeCtx.context.newPage();
    await storePage.goto(`/chat/${s.conversationId}`);
    await expect(messages(storePage).locator('[data-voice-player]')).toHaveCount(2, { timeout: 20_000 });
    // the 3-second one (the held one came first)
    const player = messages(storePage).locator('[data-voice-player]').last();
    const time = player.getByTestId('voice-time');
    await expect(time).toHaveText(/^0:0[3-9]$/); // 3 s, or a little more if the tap on stop was slow
    const audio = player.locator('audio');
    await expect(audio).toHaveAttribute('src', /\/storage\/voice\/.+\.mp3\?exp=\d+&sig=/);
    await player.getByRole('button', { name: 'تشغيل الرسالة الصوتية' }).click();
    await expect(player.getByRole('button', { name: 'إيقاف مؤقت' })).toBeVisible();
    await expect
      .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(0.5);
    await expect(player.getByRole('progressbar', { name: 'تقدم التشغيل' })).not.toHaveAttribute('aria-valuenow', '0');
    await storePage.screenshot({ path: `${shots}/player-1366.png` });
    await expectNoAxeViolations(storePage, 'store thread');
    const stored = await apiCall<{ messages: { attachment: { kind: string; duration_ms?: number } | null }[] }>(
      `conversation/get/${s.conversationId}`,
      { token: s.farmer.token },
    );
    expect(stored.messages.map((m) => m.attachment?.kind)).toEqual(['audio', 'audio']);
    expect(stored.messages[0].attachment?.duration_ms).toBeGreaterThan(500);
    expect(stored.messages[1].attachment?.duration_ms).toBeGreaterThan(2_500);
    expect(stored.messages[1].attachment?.duration_ms).toBeLessThan(10_000);
    await storeCtx.context.close();

    const phoneStore = await signedInContext(mic, DEMO.clinic, { viewport: PHONE });
    const phonePage = await phoneStore.context.newPage();
    await phonePage.goto(`/chat/${s.conversationId}`);
    await expect(messages(phonePage).locator('[data-voice-player]')).toHaveCount(2);
    await noWiderThanScreen(phonePage);
    await phonePage.screenshot({ path: `${shots}/player-360.png` });
    await phoneStore.context.close();
  } finally {
    await mic.close();
    await apiCall(`conversation/delete/${s.conversationId}`, { token: s.admin.token, body: {} });
  }
});

test('a sender deletes their message: both sides show "تم حذف هذه الرسالة" at once', async ({ browser }) => {
  const s = await newFarmer('مزارع متسرع');
  try {
    const farmerCtx = await signedInContext(browser, s.who, { viewport: PHONE });
    const storeCtx = await signedInContext(browser, DEMO.clinic, { viewport: DESKTOP });
    const farmerPage = await farmerCtx.context.newPage();
    const storePage = await storeCtx.context.newPage();
    await farmerPage.goto(`/chat/${s.conversationId}`);
    // The deletion reaches the store's open thread as a push: the farmer acts once the store's live
    // connection is up (a deletion made before then comes with the join: the next test).
    const storeLive = liveConnection(storePage);
    await storePage.goto(`/chat/${s.conversationId}`);
    await storeLive;
    const text = `رسالة أُرسلت خطأً ${Date.now()}`;
    await farmerPage.getByRole('textbox', { name: 'اكتب رسالتك…' }).fill(text);
    await farmerPage.getByRole('button', { name: 'إرسال' }).click();
    // the field keeps the focus (the phone's keyboard stays open)
    await expect(farmerPage.getByRole('textbox', { name: 'اكتب رسالتك…' })).toBeFocused();
    await expect(messages(storePage).getByText(text)).toBeVisible();
    const bubble = messages(farmerPage).getByRole('listitem').filter({ hasText: text });
    await expect(bubble.getByRole('img', { name: /أُرسلت|وصلت|قُرئت/ })).toBeVisible();
    // the store cannot delete the farmer's message
    await expect(
      messages(storePage)
        .getByRole('listitem')
        .filter({ hasText: text })
        .getByRole('button', { name: 'خيارات الرسالة' }),
    ).toHaveCount(0);
    await bubble.getByRole('button', { name: 'خيارات الرسالة' }).click();
    // A tap on the item while the menu is still opening can be taken by the menu for nothing (it stays
    // open with the item in it, seen under one CPU-bound process, before this session's changes too):
    // tap again, as a person would, until the confirmation shows.
    const confirmButton = farmerPage
      .getByRole('alertdialog')
      .or(farmerPage.getByRole('dialog'))
      .getByRole('button', { name: 'تأكيد' });
    await expect(async () => {
      const item = farmerPage.getByRole('menuitem', { name: 'حذف الرسالة' });
      if (await item.isVisible()) await item.click();
      await expect(confirmButton).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    await confirmButton.click();
    await expect(messages(farmerPage).getByText('تم حذف هذه الرسالة')).toBeVisible();
    await expect(messages(storePage).getByText('تم حذف هذه الرسالة')).toBeVisible();
    await expect(messages(storePage).getByText(text)).toHaveCount(0);
    await storePage.goto('/chat/list');
    await expect(storePage.getByRole('listitem').filter({ hasText: 'مزارع متسرع' })).toContainText(
      'تم حذف هذه الرسالة',
    );
    await farmerCtx.context.close();
    await storeCtx.context.close();
  } finally {
    await apiCall(`conversation/delete/${s.conversationId}`, { token: s.admin.token, body: {} });
  }
});

test("a message deleted before the thread's live connection came up shows deleted once it does", async ({
  browser,
}) => {
  const s = await newFarmer('مزارع على خط ضعيف');
  try {
    const text = `رد سيُحذف ${Date.now()}`;
    const reply = await apiCall<{ id: number }>('message/create', {
      token: s.clinic.token,
      body: { conversation_id: s.conversationId, message: text, client_id: `gone-${Date.now()}` },
    });
    const farmerCtx = await signedInContext(browser, s.who, { viewport: PHONE });
    const page = await farmerCtx.context.newPage();
    // The thread is read over HTTP while its live connection is held back (a weak link).
    const { release } = await holdLiveConnection(page);
    await page.goto(`/chat/${s.conversationId}`);
    await expect(messages(page).getByText(text)).toBeVisible();
    // The store deletes its reply meanwhile: no socket of the farmer's can hear message:deleted.
    await apiCall(`message/delete/${reply.id}`, { token: s.clinic.token, body: {} });
    release();
    // The connection comes up: the join's re-sync says the reply was deleted.
    await expect(messages(page).getByText('تم حذف هذه الرسالة')).toBeVisible();
    await expect(messages(page).getByText(text)).toHaveCount(0);
    await farmerCtx.context.close();
  } finally {
    await apiCall(`conversation/delete/${s.conversationId}`, { token: s.admin.token, body: {} });
  }
});

test('the store chats inside the dashboard: list and thread side by side, one after the other on a phone', async ({
  browser,
}) => {
  const s = await newFarmer('مزارع لوحة التحكم');
  try {
    await apiCall('message/create', {
      token: s.farmer.token,
      body: { conversation_id: s.conversationId, message: 'مرحباً من المزرعة', client_id: 'dash-1' },
    });
    const wide = await signedInContext(browser, DEMO.clinic, { viewport: DESKTOP });
    const page = await wide.context.newPage();
    // the "open" tab: it keeps the row once answered (other specs' farmers may be waiting on this store, so
    // the default tab can stay on "needs a reply", which an answered chat leaves)
    await page.goto('/dashboard/chats?f=open');
    const list = page.getByRole('list', { name: 'محادثات المتجر' });
    const row = list.getByRole('listitem').filter({ hasText: 'مزارع لوحة التحكم' });
    await expect(row).toContainText('مرحباً من المزرعة');
    await expect(row.locator('time')).toBeVisible();
    await expect(row.getByLabel(/غير مقروءة|unread/)).toBeVisible();
    await row.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/chats\\?f=open&c=${s.conversationId}$`));
    // the conversation on screen has nothing unread
    await expect(row.getByLabel(/غير مقروءة|unread/)).toHaveCount(0);
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await expect(list).toBeVisible();
    await expect(messages(page).getByText('مرحباً من المزرعة')).toBeVisible();
    // live: a new message reaches the open thread, and the list's preview follows
    // from the farmer's phone, through the relay
    const socket = await connectRelay(s.farmer.token);
    const sent = await emitWithAck(socket, 'message:send', {
      conversation_id: s.conversationId,
      message: 'هل وصل ردكم؟',
      client_id: 'dash-2',
    });
    expect(sent.status).toBe(200);
    socket.disconnect();
    await expect(messages(page).getByText('هل وصل ردكم؟')).toBeVisible({ timeout: 20_000 });
    await expect(row).toContainText('هل وصل ردكم؟');
    await page.getByRole('textbox', { name: 'اكتب رسالتك…' }).fill('نعم، أهلاً بك');
    await page.getByRole('button', { name: 'إرسال' }).click();
    await expect(row).toContainText('نعم، أهلاً بك');
    await page.screenshot({ path: `${shots}/dashboard-chats-1366.png` });
    await expectNoAxeViolations(page, 'dashboard chats');
    await wide.context.close();

    await apiCall('message/create', {
      token: s.farmer.token,
      body: { conversation_id: s.conversationId, message: 'شكراً لكم', client_id: 'dash-3' },
    });
    const phone = await signedInContext(browser, DEMO.clinic, { viewport: PHONE });
    const phonePage = await phone.context.newPage();
    await phonePage.goto('/dashboard/chats?f=open');
    const phoneList = phonePage.getByRole('list', { name: 'محادثات المتجر' });
    const phoneRow = phoneList.getByRole('listitem').filter({ hasText: 'مزارع لوحة التحكم' });
    await expect(phoneRow.getByLabel(/غير مقروءة|unread/)).toBeVisible();
    await phoneRow.getByRole('link').click();
    await expect(messages(phonePage).getByText('شكراً لكم')).toBeVisible();
    await expect(phoneList).toBeHidden();
    await noWiderThanScreen(phonePage);
    await phonePage.screenshot({ path: `${shots}/dashboard-chats-360.png` });
    await phonePage.getByRole('link', { name: 'رجوع' }).click();
    await expect(phoneList).toBeVisible();
    // read on the phone: back in the list, the row has nothing unread (the list was not asked again)
    await expect(phoneRow).toContainText('شكراً لكم');
    await expect(phoneRow.getByLabel(/غير مقروءة|unread/)).toHaveCount(0);
    await phone.context.close();
  } finally {
    await apiCall(`conversation/delete/${s.conversationId}`, { token: s.admin.token, body: {} });
  }
});

test('offline → reload: the thread opened before shows from IndexedDB; online: the queued message is sent once, without a click', async ({
  browser,
}) => {
  const s = await newFarmer('مزارع بلا شبكة');
  try {
    const ctx = await signedInContext(browser, s.who, { viewport: PHONE, serviceWorkers: 'allow' });
    const page = await ctx.context.newPage();
    await page.goto(`/chat/${s.conversationId}`);
    await expect(messages(page)).toBeVisible();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect(messages(page)).toBeVisible();

    const earlier = `كُتبت قبل الانقطاع ${Date.now()}`;
    await page.getByRole('textbox', { name: 'اكتب رسالتك…' }).fill(earlier);
    await page.getByRole('button', { name: 'إرسال' }).click();
    await expect(
      messages(page)
        .getByRole('listitem')
        .filter({ hasText: earlier })
        .getByRole('img', { name: /أُرسلت|وصلت|قُرئت/ }),
    ).toBeVisible();

    // The saved copy is written once the cache has been still for a second (TanStack's persister): a
    // reload sooner than that shows the copy saved before. Wait for the copy that holds this message.
    await expect.poll(() => savedThread(page, s.conversationId)).toContain(earlier);

    await ctx.context.setOffline(true);
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    const text = `كُتبت بلا اتصال ثم أُعيد تحميل الصفحة ${Date.now()}`;
    await page.getByRole('textbox', { name: 'اكتب رسالتك…' }).fill(text);
    await page.getByRole('button', { name: 'إرسال' }).click();
    await expect(
      messages(page).getByRole('listitem').filter({ hasText: text }).getByRole('img', { name: 'بانتظار الإرسال' }),
    ).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    // the thread opened before comes back from IndexedDB (issue 24): its messages, and the queued one
    // still "will be sent" — no load error
    await expect(messages(page).getByText(earlier)).toBeVisible({ timeout: 30_000 });
    await expect(
      messages(page).getByRole('listitem').filter({ hasText: text }).getByRole('img', { name: 'بانتظار الإرسال' }),
    ).toBeVisible();
    await expect(page.getByText('تعذر تحميل البيانات')).toHaveCount(0);
    await page.screenshot({ path: `${shots}/offline-360.png` });

    await ctx.context.setOffline(false);
    // no click: the error retries by itself, and the message queued before the reload arrives once
    await expect(messages(page).getByText(text)).toHaveCount(1, { timeout: 30_000 });
    await expect(page.getByTestId('offline-banner')).toBeHidden();
    const bubble = messages(page).getByRole('listitem').filter({ hasText: text });
    await expect(bubble.getByRole('img', { name: /أُرسلت|وصلت|قُرئت/ })).toBeVisible({ timeout: 30_000 });
    const stored = await apiCall<{ messages: { message: string }[] }>(`conversation/get/${s.conversationId}`, {
      token: s.farmer.token,
    });
    expect(stored.messages.filter((m) => m.message === text)).toHaveLength(1);
    await ctx.context.close();
  } finally {
    await apiCall(`conversation/delete/${s.conversationId}`, { token: s.admin.token, body: {} });
  }
});

test('the live connection comes up after its code failed to load once: a store reply arrives without a reload', async ({
  browser,
}) => {
  const s = await newFarmer('مزارع انقطع تحميله');
  try {
    const ctx = await signedInContext(browser, s.who, { viewport: PHONE });
    const page = await ctx.context.newPage();
    // The link drops while the signed-in effects' chunk (the live connection, the outbox) loads: its
    // preload and the import both fail.
    let down = true;
    let aborted = 0;
    await ctx.context.route(/\/assets\/signed-in-effects-[^/]+\.js$/, (route) => {
      if (!down) return route.continue();
      aborted++;
      return route.abort('internetdisconnected');
    });
    await page.goto(`/chat/${s.conversationId}`);
    await expect(messages(page)).toBeVisible();
    await expect.poll(() => aborted, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    down = false;
    const reply = `ردّ المتجر بعد انقطاع التحميل ${Date.now()}`;
    await apiCall('message/create', {
      token: s.clinic.token,
      body: { conversation_id: s.conversationId, message: reply, client_id: `effects-retry-${Date.now()}` },
    });
    // the chunk is asked for again (after 2, 4 … s, the browser being online), the connection opens
    // and the thread re-syncs on joining: the reply shows, once
    await expect(messages(page).getByText(reply)).toHaveCount(1, { timeout: 20_000 });
    await ctx.context.close();
  } finally {
    await apiCall(`conversation/delete/${s.conversationId}`, { token: s.admin.token, body: {} });
  }
});

test('a photo picked offline waits in IndexedDB (not localStorage), survives a reload and is sent once back online', async ({
  browser,
}) => {
  const s = await newFarmer('مزارع الصورة المؤجلة');
  try {
    const ctx = await signedInContext(browser, s.who, { viewport: PHONE, serviceWorkers: 'allow' });
    const page = await ctx.context.newPage();
    await page.goto(`/chat/${s.conversationId}`);
    await expect(messages(page)).toBeVisible();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect(messages(page)).toBeVisible();

    await ctx.context.setOffline(true);
    await page.getByTestId('photo-input').setInputFiles(PHOTOS[1]);
    await page.getByRole('dialog').getByRole('button', { name: 'إرسال' }).click();
    // the upload cannot leave: the photo shows "will be sent" like a queued text, no error (it is
    // retried by itself once back online); the file waits in IndexedDB
    await expect(messages(page).getByRole('img', { name: 'بانتظار الإرسال' })).toBeVisible({ timeout: 20_000 });
    await expect(messages(page).getByRole('alert')).toHaveCount(0);
    await expect(messages(page).getByRole('button', { name: 'إعادة المحاولة' })).toHaveCount(0);
    await page.screenshot({ path: `${shots}/upload-waiting-360.png` });
    const saved = () =>
      page.evaluate(
        () =>
          new Promise<number>((resolve, reject) => {
            const req = indexedDB.open('agrivet-media');
            req.onerror = () => reject(req.error);
            req.onsuccess = () => {
              const db = req.result;
              const count = db.transaction('queue').objectStore('queue').count();
              count.onsuccess = () => resolve(count.result);
              count.onerror = () => reject(count.error);
            };
          }),
      );
    expect(await saved()).toBe(1);
    const localBytes = await page.evaluate(() =>
      Object.keys(localStorage).reduce((n, k) => n + (localStorage.getItem(k)?.length ?? 0), 0),
    );
    expect(localBytes).toBeLessThan(4_000);

    await page.reload();
    await ctx.context.setOffline(false);
    // no click: the thread loads, the file is uploaded and its message sent, once
    await expect(messages(page).locator('img[src*="/storage/messages/"]')).toHaveCount(1, { timeout: 30_000 });
    await expect.poll(saved, { timeout: 10_000 }).toBe(0);
    const stored = await apiCall<{ messages: { attachment: { kind: string } | null }[] }>(
      `conversation/get/${s.conversationId}`,
      { token: s.farmer.token },
    );
    expect(stored.messages.map((m) => m.attachment?.kind)).toEqual(['image']);
    await ctx.context.close();
  } finally {
    await apiCall(`conversation/delete/${s.conversationId}`, { token: s.admin.token, body: {} });
  }
});

test('the notifications offer comes only after sign-in, and turning them on asks the API for its key', async () => {
  const s = await newFarmer('مزارع الإشعارات');
  // The full Chromium: its headless shell has no Push API, so the app rightly offers nothing there.
  const browser = await launchFullChromium();
  try {
    // A visitor: no offer anywhere.
    const visitor = await browser.newContext({ baseURL: serverUrl(), serviceWorkers: 'allow' });
    const anon = await visitor.newPage();
    await anon.goto('/');
    await anon.goto('/leaf');
    await expect(anon.getByTestId('push-prompt')).toHaveCount(0);
    await visitor.close();

    const ctx = await signedInContext(browser, s.who, { viewport: PHONE, serviceWorkers: 'allow' });
    const page = await ctx.context.newPage();
    const live = liveConnection(page);
    await page.goto(`/chat/${s.conversationId}`);
    await expect(messages(page)).toBeVisible();
    // not on page load: the thread drawn and the signed-in effects done (the live connection is up after
    // them), and still no offer
    await live;
    await expect(page.getByTestId('push-prompt')).toHaveCount(0);
    await page.getByRole('textbox', { name: 'اكتب رسالتك…' }).fill('سؤال عن السماد');
    await page.getByRole('button', { name: 'إرسال' }).click();
    const prompt = page.getByRole('region', { name: 'تفعيل الإشعارات' });
    await expect(prompt).toBeVisible();
    await page.screenshot({ path: `${shots}/push-offer-360.png` });
    // the browser's permission prompt, answered "allow"
    await ctx.context.grantPermissions(['notifications'], { origin: serverUrl() });
    const keyRequest = page.waitForRequest((r) => r.url().endsWith('/api/push/key'), { timeout: 15_000 });
    await prompt.getByRole('button', { name: 'تفعيل' }).click();
    // Chromium reaches no push service here: the key is fetched and subscribe attempted.
    await keyRequest;
    await expect(prompt).toBeHidden({ timeout: 20_000 });
    await ctx.context.close();
  } finally {
    await browser.close();
    await apiCall(`conversation/delete/${s.conversationId}`, { token: s.admin.token, body: {} });
  }
});
