import type { Store } from '@agrivet/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProduct, createUser } from '@test/factories';
import { fakeApi, restoreApi } from '@test/fake-api';
import { expectIntentForm } from '@test/intent-form';
import { renderWithProviders } from '@test/render';
import { signInForTest } from '@test/session';
import { ConfirmDialogHost, confirm } from '@/components/ui/confirm-dialog';
import { notify } from '@/components/ui/toaster';
import { AskAboutProduct } from '@/features/products/components/ask-about-product';
import { useSession } from '@/stores/session';

// the real dialog, watched: whether the page asked at all
vi.mock('@/components/ui/confirm-dialog', async (original) => {
  const real = await original<typeof import('@/components/ui/confirm-dialog')>();
  return { ...real, confirm: vi.fn(real.confirm) };
});

const product = createProduct({ id: 5, name: 'بذور قمح', store_id: 3 });
const store = { id: 3, user_id: 30, name_store: 'صيدلية الربيع', conversation_id: 11 } as Store;

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

function renderAt(route: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route
          path="/product/:id"
          element={
            <>
              <AskAboutProduct product={product} store={store} />
              <Where />
            </>
          }
        />
        <Route path="*" element={<Where />} />
      </Routes>
      <ConfirmDialogHost />
    </>,
    { route },
  );
}

afterEach(() => {
  vi.mocked(confirm).mockClear();
  vi.restoreAllMocks();
  restoreApi();
  useSession.getState().clear();
});

describe('AskAboutProduct («اسأل المتجر عن هذا المنتج»)', () => {
  it("is the submit button of a GET form to /login, back to this product with ?ask={id}: a tap before the page's code runs goes somewhere", () => {
    renderAt('/product/5');
    expectIntentForm(screen.getByRole('button', { name: 'اسأل المتجر عن هذا المنتج' }), '/product/5?ask=5');
  });

  it('a visitor is told to sign in and goes to /login with the intent in `next`', async () => {
    const info = vi.spyOn(notify, 'info');
    renderAt('/product/5');
    await userEvent.setup().click(screen.getByRole('button', { name: 'اسأل المتجر عن هذا المنتج' }));
    expect(info).toHaveBeenCalledWith('سجّل الدخول لتسأل المتجر عن هذا المنتج');
    expect(screen.getByTestId('where')).toHaveTextContent(`/login?next=${encodeURIComponent('/product/5?ask=5')}`);
  });

  it('signed in, a tap sends the product card into the conversation and opens it', async () => {
    signInForTest({ token: 'tok', user: createUser() });
    const requests = fakeApi((req) => (req.path === 'message/create' ? { data: { id: 1 } } : undefined));
    renderAt('/product/5');
    await userEvent.setup().click(screen.getByRole('button', { name: 'اسأل المتجر عن هذا المنتج' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/chat/11'));
    expect(requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: 'message/create',
        body: expect.objectContaining({ conversation_id: 11, product_id: 5 }),
      }),
    ]);
  });

  it('back from sign-in with ?ask={id}: asks once before sending, and the intent leaves the URL', async () => {
    signInForTest({ token: 'tok', user: createUser() });
    const requests = fakeApi((req) => (req.path === 'message/create' ? { data: { id: 1 } } : undefined));
    renderAt('/product/5?ask=5');
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('هل تريد إرسال هذا المنتج إلى صيدلية الربيع لتسأل عنه؟');
    expect(dialog).toHaveTextContent('بذور قمح');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/product\/5$/);
    expect(requests).toEqual([]); // nothing is sent by a link alone
    await userEvent.setup().click(screen.getByRole('button', { name: 'إرسال' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/chat/11'));
    expect(requests.map((r) => r.path)).toEqual(['message/create']);
    expect(confirm).toHaveBeenCalledTimes(1);
  });

  it('the question declined: nothing is sent and the page stays', async () => {
    signInForTest({ token: 'tok', user: createUser() });
    const requests = fakeApi(() => ({ data: { id: 1 } }));
    renderAt('/product/5?ask=5');
    await screen.findByRole('alertdialog');
    await userEvent.setup().click(screen.getByRole('button', { name: 'إلغاء' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/product\/5$/);
    expect(requests).toEqual([]);
  });

  it("the store's own account sees no button, and its ?ask= is dropped without a question", async () => {
    signInForTest({ token: 'tok', user: createUser({ id: 30, type: 1, has_store: true }) });
    const requests = fakeApi(() => ({ data: { id: 1 } }));
    renderAt('/product/5?ask=5');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/product\/5$/));
    expect(screen.queryByRole('button', { name: 'اسأل المتجر عن هذا المنتج' })).toBeNull();
    expect(confirm).not.toHaveBeenCalled();
    expect(requests).toEqual([]);
  });
});
