import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProduct, createUser } from '@test/factories';
import { renderWithProviders } from '@test/render';
import { notify } from '@/components/ui/toaster';
import { useSession } from '@/stores/session';
import { signInForTest } from '@test/session';
import { readSavedUser } from '@/lib/saved-user';
import ChangePasswordRoute from '@/features/dashboard/routes/change-password';
import PostFormRoute from '@/features/dashboard/routes/post-form';
import ProductFormRoute from '@/features/dashboard/routes/product-form';
import StoreFormRoute from '@/features/dashboard/routes/store-form';
import { createPost, createStore } from './factories';
import { fakeApi, restoreApi } from '@test/fake-api';

afterEach(() => {
  restoreApi();
  vi.restoreAllMocks();
  useSession.getState().clear();
});

const REQUIRED = 'هذا الحقل مطلوب';

function renderAt(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/blog/add" element={<PostFormRoute />} />
      <Route path="/blog/list" element={<p>articles list</p>} />
      <Route path="/product/add" element={<ProductFormRoute />} />
      <Route path="/product/add/:id" element={<ProductFormRoute />} />
      <Route path="/product/list" element={<p>products list</p>} />
      <Route path="/bone/add" element={<StoreFormRoute />} />
      <Route path="/dashboard" element={<p>dashboard home</p>} />
      <Route path="/profile/ChangePassword" element={<ChangePasswordRoute />} />
    </Routes>,
    { route },
  );
}

describe('article form', () => {
  it('creates: errors only after touch, then POST post/create and back to the list', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(notify, 'success');
    const requests = fakeApi((req) => (req.path === 'post/create' ? { data: createPost({ id: 9 }) } : undefined));
    signInForTest({ token: 't', user: createUser({ type: 1, has_store: true }) });
    renderAt('/blog/add');
    expect(screen.getByRole('heading', { level: 1, name: 'إضافة مقال' })).toBeInTheDocument();
    expect(screen.queryByText(REQUIRED)).toBeNull();
    await user.click(screen.getByLabelText('العنوان'));
    await user.tab();
    expect(await screen.findByText(REQUIRED)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findAllByText(REQUIRED)).toHaveLength(2);
    expect(requests).toHaveLength(0);

    await user.type(screen.getByLabelText('العنوان'), 'ري الزيتون');
    await user.type(screen.getByLabelText('المحتوى'), 'متى نروي أشجار الزيتون');
    await user.click(screen.getByText('عنصر مميز'));
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('articles list')).toBeInTheDocument();
    expect(requests).toEqual([
      {
        method: 'POST',
        path: 'post/create',
        body: { title: 'ري الزيتون', description: 'متى نروي أشجار الزيتون', is_special: 'true' },
      },
    ]);
    expect(success).toHaveBeenCalledWith('تم اضافة المقال بنجاح');
  });

  it('edits when an article is selected (?id=): loads it, then POST post/update/{id}', async () => {
    const user = userEvent.setup();
    const post = createPost({ id: 3 });
    const requests = fakeApi((req) => {
      if (req.path === 'post/get/3') return { data: post };
      if (req.path === 'post/update/3') return { data: { ...post, title: 'عنوان جديد' } };
      return undefined;
    });
    renderAt('/blog/add?id=3');
    expect(await screen.findByRole('heading', { level: 1, name: 'تعديل المقال' })).toBeInTheDocument();
    const title = screen.getByLabelText('العنوان');
    expect(title).toHaveValue(post.title);
    await user.clear(title);
    await user.type(title, 'عنوان جديد');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await screen.findByText('articles list');
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET post/get/3', 'POST post/update/3']);
    expect(requests[1].body).toMatchObject({ title: 'عنوان جديد', is_special: 'true' });
  });
});

describe('product form', () => {
  it('keeps only a number in the price field (digits, one point, a leading minus; Arabic-Indic digits and ٫ converted)', async () => {
    const user = userEvent.setup();
    const requests = fakeApi(() => undefined);
    renderAt('/product/add');
    await user.type(screen.getByLabelText('اسم المنتج'), 'سماد يوريا');
    await user.selectOptions(screen.getByLabelText('النوع'), 'أسمدة');
    const price = screen.getByLabelText('السعر ($)');
    expect(price).toHaveAttribute('inputmode', 'decimal');
    await user.type(price, 'abc');
    await user.tab();
    expect(price).toHaveValue('');
    expect(await screen.findByText('هذا الحقل مطلوب')).toBeInTheDocument();
    await user.type(price, '١٢٫٥.3');
    expect(price).toHaveValue('12.53');
    await user.clear(price);
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(requests).toHaveLength(0);
  });

  it('refuses a negative price with the Arabic error instead of turning «-5» into 5', async () => {
    const user = userEvent.setup();
    const requests = fakeApi(() => undefined);
    renderAt('/product/add');
    await user.type(screen.getByLabelText('اسم المنتج'), 'سماد يوريا');
    await user.selectOptions(screen.getByLabelText('النوع'), 'أسمدة');
    const price = screen.getByLabelText('السعر ($)');
    await user.type(price, '-٥');
    expect(price).toHaveValue('-5');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('يجب ألا تقل القيمة عن 0')).toBeInTheDocument();
    expect(price).toHaveValue('-5');
    expect(requests).toHaveLength(0);
  });

  it('creates with POST product/create (Arabic-Indic digits accepted)', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(notify, 'success');
    const requests = fakeApi((req) => (req.path === 'product/create' ? { data: createProduct() } : undefined));
    renderAt('/product/add');
    expect(screen.getByRole('heading', { level: 1, name: 'إضافة منتج' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('اسم المنتج'), 'سماد يوريا');
    await user.selectOptions(screen.getByLabelText('النوع'), 'أسمدة');
    await user.type(screen.getByLabelText('السعر ($)'), '١٢.٥');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await screen.findByText('products list');
    expect(requests[0]).toEqual({
      method: 'POST',
      path: 'product/create',
      body: { name: 'سماد يوريا', type: '3', price: '12.5', is_special: 'false', description: '' },
    });
    expect(success).toHaveBeenCalledWith('تم اضافة المنتج بنجاح');
  });

  it('edits at product/add/{id}: loads the product, then POST product/update/{id}', async () => {
    const user = userEvent.setup();
    const product = createProduct({ id: 5, name: 'بذور ذرة', price: '4.00', price_cents: 400, type: 1 });
    const requests = fakeApi((req) => {
      if (req.path === 'product/get/5') return { data: product };
      if (req.path === 'product/update/5') return { data: product };
      return undefined;
    });
    renderAt('/product/add/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'تعديل المنتج' })).toBeInTheDocument();
    expect(screen.getByLabelText('اسم المنتج')).toHaveValue('بذور ذرة');
    expect(screen.getByLabelText('السعر ($)')).toHaveValue('4.00');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await screen.findByText('products list');
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET product/get/5', 'POST product/update/5']);
    expect(requests[1].body).toMatchObject({ name: 'بذور ذرة', price: '4', type: '1' });
  });
});

describe('store form', () => {
  it('lets a new store account create its store, refreshes has_store and goes on to the dashboard', async () => {
    const user = userEvent.setup();
    const me = createUser({ id: 20, type: 1, has_store: false, status: 2 });
    const store = createStore({ id: 11, user_id: 20, name_store: 'صيدلية النور' });
    const requests = fakeApi((req) => {
      if (req.path === 'store/create') return { data: store };
      if (req.path === 'auth/user')
        return {
          data: {
            user: {
              ...me,
              has_store: true,
              store: { id: 11, name_store: 'صيدلية النور', type: 0, city: 2, image: null },
            },
          },
        };
      return undefined;
    });
    signInForTest({ token: 't', user: me });
    renderAt('/bone/add');
    expect(screen.getByRole('heading', { level: 1, name: 'أنشئ متجرك' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findAllByText(REQUIRED)).toHaveLength(4);
    await user.type(screen.getByLabelText('اسم المتجر'), 'صيدلية النور');
    await user.selectOptions(screen.getByLabelText('نوع المتجر'), 'صيدلية زراعية');
    await user.selectOptions(screen.getByLabelText('المحافظة'), 'حماة');
    await user.type(screen.getByLabelText('العنوان'), 'ساحة العاصي');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await screen.findByText('dashboard home');
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST store/create', 'GET auth/user']);
    expect(requests[0].body).toEqual({ city: '2', address: 'ساحة العاصي', name_store: 'صيدلية النور', type: '0' });
    expect(readSavedUser()?.has_store).toBe(true);
  });

  it('edits the store of a store account that has one', async () => {
    const store = createStore({ id: 4 });
    fakeApi((req) => (req.path === 'store/get/4' ? { data: store } : undefined));
    signInForTest({
      token: 't',
      user: createUser({
        type: 1,
        has_store: true,
        store: { id: 4, name_store: store.name_store, type: 0, city: 1, image: null },
      }),
    });
    renderAt('/bone/add');
    expect(await screen.findByRole('heading', { level: 1, name: 'تعديل المتجر' })).toBeInTheDocument();
    expect(screen.getByLabelText('اسم المتجر')).toHaveValue(store.name_store);
    expect(screen.getByLabelText('المحافظة')).toHaveValue('1');
  });
});

describe('change password form', () => {
  it('asks for the current password and a matching confirmation, then reports success', async () => {
    const user = userEvent.setup();
    const requests = fakeApi((req) =>
      req.path === 'auth/change-password' ? { data: { message: 'تم تغيير كلمة المرور بنجاح' } } : undefined,
    );
    renderAt('/profile/ChangePassword');
    await user.type(screen.getByLabelText('كلمة المرور الجديدة'), 'abc');
    await user.tab();
    expect(await screen.findByText('قصيرة جداً: 4 أحرف على الأقل')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('كلمة المرور الجديدة'));
    await user.type(screen.getByLabelText('كلمة المرور الجديدة'), 'new-pass-1');
    await user.type(screen.getByLabelText('تأكيد كلمة المرور'), 'new-pass-2');
    await user.tab();
    expect(await screen.findByText('كلمتا المرور غير متطابقتين')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(requests).toHaveLength(0);
    await user.type(screen.getByLabelText('كلمة المرور الحالية'), 'store1234');
    await user.clear(screen.getByLabelText('تأكيد كلمة المرور'));
    await user.type(screen.getByLabelText('تأكيد كلمة المرور'), 'new-pass-1');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0].body).toEqual({
      current_password: 'store1234',
      password: 'new-pass-1',
      password_confirmation: 'new-pass-1',
    });
    await waitFor(() => expect(screen.getByLabelText('كلمة المرور الحالية')).toHaveValue(''));
  });
});

describe('the image of a dashboard form', () => {
  const BROWSER_REFUSAL = 'The source image could not be decoded.';
  const pick = (file: File) => {
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    fireEvent.change(input);
  };
  const fillProduct = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.type(screen.getByLabelText('اسم المنتج'), 'سماد يوريا');
    await user.selectOptions(screen.getByLabelText('النوع'), 'أسمدة');
    await user.type(screen.getByLabelText('السعر ($)'), '12.5');
  };

  it('an unusable file blocks «حفظ» with the field’s error until another image is chosen or the choice removed', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => {
        throw new DOMException(BROWSER_REFUSAL, 'InvalidStateError');
      }),
    );
    const user = userEvent.setup();
    const success = vi.spyOn(notify, 'success');
    const requests = fakeApi((req) => (req.path === 'product/create' ? { data: createProduct() } : undefined));
    renderAt('/product/add');
    await fillProduct(user);
    pick(new File(['just some text'], 'photo.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('تعذّر فتح الملف: ليس صورة صالحة')).toBeInTheDocument();
    expect(screen.getByTestId('image-error')).toHaveTextContent('لن يُحفظ النموذج بهذا الملف');
    // «حفظ» sends nothing, says no success, and takes the user to the image field
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'اختر صورة' })).toHaveFocus());
    expect(requests).toHaveLength(0);
    expect(success).not.toHaveBeenCalled();
    // removing the choice: the product is saved, without an image, as the field now shows
    await user.click(screen.getByRole('button', { name: 'إلغاء اختيار الصورة' }));
    expect(screen.queryByTestId('image-error')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await screen.findByText('products list');
    expect(requests).toHaveLength(1);
    expect(requests[0].body).not.toHaveProperty('image');
    expect(success).toHaveBeenCalledWith('تم اضافة المنتج بنجاح');
    vi.unstubAllGlobals();
  });

  it('a file that is not an image at all blocks the save the same way', async () => {
    const user = userEvent.setup();
    const requests = fakeApi(() => undefined);
    renderAt('/product/add');
    await fillProduct(user);
    pick(new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('الملف المختار ليس صورة')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'اختر صورة' })).toHaveFocus());
    expect(requests).toHaveLength(0);
  });
});
