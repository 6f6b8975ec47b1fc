import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUser } from '@test/factories';
import { renderWithProviders } from '@test/render';
import { signInForTest } from '@test/session';
import { MessageStoreLink } from '@/components/ui/message-store-link';
import { notify } from '@/components/ui/toaster';
import LoginRoute from '@/features/auth/routes/login';
import { useSession } from '@/stores/session';

const store = { id: 2, user_id: 30, conversation_id: null };

function Where() {
  const { pathname, search } = useLocation();
  return <p>at {pathname + search}</p>;
}

function renderAt(route: string, ui = <MessageStoreLink store={store} />) {
  return renderWithProviders(
    <Routes>
      <Route path="/" element={ui} />
      <Route path="/login" element={<LoginRoute />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route },
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  useSession.getState().clear();
});

describe('MessageStoreLink («مراسلة»)', () => {
  it("is a link, so it works before the page's code runs: a visitor's goes to /login, back to this store's chat", async () => {
    const info = vi.spyOn(notify, 'info');
    renderAt('/');
    const link = screen.getByRole('link', { name: 'مراسلة' });
    expect(link).toHaveAttribute('href', `/login?next=${encodeURIComponent('/chat/store/2')}`);
    await userEvent.setup().click(link);
    expect(info).toHaveBeenCalledWith('يرجى تسجيل الدخول لتتمكن من ارسال رسالة');
    expect(await screen.findByRole('button', { name: 'دخول' })).toBeInTheDocument();
  });

  it('signed in: starts the chat with the store (/chat/store/{id}), or opens the one there is', () => {
    signInForTest({ token: 'tok', user: createUser() });
    const { unmount } = renderAt('/');
    expect(screen.getByRole('link', { name: 'مراسلة' })).toHaveAttribute('href', '/chat/store/2');
    unmount();
    renderAt('/', <MessageStoreLink store={{ ...store, conversation_id: 12 }} />);
    expect(screen.getByRole('link', { name: 'متابعة المحادثة' })).toHaveAttribute('href', '/chat/12');
  });

  it("is not there for the store's own account", () => {
    signInForTest({ token: 'tok', user: createUser({ id: 30, type: 1, has_store: true }) });
    renderAt('/');
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('/login when already signed in', () => {
  it("goes straight on to `next` (a visitor's link tapped before the code ran), without the form", async () => {
    signInForTest({ token: 'tok', user: createUser() });
    renderAt(`/login?next=${encodeURIComponent('/chat/store/2')}`);
    expect(await screen.findByText('at /chat/store/2')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'دخول' })).toBeNull();
  });

  it("a store account goes where its login goes (its dashboard's articles), not to a farmer's `next`", async () => {
    signInForTest({ token: 'tok', user: createUser({ id: 30, type: 1, has_store: true }) });
    renderAt(`/login?next=${encodeURIComponent('/chat/store/2')}`);
    expect(await screen.findByText('at /blog/list')).toBeInTheDocument();
  });
});
