/**
 * The store form in its edit and admin modes (bone/add, bone/add?id=, bone/add?user_id=) and the
 * admin's store list (add button, delete with the confirm dialog), with SPEC.md §8's toasts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUser } from '@test/factories';
import { renderWithProviders } from '@test/render';
import { ConfirmDialogHost } from '@/components/ui/confirm-dialog';
import { notify } from '@/components/ui/toaster';
import { setLang } from '@/i18n';
import { useSession } from '@/stores/session';
import { signInForTest } from '@test/session';
import StoreFormRoute from '@/features/dashboard/routes/store-form';
import StoreListRoute from '@/features/dashboard/routes/store-list';
import { createStore, paged } from './factories';
import { fakeApi, restoreApi } from '@test/fake-api';

const REQUIRED = 'هذا الحقل مطلوب';
let success: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  success = vi.spyOn(notify, 'success').mockImplementation(() => {});
  vi.spyOn(notify, 'error').mockImplementation(() => {});
});
afterEach(async () => {
  restoreApi();
  vi.restoreAllMocks();
  useSession.getState().clear();
  await setLang('ar');
});

function renderAt(route: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/bone/add" element={<StoreFormRoute />} />
        <Route path="/bone/list" element={<StoreListRoute />} />
        <Route path="/dashboard" element={<p>dashboard home</p>} />
      </Routes>
      <ConfirmDialogHost />
    </>,
    { route },
  );
}

const signInAdmin = () => signInForTest({ token: 't', user: createUser({ id: 1, type: 0 }) });

describe('store form: edit', () => {
  it("saves a store account's own store with POST store/update/{id}", async () => {
    const user = userEvent.setup();
    const store = createStore({ id: 4, type: 3, city: 5 });
    const requests = fakeApi((req) => {
      if (req.path === 'store/get/4') return { data: store };
      if (req.path === 'store/update/4') return { data: { ...store, address: 'طريق المطار' } };
      return undefined;
    });
    signInForTest({
      token: 't',
      user: createUser({
        type: 3,
        has_store: true,
        store: { id: 4, name_store: store.name_store, type: 3, city: 5, image: null },
      }),
    });
    // The side bar's "my store" link: /bone/add?id=4 (a store account always edits its own store).
    renderAt('/bone/add?id=4');
    expect(await screen.findByRole('heading', { level: 1, name: 'تعديل المتجر' })).toBeInTheDocument();
    expect(screen.queryByLabelText('رقم حساب المالك')).toBeNull();
    const address = screen.getByLabelText('العنوان');
    await user.clear(address);
    await user.type(address, 'طريق المطار');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('تم حفظ التعديلات'));
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET store/get/4', 'POST store/update/4']);
    expect(requests[1].body).toEqual({ city: '5', address: 'طريق المطار', name_store: store.name_store, type: '3' });
  });

  it('lets the admin edit any store at bone/add?id= and go back to the list', async () => {
    const user = userEvent.setup();
    const store = createStore({ id: 5, name_store: 'مشتل الياسمين', type: 3 });
    const requests = fakeApi((req) => {
      if (req.path === 'store/get/5') return { data: store };
      if (req.path === 'store/update/5') return { data: { ...store, name_store: 'مشتل الياسمين الكبير' } };
      if (req.path === 'store/getAll') return { data: paged([store]) };
      return undefined;
    });
    signInAdmin();
    renderAt('/bone/add?id=5');
    expect(await screen.findByRole('heading', { level: 1, name: 'تعديل المتجر' })).toBeInTheDocument();
    expect(screen.queryByLabelText('رقم حساب المالك')).toBeNull();
    const name = screen.getByLabelText('اسم المتجر');
    expect(name).toHaveValue('مشتل الياسمين');
    await user.clear(name);
    await user.type(name, 'مشتل الياسمين الكبير');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'المتاجر' })).toBeInTheDocument();
    expect(requests.slice(0, 2).map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET store/get/5',
      'POST store/update/5',
    ]);
    expect(requests[1].body).toMatchObject({ name_store: 'مشتل الياسمين الكبير', type: '3' });
    expect(requests[1].body).not.toHaveProperty('user_id');
    expect(success).toHaveBeenCalledWith('تم حفظ التعديلات');
  });
});

describe('store form: the admin creates a store for a user', () => {
  async function fill(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText('اسم المتجر'), 'عيادة الفرات البيطرية');
    await user.selectOptions(screen.getByLabelText('نوع المتجر'), 'عيادة بيطرية');
    await user.selectOptions(screen.getByLabelText('المحافظة'), 'حماة');
    await user.type(screen.getByLabelText('العنوان'), 'ساحة العاصي');
  }

  it("requires the owner's account number, then POST store/create with user_id and 'تم اضافة الصيدلية بنجاح'", async () => {
    const user = userEvent.setup();
    const requests = fakeApi((req) => {
      if (req.path === 'store/create') return { data: createStore({ id: 30, user_id: 20 }) };
      if (req.path === 'store/getAll') return { data: paged([]) };
      return undefined;
    });
    signInAdmin();
    renderAt('/bone/add');
    expect(screen.getByRole('heading', { level: 1, name: 'إضافة متجر' })).toBeInTheDocument();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText(REQUIRED)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
    await user.type(screen.getByLabelText('رقم حساب المالك'), '٢٠');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'المتاجر' })).toBeInTheDocument();
    expect(requests[0]).toEqual({
      method: 'POST',
      path: 'store/create',
      body: { user_id: '20', city: '2', address: 'ساحة العاصي', name_store: 'عيادة الفرات البيطرية', type: '1' },
    });
    expect(success).toHaveBeenCalledWith('تم اضافة الصيدلية بنجاح');
  });

  it("takes the owner from user/list's link (?user_id=)", async () => {
    const user = userEvent.setup();
    const requests = fakeApi((req) => (req.path === 'store/create' ? { data: createStore({ id: 31 }) } : undefined));
    signInAdmin();
    renderAt('/bone/add?user_id=21');
    expect(screen.getByLabelText('رقم حساب المالك')).toHaveValue('21');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0].body).toMatchObject({ user_id: '21' });
  });

  it("shows the API's refusal on the owner field (not a store account, or it has a store)", async () => {
    const user = userEvent.setup();
    fakeApi((req) =>
      req.path === 'store/create'
        ? { status: 422, error: { message: 'بيانات غير صالحة', fields: { user_id: 'رقم غير صالح' } } }
        : undefined,
    );
    signInAdmin();
    renderAt('/bone/add?user_id=7');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('رقم غير صالح')).toBeInTheDocument();
    expect(success).not.toHaveBeenCalled();
  });
});

describe('store list (admin)', () => {
  it('has an add-store button that opens the store form in create mode', async () => {
    const user = userEvent.setup();
    fakeApi((req) => (req.path === 'store/getAll' ? { data: paged([createStore()]) } : undefined));
    signInAdmin();
    renderAt('/bone/list');
    await user.click(await screen.findByRole('link', { name: 'إضافة متجر' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'إضافة متجر' })).toBeInTheDocument();
    expect(screen.getByLabelText('رقم حساب المالك')).toHaveValue('');
  });

  it("deletes after the confirm dialog with 'delete item done' and reloads the list", async () => {
    const user = userEvent.setup();
    await setLang('en');
    let stores = [createStore({ id: 4 }), createStore({ id: 6, name_store: 'مشتل الغوطة' })];
    const requests = fakeApi((req) => {
      if (req.path === 'store/getAll') return { data: paged(stores) };
      if (req.path === 'store/delete/6') {
        stores = stores.filter((s) => s.id !== 6);
        return { data: { id: 6 } };
      }
      return undefined;
    });
    signInAdmin();
    renderAt('/bone/list');
    await user.click(await screen.findByRole('button', { name: 'Delete: مشتل الغوطة' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Delete this item?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('delete item done'));
    await waitFor(() => expect(screen.queryByText('مشتل الغوطة')).toBeNull());
    expect(requests.filter((r) => r.method === 'POST')).toMatchObject([{ method: 'POST', path: 'store/delete/6' }]);
  });

  it("says 'تم حذف العنصر' in Arabic", async () => {
    const user = userEvent.setup();
    fakeApi((req) => {
      if (req.path === 'store/getAll') return { data: paged([createStore({ id: 4 })]) };
      if (req.path === 'store/delete/4') return { data: { id: 4 } };
      return undefined;
    });
    signInAdmin();
    renderAt('/bone/list');
    await user.click(await screen.findByRole('button', { name: `حذف: ${createStore().name_store}` }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'حذف' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('تم حذف العنصر'));
  });
});
