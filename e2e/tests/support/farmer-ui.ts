/**
 * A farmer on their own device, driven through the UI: sign in on /login, order from a store's
 * product page (quantity dialog → cart → delivery details → place order), open a chat from a store's card.
 */
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { hydrated, serverUrl } from './fixtures';

export { hydrated };

/** A fresh browser context signed in through the /login form; the farmer lands on the home page. */
export async function farmerSignsIn(
  browser: Browser,
  who: { phone: string; password: string },
  viewport: { width: number; height: number } = { width: 360, height: 740 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: serverUrl(), viewport, hasTouch: viewport.width < 768 });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('رقم الهاتف').fill(who.phone);
  await page.getByLabel('كلمة المرور').fill(who.password);
  await page.getByRole('button', { name: 'دخول' }).click();
  await expect(page).toHaveURL(/\/$/);
  return { context, page };
}

/**
 * Orders `quantity` of `productName` from /products/{storeId} through the quantity dialog and the cart;
 * resolves on /myorders with the new order's list item and id.
 */
export async function orderThroughUi(page: Page, storeId: number, productName: string, quantity: number) {
  await page.goto(`/products/${storeId}`);
  await hydrated(page);
  await page.getByRole('button', { name: `اطلب: ${productName}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('الكمية').fill(String(quantity));
  await dialog.getByRole('button', { name: 'أضف إلى السلة' }).click();
  const added = page.getByText('تم اضافة العنصر الى السلة');
  await expect(added.first()).toBeVisible();
  // closed (its exit animation done): a tap while the modal dialog still holds the page can be taken as a
  // tap outside it, and goes nowhere (seen once on a loaded machine)
  await expect(dialog).toHaveCount(0);
  // On a phone the toast, sliding in under the top bar, comes to rest over the store's «السلة (n)»: a tap
  // aimed at the link while it slides lands on the toast (seen on a loaded machine). The toast goes first.
  await expect(added).toHaveCount(0, { timeout: 15_000 });
  await page.getByRole('link', { name: `السلة (${quantity})` }).click();
  await expect(page).toHaveURL(new RegExp(`/cart/${storeId}$`));
  await fillDelivery(page);
  // the confirmation toast lasts a few seconds from the answer: watched for from the tap
  const confirmed = expect(page.getByText('تمت إضافة الطلب')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'إرسال الطلب' }).click();
  await expect(page).toHaveURL(/\/myorders$/);
  await confirmed;
  const order = page
    .getByRole('listitem')
    .filter({ hasText: `${productName} × ${quantity}` })
    .first();
  await expect(order).toBeVisible();
  const orderId = Number(((await order.getAttribute('aria-label')) ?? '').match(/\d+/)?.[0] ?? 0);
  expect(orderId).toBeGreaterThan(0);
  return { order, orderId };
}

/**
 * Checkout's delivery details (CONTRACT.md §7): pre-filled from the profile; a farmer without a saved
 * address gets `address` in `province`.
 */
export async function fillDelivery(
  page: Page,
  {
    province = 'دمشق',
    address = 'دمشق، المزة، شارع الجلاء',
    note,
  }: { province?: string; address?: string; note?: string } = {},
) {
  const field = page.getByLabel('العنوان (المنطقة، الشارع، أقرب معلم)');
  await expect(field).toBeVisible();
  if ((await field.inputValue()) === '') {
    await page.getByLabel('المحافظة').selectOption({ label: province });
    await field.fill(address);
  }
  if (note) await page.getByLabel('ملاحظة للمتجر (اختياري)').fill(note);
}

/** The public list of each store type: pharmacies /leaf, clinics /bone, nurseries /farm. */
const LIST_OF_TYPE: Record<number, string> = { 0: '/leaf', 1: '/bone', 3: '/farm' };

/** Opens (or continues) the conversation with a store from its card on its list; resolves to its id. */
export async function openChatWithStore(
  page: Page,
  store: { name_store: string; city: number; type: number },
): Promise<number> {
  await page.goto(`${LIST_OF_TYPE[store.type] ?? '/leaf'}?city=${store.city}`);
  await hydrated(page); // a server-rendered page: a tap before React has it does nothing
  const card = page.getByRole('article').filter({ hasText: store.name_store });
  await card.getByRole('link', { name: /مراسلة|متابعة المحادثة/ }).click();
  await expect(page).toHaveURL(/\/chat\/\d+$/);
  await expect(page.getByRole('list', { name: 'الرسائل' })).toBeVisible();
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/** Sends a text message from the open thread. */
export async function sendChatMessage(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'اكتب رسالتك…' }).fill(text);
  await page.getByRole('button', { name: 'إرسال' }).click();
  await expect(page.getByRole('list', { name: 'الرسائل' }).getByText(text)).toBeVisible();
}
