import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createProduct } from '../../../../test/factories';
import { renderWithProviders } from '../../../../test/render';
import { useCart } from '../../../stores/cart';
import { useSession } from '../../../stores/session';
import { createUser } from '../../../../test/factories';
import { QuantityDialog } from '../components/quantity-dialog';
import StoreProductsRoute from '../routes/store-products';

const notify = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), error: vi.fn() }));
vi.mock('../../../components/ui/toaster', () => ({ notify }));
const apiGet = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api-client', () => ({ apiGet }));

beforeEach(() => {
  notify.success.mockReset();
  notify.info.mockReset();
  useCart.getState().clear();
  useSession.getState().clear();
  apiGet.mockReset();
  apiGet.mockResolvedValue({
    store: { id: 3, name_store: 'صيدلية الربيع', city_name: 'حمص', address: 'الشارع' },
    data: [createProduct({ id: 5, name: 'بذور قمح' })],
    current_page: 1,
    last_page: 1,
    per_page: 10,
    total: 1,
  });
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
});

function renderStore() {
  return renderWithProviders(
    <Routes>
      <Route path="/products/:id" element={<StoreProductsRoute />} />
      <Route path="/login" element={<p>login page</p>} />
    </Routes>,
    { route: '/products/3' },
  );
}

describe('adding to the cart on a store page', () => {
  it("logged out: 'يرجى تسجيل الدخول اولا' then /login", async () => {
    const user = userEvent.setup();
    renderStore();
    await user.click(await screen.findByRole('button', { name: 'اطلب: بذور قمح' }));
    expect(notify.info).toHaveBeenCalledWith('يرجى تسجيل الدخول اولا');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(useCart.getState().items).toEqual([]);
  });

  it('signed in: the dialog adds the product to the cart', async () => {
    const user = userEvent.setup();
    useSession.getState().setSession({ token: 'tok', user: createUser() });
    renderStore();
    await user.click(await screen.findByRole('button', { name: 'اطلب: بذور قمح' }));
    await user.click(await screen.findByRole('button', { name: 'أضف إلى السلة' }));
    await waitFor(() => expect(useCart.getState().items).toHaveLength(1));
    expect(notify.success).toHaveBeenCalledWith('تم اضافة العنصر الى السلة');
  });

  it('keeps a cart whose order is pending', async () => {
    useCart.getState().add(4, { product_id: 1, quantity: 2, name: 'سماد', price_cents: 100 });
    useCart.getState().markPending('c-1');
    renderStore();
    await screen.findByRole('button', { name: 'اطلب: بذور قمح' });
    expect(useCart.getState().items).toHaveLength(1);
    expect(useCart.getState().store_id).toBe(4);
  });
});
