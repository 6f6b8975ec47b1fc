/**
 * A visitor's intent survives sign-in (issue 24 item 2), at 360 px: «اطلب» on a store's page or a
 * product's page sends them to /login and, after login or register, back to that page with the product's
 * quantity dialog open (then the product is in the cart); «مراسلة» on a store's page or a product's page
 * lands them, after login or register, in the chat with that store; «اسأل المتجر عن هذا المنتج» asks them
 * once back, then sends the product's card into that chat. All work when tapped before the page's code
 * has run (a link, and a form's submit button), as does the top bar's search.
 */
import type { Conversation, Paged, Product } from '@agrivet/shared';
import type { Browser, Locator, Page } from '@playwright/test';
import {
  apiCall,
  apiLogin,
  DEMO,
  expect,
  expectNotHydrated,
  hydrated,
  signedInContext,
  test,
} from './support/fixtures';

const PHONE = { width: 360, height: 740 };
const uniquePhone = () => `09${String(Date.now()).slice(-8)}`;

/** A new farmer (the demo farmer's chats and orders are other tests' business). */
async function newFarmer() {
  const who = { phone: uniquePhone(), password: 'farmer1234' };
  await apiCall('auth/register', {
    body: {
      phone: who.phone,
      name: 'مزارع النية',
      type: 2,
      password: who.password,
      password_confirmation: who.password,
    },
  });
  return who;
}

async function pharmacy() {
  const owner = await apiLogin(DEMO.pharmacy);
  const storeId = owner.user.store?.id ?? 0;
  const products = await apiCall<Paged<Product>>(`product/getAll?store_id=${storeId}`);
  return { storeId, products: products.data };
}

async function logIn(page: Page, who: { phone: string; password: string }) {
  await expect(page).toHaveURL(/\/login\?next=/);
  await expect(page.getByRole('button', { name: 'دخول' })).toBeVisible();
  await page.getByLabel('رقم الهاتف').fill(who.phone);
  await page.getByLabel('كلمة المرور').fill(who.password);
  await page.getByRole('button', { name: 'دخول' }).click();
}

async function register(page: Page) {
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByRole('link', { name: 'إنشاء حساب' }).click();
  await expect(page).toHaveURL(/\/createAcount\?next=/);
  // The screen is a lazy chunk: the login form stays on screen until it is in.
  await expect(page.getByRole('heading', { level: 1, name: 'إنشاء حساب' })).toBeVisible();
  const who = { phone: uniquePhone(), password: 'farm1234' };
  await page.getByLabel('رقم الهاتف').fill(who.phone);
  await page.getByLabel('الاسم').fill('مزارع جديد');
  await page.getByText('مزارع', { exact: true }).click();
  await page.getByLabel('كلمة المرور', { exact: true }).fill(who.password);
  await page.getByLabel('تأكيد كلمة المرور').fill(who.password);
  await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
  return who;
}

/** The quantity dialog of `name` is open: add `quantity`, and the product is in that store's cart. */
async function addFromDialog(page: Page, name: string, productId: number, quantity: number) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name })).toBeVisible();
  await dialog.getByLabel('الكمية').fill(String(quantity));
  await dialog.getByRole('button', { name: 'أضف إلى السلة' }).click();
  await expect(page.getByText('تم اضافة العنصر الى السلة').first()).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // The intent left the URL: a reload does not open the dialog again.
  await expect(page).not.toHaveURL(/order=/);
  const cart = JSON.parse((await page.evaluate(() => localStorage.getItem('cart'))) ?? '{}');
  expect(JSON.stringify(cart)).toContain(`"product_id":${productId},"quantity":${quantity}`);
}

/**
 * Holds the page's scripts back until `release()`: a server-rendered page is then all there is, as on a
 * slow phone before the page's code has run.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await held;
    await route.continue().catch(() => {}); // the first page's requests end with its navigation
  });
  return release;
}

/**
 * A new farmer, signed in, on a phone whose page at `url` is only the server's HTML so far (its scripts
 * held back, as on a slow phone before the page's code has run). `tapBeforeCode` taps a link or button
 * there — which goes by /login, as the page was rendered for a visitor, and /login sees the farmer signed
 * in and goes straight on: no form to fill — then lets the scripts run.
 */
async function farmerOnSlowPhone(browser: Browser, url: string) {
  const who = await newFarmer();
  const { context } = await signedInContext(browser, who, { viewport: PHONE });
  const page = await context.newPage();
  const release = await holdScripts(page);
  await page.goto(url, { waitUntil: 'commit' });
  const tapBeforeCode = async (target: Locator) => {
    await expect(target).toBeVisible();
    await expectNotHydrated(page);
    await target.click();
    await expect(page).toHaveURL(/\/login\?next=/);
    release();
  };
  return { who, context, page, tapBeforeCode };
}

/** The page is the chat with `storeId`, the caller's own conversation. */
async function inChatWith(page: Page, storeId: number, who: { phone: string; password: string }) {
  await expect(page).toHaveURL(/\/chat\/\d+$/);
  await expect(page.getByTestId('chat-screen')).toBeVisible();
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const { token } = await apiLogin(who);
  const mine = await apiCall<Conversation[]>('conversation/get-My-Conv', { token });
  const conversation = mine.find((c) => c.id === id);
  expect(conversation?.store_id).toBe(storeId);
  // Back does not return to the starting page: it was replaced.
  expect(page.url()).not.toContain('/chat/store/');
}

test('«اطلب» on a store page: after login the product’s quantity dialog is open, then it is in the cart', async ({
  browser,
  baseURL,
}) => {
  const who = await newFarmer();
  const { storeId, products } = await pharmacy();
  const product = products[products.length - 1];
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await context.newPage();
  await page.goto(`/products/${storeId}`);
  await hydrated(page);
  await page.getByRole('button', { name: `اطلب: ${product.name}` }).click();
  await expect(page.getByText('يرجى تسجيل الدخول أولاً').first()).toBeVisible();
  await logIn(page, who);
  await expect(page).toHaveURL(new RegExp(`/products/${storeId}\\?order=${product.id}$`));
  // Signed in, the prompt is answered: «تم تسجيل الدخول بنجاح» alone, not stacked over it.
  await expect(page.getByText('تم تسجيل الدخول بنجاح')).toBeVisible();
  await expect(page.getByText('يرجى تسجيل الدخول أولاً')).toHaveCount(0);
  await addFromDialog(page, product.name, product.id, 3);
  await expect(page).toHaveURL(new RegExp(`/products/${storeId}$`));
  await expect(page.getByRole('link', { name: 'السلة (3)' })).toBeVisible();
  await context.close();
});

test('«اطلب» on a product page, then register: back on the product with its dialog open', async ({
  browser,
  baseURL,
}) => {
  const { products } = await pharmacy();
  const product = products[0];
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await context.newPage();
  await page.goto(`/product/${product.id}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'اطلب' }).click();
  await register(page);
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}\\?order=${product.id}$`));
  await addFromDialog(page, product.name, product.id, 1);
  await context.close();
});

test('«مراسلة» on a store page: after login the visitor is in the chat with that store', async ({
  browser,
  baseURL,
}) => {
  const who = await newFarmer();
  const { storeId } = await pharmacy();
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await context.newPage();
  await page.goto(`/products/${storeId}`);
  await hydrated(page);
  await page.getByTestId('message-store').click();
  await logIn(page, who);
  await inChatWith(page, storeId, who);
  // The message box is there: the farmer can write at once.
  await expect(page.getByRole('textbox').last()).toBeVisible();
  await context.close();
});

test('«مراسلة» on a product page, then register: in the chat with its store', async ({ browser, baseURL }) => {
  const { storeId, products } = await pharmacy();
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await context.newPage();
  await page.goto(`/product/${products[0].id}`);
  await hydrated(page);
  await page.getByTestId('message-store').click();
  const who = await register(page);
  await inChatWith(page, storeId, who);
  await context.close();
});

test('«مراسلة» on a store card of a list, signed out: after login in that store’s chat', async ({
  browser,
  baseURL,
}) => {
  const who = await newFarmer();
  const { storeId } = await pharmacy();
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await context.newPage();
  await page.goto('/leaf');
  await hydrated(page);
  const store = await apiCall<{ name_store: string }>(`store/get/${storeId}`);
  await page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: store.name_store }) })
    .getByRole('link', { name: 'مراسلة' })
    .click();
  await logIn(page, who);
  await inChatWith(page, storeId, who);
  await context.close();
});

test('«مراسلة» on a list tapped before the page’s code has run (a slow phone): a signed-in farmer lands in that store’s chat', async ({
  browser,
}) => {
  const { storeId } = await pharmacy();
  const store = await apiCall<{ name_store: string }>(`store/get/${storeId}`);
  const { who, context, page, tapBeforeCode } = await farmerOnSlowPhone(browser, '/leaf');
  await tapBeforeCode(
    page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: store.name_store }) })
      .getByRole('link', { name: 'مراسلة' }),
  );
  await inChatWith(page, storeId, who);
  await context.close();
});

test('«اطلب» tapped before the page’s code has run (a slow phone): a signed-in farmer gets the quantity dialog, then the cart', async ({
  browser,
}) => {
  const { storeId, products } = await pharmacy();
  const product = products[0];
  const { context, page, tapBeforeCode } = await farmerOnSlowPhone(browser, `/products/${storeId}`);
  await tapBeforeCode(page.getByRole('button', { name: `اطلب: ${product.name}` }));
  await expect(page).toHaveURL(new RegExp(`/products/${storeId}\\?order=${product.id}$`));
  await addFromDialog(page, product.name, product.id, 2);
  await expect(page.getByRole('link', { name: 'السلة (2)' })).toBeVisible();
  await context.close();
});

/** Back on the product, the page asks before sending its card; sent, the chat with its store shows it. */
async function confirmAsk(page: Page, product: Product, storeId: number, who: { phone: string; password: string }) {
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText('إرسال هذا المنتج إلى');
  await expect(question).toContainText(product.name);
  // The intent left the URL: a reload does not ask again.
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}$`));
  await question.getByRole('button', { name: 'إرسال' }).click();
  await inChatWith(page, storeId, who);
  await expect(page.getByTestId('product-card').filter({ hasText: product.name })).toHaveCount(1);
}

test('«اسأل المتجر عن هذا المنتج», signed out: after login the farmer is asked once, then the card is in the chat', async ({
  browser,
  baseURL,
}) => {
  const who = await newFarmer();
  const { storeId, products } = await pharmacy();
  const product = products[0];
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await context.newPage();
  await page.goto(`/product/${product.id}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'اسأل المتجر عن هذا المنتج' }).click();
  await expect(page.getByText('سجّل الدخول لتسأل المتجر عن هذا المنتج').first()).toBeVisible();
  await logIn(page, who);
  await expect(page.getByText('تم تسجيل الدخول بنجاح')).toBeVisible();
  await expect(page.getByText('سجّل الدخول لتسأل المتجر عن هذا المنتج')).toHaveCount(0);
  await confirmAsk(page, product, storeId, who);
  await context.close();
});

test('«اسأل المتجر عن هذا المنتج» tapped before the page’s code has run (a slow phone): a signed-in farmer is asked, then in the chat', async ({
  browser,
}) => {
  const { storeId, products } = await pharmacy();
  const product = products[products.length - 1];
  const { who, context, page, tapBeforeCode } = await farmerOnSlowPhone(browser, `/product/${product.id}`);
  await tapBeforeCode(page.getByRole('button', { name: 'اسأل المتجر عن هذا المنتج' }));
  await confirmAsk(page, product, storeId, who);
  await context.close();
});

test('a search sent from the top bar before the page’s code has run arrives at its results', async ({
  browser,
  baseURL,
}) => {
  const { products } = await pharmacy();
  const word = products[0].name.split(' ')[0];
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await context.newPage();
  const release = await holdScripts(page);
  await page.goto('/blog', { waitUntil: 'commit' });
  const box = page.getByRole('search').getByRole('searchbox');
  await expect(box).toBeVisible();
  await expectNotHydrated(page);
  await box.fill(word);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${encodeURIComponent(word)}$`));
  release();
  await expect(page.getByRole('searchbox')).toHaveValue(word);
  await expect(page.getByRole('heading', { name: products[0].name }).first()).toBeVisible();
  await context.close();
});
