import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createUser } from '@test/factories';
import { fakeApi, restoreApi } from '@test/fake-api';
import { renderWithProviders } from '@test/render';
import { useSession } from '@/stores/session';
import { signInForTest } from '@test/session';
import { RoleGuard } from '@/features/dashboard/components/role-guard';
import { SideNav } from '@/features/dashboard/components/side-nav';

afterEach(() => useSession.getState().clear());

function signIn(overrides: Parameters<typeof createUser>[0]) {
  const user = createUser(overrides);
  signInForTest({ token: 'tok', user });
  return user;
}

describe('side bar', () => {
  it('shows the admin its links and not the store links', () => {
    renderWithProviders(<SideNav user={{ type: 0, has_store: false }} />);
    const nav = screen.getByRole('navigation', { name: 'قائمة لوحة التحكم' });
    for (const name of ['الإحصائيات', 'المقالات', 'المستخدمون', 'المتاجر', 'المحادثات', 'المنتجات'])
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'الطلبات' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'متجري' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'المستخدمون' })).toHaveAttribute('href', '/user/list');
  });

  it('shows a store account chats, orders and products, not the admin screens', () => {
    renderWithProviders(<SideNav user={{ type: 1, has_store: true }} />);
    const nav = screen.getByRole('navigation');
    expect(within(nav).getByRole('link', { name: 'الطلبات' })).toHaveAttribute('href', '/order/list');
    expect(within(nav).getByRole('link', { name: 'المنتجات' })).toHaveAttribute('href', '/product/list');
    expect(within(nav).getByRole('link', { name: 'المحادثات' })).toHaveAttribute('href', '/dashboard/chats');
    expect(within(nav).queryByRole('link', { name: 'المستخدمون' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'المتاجر' })).toBeNull();
  });

  it('gives a store account a "my store" link to its store form in edit mode', () => {
    renderWithProviders(<SideNav user={{ type: 3, has_store: true, store: { id: 9 } }} />);
    expect(screen.getByRole('link', { name: 'متجري' })).toHaveAttribute('href', '/bone/add?id=9');
  });

  it('counts what waits for the admin: open reports on «البلاغات», renewal requests on «الاشتراكات»', async () => {
    signIn({ type: 0 });
    const requests = fakeApi((req) => {
      if (req.path === 'report/getAll')
        return { data: { data: [], current_page: 1, last_page: 3, per_page: 1, total: 3 } };
      // the open ones only: 2 of the 5 requests wait
      if (req.path === 'subscription/requests') {
        const total = req.params?.state === 'open' ? 2 : 5;
        return { data: { data: [], current_page: 1, last_page: total, per_page: 1, total } };
      }
      return { data: { data: [], current_page: 1, last_page: 1, per_page: 1, total: 0 } };
    });
    try {
      renderWithProviders(<SideNav user={{ type: 0, has_store: false }} />);
      expect(await screen.findByTestId('badge-subscriptions')).toHaveTextContent('2');
      expect(await screen.findByTestId('badge-reports')).toHaveTextContent('3');
      expect(requests.find((r) => r.path === 'subscription/requests')?.params).toMatchObject({ state: 'open' });
    } finally {
      restoreApi();
    }
  });

  it('keeps the names as labels when collapsed to icons', () => {
    renderWithProviders(<SideNav user={{ type: 3, has_store: true }} collapsed />);
    const link = screen.getByRole('link', { name: 'الطلبات' });
    expect(link).toHaveAttribute('title', 'الطلبات');
    expect(link).not.toHaveTextContent('الطلبات');
  });
});

function guarded(route: string) {
  return renderWithProviders(
    <Routes>
      <Route
        path="/user/list"
        element={
          <RoleGuard screen="userList">
            <p>users screen</p>
          </RoleGuard>
        }
      />
      <Route
        path="/product/add"
        element={
          <RoleGuard screen="productAdd">
            <p>product form</p>
          </RoleGuard>
        }
      />
      <Route path="/dashboard" element={<p>dashboard home</p>} />
      <Route path="/bone/add" element={<p>store form</p>} />
      <Route path="/" element={<p>landing</p>} />
    </Routes>,
    { route },
  );
}

describe('route guard', () => {
  it('lets the admin in and sends a store account to its dashboard home', () => {
    signIn({ type: 0 });
    guarded('/user/list');
    expect(screen.getByText('users screen')).toBeInTheDocument();
  });

  it('redirects a store account away from the admin user list', () => {
    signIn({ type: 1, has_store: true });
    guarded('/user/list');
    expect(screen.getByText('dashboard home')).toBeInTheDocument();
    expect(screen.queryByText('users screen')).toBeNull();
  });

  it('redirects the admin away from adding a product and a farmer to the landing page', () => {
    signIn({ type: 0 });
    guarded('/product/add');
    expect(screen.getByText('dashboard home')).toBeInTheDocument();
  });

  it('sends a farmer home', () => {
    signIn({ type: 2 });
    guarded('/product/add');
    expect(screen.getByText('landing')).toBeInTheDocument();
  });

  it('sends a store account without a store to the store form', () => {
    signIn({ type: 1, has_store: false });
    guarded('/product/add');
    expect(screen.getByText('store form')).toBeInTheDocument();
  });
});
