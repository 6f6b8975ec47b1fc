import { expect, test } from './support/fixtures';

const uniquePhone = () => `09${String(Date.now()).slice(-8)}`;

test.describe('register', () => {
  test('a farmer registers and lands on the home page, signed in', async ({ page }) => {
    await page.goto('/createAcount');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByLabel('رقم الهاتف').fill(uniquePhone());
    await page.getByLabel('الاسم').fill('مزارع الاختبار');
    await page.getByText('مزارع', { exact: true }).click();
    await page.getByLabel('كلمة المرور', { exact: true }).fill('farm1234');
    await page.getByLabel('تأكيد كلمة المرور').fill('farm1234');
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await expect(page.getByText('تم انشاء الحساب بنجاح')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'تسجيل الخروج' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    // Farmers have no dashboard link.
    await expect(page.getByRole('link', { name: 'لوحة التحكم' })).toHaveCount(0);
  });

  test('a doctor registers and goes to the store form', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('رقم الهاتف').fill(uniquePhone());
    await page.getByLabel('الاسم').fill('صيدلية الاختبار');
    await page.getByText('طبيب / صيدلية').click();
    await page.getByLabel('كلمة المرور', { exact: true }).fill('doc12345');
    await page.getByLabel('تأكيد كلمة المرور').fill('doc12345');
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await expect(page).toHaveURL(/\/bone\/add$/);
  });

  test('errors show only after a field was touched; a taken phone is refused in Arabic', async ({ page }) => {
    await page.goto('/createAcount');
    await expect(page.getByText('هذا الحقل مطلوب')).toHaveCount(0);
    await page.getByLabel('رقم الهاتف').fill('0944444444');
    await page.getByLabel('الاسم').focus();
    await expect(page.getByText('هذا الحقل مطلوب')).toHaveCount(0);
    await page.getByLabel('الاسم').blur();
    await expect(page.getByText('هذا الحقل مطلوب')).toHaveCount(1);
    await page.getByLabel('الاسم').fill('مكرر');
    await page.getByText('مزارع', { exact: true }).click();
    await page.getByLabel('كلمة المرور', { exact: true }).fill('farm1234');
    await page.getByLabel('تأكيد كلمة المرور').fill('farm1234');
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await expect(page.getByText('رقم الهاتف مسجل مسبقاً')).toBeVisible();
    await expect(page).toHaveURL(/\/createAcount$/);
  });

  test('login redirects a store account to its dashboard and a farmer home', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('رقم الهاتف').fill('0911111111');
    await page.getByLabel('كلمة المرور').fill('store1234');
    await page.getByRole('button', { name: 'دخول' }).click();
    await expect(page).toHaveURL(/\/blog\/list$/);
  });
});
