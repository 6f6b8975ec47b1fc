import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useSearchParams } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createProduct } from '@test/factories';
import { renderWithProviders } from '@test/render';
import { useCart } from '@/stores/cart';
import { useSession } from '@/stores/session';
import { signInForTest } from '@test/session';
import { createUser } from '@test/factories';
import { QuantityDialog } from '@/features/products/components/quantity-dialog';
import StoreProductsRoute from '@/features/products/routes/store-products';

const notify = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), error: vi.fn() }));
vi.mock('@/components/ui/toaster', () => ({ notify }));
const apiGet = vi.hoisted(() => vi.fn());
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  apiGet,
}));

beforeEach(() => {
  notify.success.mockReset();
  notify.info.mockReset();
  localStorage.clear();
  useCart.setState({ carts: {} });
  useSession.getState().clear();
  apiGet.mockReset();
  apiGet.mockImplementation(async (path: string) =>
    path.startsWith('store/reviews/')
      ? { data: [], current_page: 1, last_page: 1, per_page: 10, total: 0 }
      : {
          store: {
            id: 3,
            name_store: 'صيدلية الربيع',
            city_name: 'حمص',
            address: 'الشارع',
            available: true,
            rating_avg: 4.5,
            rating_count: 2,
            verified: true,
          },
          data: [createProduct({ id: 5, name: 'بذور قمح', store_id: 3 })],
          current_page: 1,
          last_page: 1,
          per_page: 10,
          total: 1,
        },
  );
});

describe('quantity dialog', () => {
  it('refuses a quantity under 1 and confirms a valid one', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderWithProviders(<QuantityDialog product={createProduct()} onClose={() => {}} onConfirm={onConfirm} />);
    const input = await screen.findByLabelText('الكمية');
    await user.clear(input);
    await user.type(input, '0');
    await user.click(screen.getByRole('button', { name: 'أضف إلى السلة' }));
    expect(await screen.findByText('الكمية يجب أن تكون 1 على الأقل')).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();

    await user.clear(input);
    await user.type(input, '3');
    await user.click(screen.getByRole('button', { name: 'أضف إلى السلة' }));
    expect(onConfirm).toHaveBeenCalledWith(3);
  });

  it('takes Arabic-Indic and Persian digits (shown as 0-9) from a text field with the numeric keypad', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderWithProviders(<QuantityDialog product={createProduct()} onClose={() => {}} onConfirm={onConfirm} />);
    const input = await screen.findByLabelText('الكمية');
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    await user.clear(input);
    await user.type(input, '١٢');
    expect(input).toHaveValue('12');
    await user.clear(input);
    await user.type(input, '۳');
    expect(input).toHaveValue('3');
    await user.click(screen.getByRole('button', { name: 'أضف إلى السلة' }));
    expect(onConfirm).toHaveBeenCalledWith(3);
  });
  it('refuses 1.5 visibly (the point stays, «الكمية عدد صحيح» at once) instead of reading it as 15', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderWithProviders(<QuantityDialog product={createProduct()} onClose={() => {}} onConfirm={onConfirm} />);
    const input = await screen.findByLabelText('الكمية');
    await user.clear(input);
    await user.type(input, '1.5');
    expect(input).toHaveValue('1.5');
    expect(screen.getByText('الكمية عدد صحيح، بلا فاصلة عشرية')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'أضف إلى السلة' }));
    expect(onConfirm).not.toHaveBeenCalled();
    // the Arabic decimal separator and a comma are points too
    for (const typed of ['١٫٥', '1,5']) {
      await user.clear(input);
      await user.type(input, typed);
      expect(input).toHaveValue('1.5');
      await user.click(screen.getByRole('button', { name: 'أضف إلى السلة' }));
      expect(onConfirm).not.toHaveBeenCalled();
    }
    await user.clear(input);
    await user.type(input, '2');
    expect(screen.queryByText('الكمية عدد صحيح، بلا فاصلة عشرية')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'أضف إلى السلة' }));
    expect(onConfirm).toHaveBeenCalledExactlyOnceWith(2);
  });

  it('shows the price as «6.00 $» in a left-to-right isolate', async () => {
    renderWithProviders(
      <QuantityDialog product={createProduct({ price_cents: 600 })} onClose={() => {}} onConfirm={() => {}} />,
    );
    const price = (await screen.findByText(/^السعر:/)).querySelector('bdi');
    expect(price).toHaveAttribute('dir', 'ltr');
    expect(price).toHaveTextContent(/^6\.00 \$$/);
  });
});

function LoginProbe() {
  const [params] = useSearchParams();
  return <p>login page {params.get('next')}</p>;
}

function Where() {
  const [params] = useSearchParams();
  return <output data-testid="search">{params.toString()}</output>;
}

function renderStore(route = '/products/3') {
  return renderWithProviders(
    <Routes>
      <Route
        path="/products/:id"
        element={
          <>
            <StoreProductsRoute />
            <Where />
          </>
        }
      />
      <Route path="/login" element={<LoginProbe />} />
      <Route path="/cart/:id" element={<p data-testid="cart-page">cart</p>} />
    </Routes>,
    { route },
  );
}

describe('adding to the cart on a store page', () => {
  it("logged out: 'يرجى تسجيل الدخول أولاً' then /login?next=this store's page with the product to order", async () => {
    const user = userEvent.setup();
    renderStore();
    await user.click(await screen.findByRole('button', { name: 'اطلب: بذور قمح' }));
    expect(notify.info).toHaveBeenCalledWith('يرجى تسجيل الدخول أولاً');
    expect(await screen.findByText('login page /products/3?order=5')).toBeInTheDocument();
    expect(useCart.getState().carts).toEqual({});
  });

  it("shows the store's rating, its verified badge, and a store taking no orders as such", async () => {
    renderStore();
    expect(await screen.findByRole('img', { name: 'التقييم 4.5 من 5، 2 تقييم' })).toBeInTheDocument();
    expect(screen.getByText('متجر موثّق')).toBeInTheDocument();
    expect(screen.queryByTestId('store-unavailable')).toBeNull();
    expect(await screen.findByText('لا توجد تقييمات لهذا المتجر بعد')).toBeInTheDocument();
  });

  it('signed in: the dialog adds the product to the cart', async () => {
    const user = userEvent.setup();
    signInForTest({ token: 'tok', user: createUser() });
    renderStore();
    await user.click(await screen.findByRole('button', { name: 'اطلب: بذور قمح' }));
    await user.click(await screen.findByRole('button', { name: 'أضف إلى السلة' }));
    await waitFor(() => expect(useCart.getState().carts[3]?.items).toHaveLength(1));
    expect(useCart.getState().carts[3]?.store_name).toBe('صيدلية الربيع');
    // The toast carries the way to the cart (on a phone it sits over the page's «السلة (n)»).
    expect(notify.success).toHaveBeenCalledWith('تم اضافة العنصر الى السلة', {
      button: { label: 'عرض السلة', onClick: expect.any(Function) },
    });
    const [, options] = notify.success.mock.calls[0];
    act(() => options.button.onClick());
    expect(await screen.findByTestId('cart-page')).toBeInTheDocument();
  });

  it("back from sign-in with ?order={id}: that product's dialog opens by itself, and the intent leaves the URL", async () => {
    const user = userEvent.setup();
    signInForTest({ token: 'tok', user: createUser() });
    renderStore('/products/3?page=1&order=5');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('بذور قمح');
    await user.click(screen.getByRole('button', { name: 'أضف إلى السلة' }));
    await waitFor(() =>
      expect(useCart.getState().carts[3]?.items).toEqual([expect.objectContaining({ product_id: 5 })]),
    );
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent(/^page=1$/));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a product of ?order= not on this page is fetched; one of another store is ignored', async () => {
    signInForTest({ token: 'tok', user: createUser() });
    const base = await apiGet('store/get-page/3');
    apiGet.mockImplementation(async (path: string) => {
      if (path === 'product/get/9') return createProduct({ id: 9, name: 'سماد عضوي', store_id: 3 });
      if (path === 'product/get/10') return createProduct({ id: 10, name: 'مبيد', store_id: 4 });
      return path.startsWith('store/reviews/')
        ? { data: [], current_page: 1, last_page: 1, per_page: 10, total: 0 }
        : base;
    });
    const first = renderStore('/products/3?order=9');
    expect(await screen.findByRole('dialog')).toHaveTextContent('سماد عضوي');
    first.unmount();
    renderStore('/products/3?order=10');
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent(/^$/));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("opening a store's page keeps every cart, its own and other stores'", async () => {
    useCart.getState().add(4, { product_id: 1, quantity: 2, name: 'سماد', price_cents: 100 });
    useCart.getState().add(3, { product_id: 5, quantity: 1, name: 'بذور قمح', price_cents: 100 });
    renderStore();
    await screen.findByRole('button', { name: 'اطلب: بذور قمح' });
    expect(useCart.getState().carts[4]?.items).toHaveLength(1);
    expect(useCart.getState().carts[3]?.items).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'السلة (1)' })).toHaveAttribute('href', '/cart/3');
  });

  it('a store taking no orders says so, and its order button does not open the dialog', async () => {
    const user = userEvent.setup();
    signInForTest({ token: 'tok', user: createUser() });
    const base = await apiGet('store/get-page/3');
    apiGet.mockImplementation(async (path: string) =>
      path.startsWith('store/reviews/')
        ? { data: [], current_page: 1, last_page: 1, per_page: 10, total: 0 }
        : { ...base, store: { ...base.store, available: false } },
    );
    renderStore();
    expect(await screen.findByTestId('store-unavailable')).toHaveTextContent('هذا المتجر لا يستقبل طلبات حالياً');
    await user.click(await screen.findByRole('button', { name: 'اطلب: بذور قمح' }));
    expect(notify.info).toHaveBeenCalledWith('هذا المتجر لا يستقبل طلبات حالياً', expect.any(String));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('an empty store says what is empty and offers the store list', async () => {
    apiGet.mockImplementation(async (path: string) =>
      path.startsWith('store/reviews/')
        ? { data: [], current_page: 1, last_page: 1, per_page: 10, total: 0 }
        : {
            store: { id: 3, name_store: 'صيدلية', type: 1, available: true, rating_avg: null, rating_count: 0 },
            data: [],
            current_page: 1,
            last_page: 1,
            per_page: 10,
            total: 0,
          },
    );
    renderStore();
    expect(await screen.findByText('لا توجد منتجات في هذا المتجر بعد')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'تصفح الصيدليات الزراعية' })).toHaveAttribute('href', '/leaf');
  });
});
