import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createProduct, createUser } from '@test/factories';
import { renderWithProviders } from '@test/render';
import { ApiError } from '@/lib/api-error';
import { useCart } from '@/stores/cart';
import { signInForTest, setTestUser } from '@test/session';
import { readSavedUser } from '@/lib/saved-user';
import { placeCartOrder } from '@/features/cart/lib/pending-order';
import CartRoute from '@/features/cart/routes/cart';
import CartsRoute from '@/features/cart/routes/carts';

const notify = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), error: vi.fn() }));
vi.mock('@/components/ui/toaster', () => ({ notify }));

const placeOrder = vi.hoisted(() => vi.fn());
vi.mock('@/api/orders', async (importOriginal) => ({ ...(await importOriginal<object>()), placeOrder }));

const api = vi.hoisted(() => ({ apiGet: vi.fn(), apiPost: vi.fn() }));
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  ...api,
}));

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const notFound = () => new ApiError(404, 'غير موجود', 'not_found');

/** The API as the cart page sees it: store 3 available, products at the prices given (missing → 404). */
function serve(prices: Record<number, number>, store: Record<string, unknown> = {}) {
  api.apiGet.mockImplementation(async (path: string) => {
    const product = /^product\/get\/(\d+)$/.exec(path);
    if (product) {
      const id = Number(product[1]);
      if (!(id in prices)) throw notFound();
      return createProduct({ id, store_id: 3, price_cents: prices[id] });
    }
    if (path === 'store/get/3')
      return { id: 3, name_store: 'صيدلية الربيع', available: true, rating_avg: null, rating_count: 0, ...store };
    throw notFound();
  });
}

function renderCart(route = '/cart/3') {
  return renderWithProviders(
    <Routes>
      <Route path="/cart" element={<CartsRoute />} />
      <Route path="/cart/:id" element={<CartRoute />} />
      <Route path="/myorders" element={<p>my orders page</p>} />
    </Routes>,
    { route },
  );
}

const seeds = { product_id: 1, quantity: 2, name: 'بذور', price_cents: 1250 };

beforeEach(() => {
  notify.success.mockReset();
  notify.error.mockReset();
  placeOrder.mockReset();
  api.apiGet.mockReset();
  api.apiPost.mockReset();
  localStorage.clear();
  useCart.setState({ carts: {} });
  signInForTest({
    token: 'tok',
    user: createUser({ id: 7, phone: '0944444444', province: 4, address: 'حمص، الوعر' }),
  });
  serve({ 1: 1250, 2: 5 });
});

describe('cart page', () => {
  it("says 'السلة فارغة' when this store's cart is empty, and offers the store's products", () => {
    useCart.getState().add(4, { ...seeds, product_id: 9 });
    renderCart();
    expect(screen.getByText('السلة فارغة')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'تصفح منتجات المتجر' })).toHaveAttribute('href', '/products/3');
  });

  it('shows the total with 2 decimals', async () => {
    useCart.getState().add(3, { ...seeds, quantity: 3 });
    useCart.getState().add(3, { product_id: 2, quantity: 1, name: 'سماد', price_cents: 5 });
    renderCart();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('37.55');
    expect(await screen.findByRole('heading', { level: 1, name: 'سلة صيدلية الربيع' })).toBeInTheDocument();
  });

  it('a line reads «3 × 12.50 $ = 37.50 $» in the page direction, each amount a left-to-right isolate', () => {
    useCart.getState().add(3, { ...seeds, quantity: 3 });
    renderCart();
    const line = screen.getByTestId('line-total');
    // not a left-to-right paragraph: in Arabic it reads from the right, the quantity first
    expect(line).not.toHaveAttribute('dir');
    expect(line).toHaveTextContent('3 × 12.50 $ = 37.50 $');
    const amounts = [...line.querySelectorAll('bdi')];
    expect(amounts.map((b) => [b.getAttribute('dir'), b.textContent])).toEqual([
      ['ltr', '12.50 $'],
      ['ltr', '37.50 $'],
    ]);
  });

  it("pre-fills the delivery from the farmer's profile and sends it with the order", async () => {
    const user = userEvent.setup();
    const ack = deferred<unknown>();
    placeOrder.mockReturnValue({ client_id: 'c-1', result: ack.promise });
    useCart.getState().add(3, seeds);
    useCart.getState().add(5, { ...seeds, product_id: 40 });
    renderCart();
    expect(screen.getByLabelText('المحافظة')).toHaveValue('4');
    expect(screen.getByLabelText('العنوان (المنطقة، الشارع، أقرب معلم)')).toHaveValue('حمص، الوعر');
    expect(screen.getByLabelText('رقم الهاتف للتوصيل')).toHaveValue('0944444444');
    await user.type(screen.getByLabelText('ملاحظة للمتجر (اختياري)'), 'اتصل قبل الوصول');
    await user.click(screen.getByRole('button', { name: 'إرسال الطلب' }));
    await waitFor(() =>
      expect(placeOrder).toHaveBeenCalledWith(3, [seeds], {
        province: 4,
        address: 'حمص، الوعر',
        phone: '0944444444',
        note: 'اتصل قبل الوصول',
      }),
    );
    expect(useCart.getState().carts[3]?.pending?.client_id).toBe('c-1');
    // Locked: a second click cannot order the same cart again.
    await user.click(screen.getByRole('button', { name: /إرسال الطلب|جارٍ إرسال الطلب/ }));
    expect(placeOrder).toHaveBeenCalledTimes(1);
    // The address was already in the profile (nothing asked to save it).
    expect(api.apiPost).not.toHaveBeenCalled();

    ack.resolve({ id: 1 });
    expect(await screen.findByText('my orders page')).toBeInTheDocument();
    expect(notify.success).toHaveBeenCalledWith('تمت إضافة الطلب', { action: 'order-place' });
    // Only this store's cart is emptied.
    expect(useCart.getState().carts[3]).toBeUndefined();
    expect(useCart.getState().carts[5]?.items).toHaveLength(1);
  });

  it('takes a phone typed in Arabic-Indic digits as 0-9, and saves the address to the profile on request', async () => {
    const user = userEvent.setup();
    setTestUser(createUser({ id: 7, phone: '0944444444', province: null, address: null }));
    placeOrder.mockReturnValue({ client_id: 'c-2', result: new Promise(() => {}) });
    api.apiPost.mockResolvedValue({ user: createUser({ id: 7, province: 1, address: 'دمشق، المزة' }) });
    useCart.getState().add(3, seeds);
    renderCart();
    const phone = screen.getByLabelText('رقم الهاتف للتوصيل');
    expect(phone).toHaveAttribute('inputmode', 'tel');
    await user.clear(phone);
    await user.type(phone, '٠٩٣٣١٢٣٤٥٦');
    expect(phone).toHaveValue('0933123456');
    // Without an address the order is refused beside the fields.
    await user.click(screen.getByRole('button', { name: 'إرسال الطلب' }));
    expect(await screen.findAllByText('هذا الحقل مطلوب')).toHaveLength(2);
    expect(placeOrder).not.toHaveBeenCalled();

    await user.selectOptions(screen.getByLabelText('المحافظة'), 'دمشق');
    await user.type(screen.getByLabelText('العنوان (المنطقة، الشارع، أقرب معلم)'), 'دمشق، المزة');
    // No saved address: "save it" starts ticked.
    expect(screen.getByRole('checkbox', { name: 'احفظ هذا العنوان في حسابي' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'إرسال الطلب' }));
    await waitFor(() =>
      expect(placeOrder).toHaveBeenCalledWith(3, [seeds], {
        province: 1,
        address: 'دمشق، المزة',
        phone: '0933123456',
        note: null,
      }),
    );
    await waitFor(() =>
      expect(api.apiPost).toHaveBeenCalledWith(
        'user/update/7',
        { province: 1, address: 'دمشق، المزة' },
        expect.anything(),
      ),
    );
    await waitFor(() => expect(readSavedUser()?.address).toBe('دمشق، المزة'));
  });

  it('flags a product deleted or re-priced since it was added, and orders only once they are dealt with', async () => {
    const user = userEvent.setup();
    serve({ 1: 1500 });
    placeOrder.mockReturnValue({ client_id: 'c-3', result: new Promise(() => {}) });
    useCart.getState().add(3, seeds);
    useCart.getState().add(3, { product_id: 2, quantity: 1, name: 'سماد', price_cents: 5 });
    renderCart();
    expect(await screen.findByText('هذا المنتج لم يعد متوفراً في المتجر، احذفه من السلة')).toBeInTheDocument();
    // each price a left-to-right isolate (LRI … PDI) in the Arabic sentence: «12.50 $», never «$ 12.50»
    expect(
      await screen.findByText('تغيّر السعر: كان \u206612.50 $\u2069 وأصبح \u206615.00 $\u2069'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إرسال الطلب' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'اعتمد السعر الجديد' }));
    await user.click(screen.getByRole('button', { name: 'حذف: سماد' }));
    expect(useCart.getState().carts[3]?.items).toEqual([{ ...seeds, price_cents: 1500 }]);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('30.00');
    await user.click(screen.getByRole('button', { name: 'إرسال الطلب' }));
    await waitFor(() => expect(placeOrder).toHaveBeenCalledTimes(1));
  });

  it('a store taking no orders says so and locks the checkout', async () => {
    serve({ 1: 1250 }, { available: false });
    useCart.getState().add(3, seeds);
    renderCart();
    expect(await screen.findByTestId('store-unavailable')).toHaveTextContent('هذا المتجر لا يستقبل طلبات حالياً');
    expect(screen.getByRole('button', { name: 'إرسال الطلب' })).toBeDisabled();
  });

  /** Places store 3's cart; the outbox stores the order while the browser's URL is `path`. */
  async function orderStoredWhileOn(path: string) {
    const ack = deferred<unknown>();
    placeOrder.mockReturnValue({ client_id: 'c-2', result: ack.promise });
    useCart.getState().add(3, seeds);
    placeCartOrder(3, [seeds], { province: 4, address: 'حمص، الوعر', phone: '0944444444' });
    window.history.pushState({}, '', path);
    ack.resolve({ id: 2 });
    await waitFor(() => expect(useCart.getState().carts[3]).toBeUndefined());
  }

  it('goes to /myorders when the order is stored while the page is still loading (the URL already its own)', async () => {
    // the farmer tapped the cart's link: react-router changed the URL, the screen's chunk still loading
    await orderStoredWhileOn('/cart/3');
    renderCart();
    expect(await screen.findByText('my orders page')).toBeInTheDocument();
  });

  it('stays on an empty cart whose order was stored while the farmer was elsewhere', async () => {
    await orderStoredWhileOn('/leaf');
    renderCart();
    expect(screen.getByText('السلة فارغة')).toBeInTheDocument();
    expect(screen.queryByText('my orders page')).toBeNull();
  });

  it('a refused order shows an error toast and unlocks the cart', async () => {
    const user = userEvent.setup();
    placeOrder.mockImplementation(() => ({ client_id: 'c-4', result: Promise.reject(new Error('المتجر غير متاح')) }));
    useCart.getState().add(3, seeds);
    renderCart();
    await user.click(screen.getByRole('button', { name: 'إرسال الطلب' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(new Error('المتجر غير متاح'), 'فشل الطلب', { action: 'order-place' }),
    );
    expect(useCart.getState().carts[3]).toMatchObject({ pending: null, items: [seeds] });
    await waitFor(() => expect(screen.getByRole('button', { name: 'إرسال الطلب' })).toBeEnabled());
  });
});

describe('/cart: every store cart', () => {
  it('lists the carts by store with their totals and links to each checkout', () => {
    useCart.getState().add(3, seeds, 'صيدلية الربيع');
    useCart.getState().add(5, { product_id: 40, quantity: 1, name: 'لقاح', price_cents: 300 }, 'عيادة حمص');
    renderCart('/cart');
    const list = screen.getByRole('list', { name: 'السلال' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('صيدلية الربيع');
    expect(items[0]).toHaveTextContent('25.00 $');
    expect(within(list).getByRole('link', { name: 'إتمام الطلب: عيادة حمص' })).toHaveAttribute('href', '/cart/5');
  });

  it('says the cart is empty and offers the stores', () => {
    renderCart('/cart');
    expect(screen.getByText('سلتك فارغة، لم تضف أي منتج بعد')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'تصفح الصيدليات الزراعية' })).toBeInTheDocument();
  });
});
