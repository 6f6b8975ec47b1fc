import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { useCart } from '../../../stores/cart';
import CartRoute from '../routes/cart';

const notify = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), error: vi.fn() }));
vi.mock('../../../components/ui/toaster', () => ({ notify }));

const placeOrder = vi.hoisted(() => vi.fn());
vi.mock('../api/place-order', () => ({ placeOrder }));

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function renderCart() {
  return renderWithProviders(
    <Routes>
      <Route path="/cart/:id" element={<CartRoute />} />
      <Route path="/myorders" element={<p>my orders page</p>} />
    </Routes>,
    { route: '/cart/3' },
  );
}

beforeEach(() => {
  notify.success.mockReset();
  notify.error.mockReset();
  placeOrder.mockReset();
  useCart.getState().clear();
});

describe('cart page', () => {
  it("says 'السلة فارغة' when the cart is empty (or belongs to another store)", () => {
    useCart.getState().add(4, { product_id: 1, quantity: 1, name: 'سماد', price_cents: 100 });
    renderCart();
    expect(screen.getByText('السلة فارغة')).toBeInTheDocument();
  });

  it('shows the total with 2 decimals', () => {
    useCart.getState().add(3, { product_id: 1, quantity: 3, name: 'بذور', price_cents: 1250 });
    useCart.getState().add(3, { product_id: 2, quantity: 1, name: 'سماد', price_cents: 5 });
    renderCart();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('37.55');
  });

  it("places the order: locked while pending, then the 'added' toast, an empty cart and /myorders", async () => {
    const user = userEvent.setup();
    const ack = deferred<unknown>();
    placeOrder.mockReturnValue({ client_id: 'c-1', result: ack.promise });
    useCart.getState().add(3, { product_id: 1, quantity: 2, name: 'بذور', price_cents: 1250 });
    renderCart();
    await user.click(screen.getByRole('button', { name: 'إرسال الطلب' }));
    expect(placeOrder).toHaveBeenCalledWith(3, [{ product_id: 1, quantity: 2, name: 'بذور', price_cents: 1250 }]);
    expect(useCart.getState().pending?.client_id).toBe('c-1');
    // A second click cannot order the same cart again.
    await user.click(screen.getByRole('button', { name: /إرسال الطلب|جارٍ إرسال الطلب/ }));
    expect(placeOrder).toHaveBeenCalledTimes(1);

    ack.resolve({ order: { id: 1 } });
    expect(await screen.findByText('my orders page')).toBeInTheDocument();
    expect(notify.success).toHaveBeenCalledWith('تمت إضافة الطلب');
    expect(useCart.getState().items).toEqual([]);
  });

  it('a refused order shows an error toast and unlocks the cart', async () => {
    const user = userEvent.setup();
    placeOrder.mockImplementation(() => ({ client_id: 'c-2', result: Promise.reject(new Error('المنتج غير متوفر')) }));
    useCart.getState().add(3, { product_id: 1, quantity: 2, name: 'بذور', price_cents: 1250 });
    renderCart();
    await user.click(screen.getByRole('button', { name: 'إرسال الطلب' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(new Error('المنتج غير متوفر'), 'فشل الطلب'));
    expect(useCart.getState().pending).toBeNull();
    expect(useCart.getState().items).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'إرسال الطلب' })).toBeEnabled();
  });
});
