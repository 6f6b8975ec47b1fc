/**
 * Refusals in the UI language in a real Chromium (issue 24): a text file named .jpg is refused in
 * Arabic (English in English mode) — never with Chromium's own "The source image could not be
 * decoded." — in the chat composer and beside a form's image field.
 */
import { apiCall, apiLogin, DEMO, expect, signedInContext, test } from './support/fixtures';

const PHONE = { width: 360, height: 740 };
const BROWSER_REFUSAL = 'The source image could not be decoded.';
const AR = 'تعذّر فتح الملف: ليس صورة صالحة';
const EN = 'The file could not be opened: it is not a valid image';
const textAsJpeg = {
  name: 'photo.jpg',
  mimeType: 'image/jpeg',
  buffer: Buffer.from('this is a text file, not a photo'),
};

async function farmerChat() {
  const [farmer, clinic] = await Promise.all([apiLogin(DEMO.farmer), apiLogin(DEMO.clinic)]);
  const conversation = await apiCall<{ id: number }>('conversation/create', {
    token: farmer.token,
    body: { sender_id: farmer.user.id, receiver_id: clinic.user.id, store_id: clinic.user.store?.id },
  });
  return conversation.id;
}

for (const lang of ['ar', 'en'] as const) {
  test(`a text file named .jpg sent as a chat photo is refused in ${lang === 'ar' ? 'Arabic' : 'English'}`, async ({
    browser,
  }) => {
    const conversationId = await farmerChat();
    const farmer = await signedInContext(browser, DEMO.farmer, { viewport: PHONE });
    if (lang === 'en') await farmer.context.addInitScript(() => localStorage.setItem('lang', 'en'));
    const page = await farmer.context.newPage();
    await page.goto(`/chat/${conversationId}`);
    await page.getByTestId('photo-input').setInputFiles(textAsJpeg);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: lang === 'ar' ? 'إرسال' : 'Send' }).click();
    await expect(page.getByText(lang === 'ar' ? AR : EN)).toBeVisible();
    await expect(page.getByText(BROWSER_REFUSAL)).toHaveCount(0);
    await farmer.context.close();
  });
}

test('a text file named .jpg picked for a product is refused beside the image field, in Arabic', async ({
  browser,
}) => {
  const store = await signedInContext(browser, DEMO.pharmacy, { viewport: PHONE });
  const page = await store.context.newPage();
  await page.goto('/product/add');
  await page.locator('form input[type="file"]').setInputFiles(textAsJpeg);
  await expect(page.getByText(AR)).toBeVisible();
  await expect(page.getByText(BROWSER_REFUSAL)).toHaveCount(0);
  await store.context.close();
});
