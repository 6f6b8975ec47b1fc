import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Store } from '@agrivet/shared';
import { Route, Routes, useLocation } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUser } from '@test/factories';
import { renderWithProviders } from '@test/render';
import { useSession } from '@/stores/session';
import { signInForTest } from '@test/session';
import { ChatButton } from '@/features/stores/components/chat-button';

const notify = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), error: vi.fn() }));
vi.mock('@/components/ui/toaster', () => ({ notify }));
const startConversation = vi.hoisted(() => vi.fn());
vi.mock('@/api/conversations', async (importOriginal) => ({ ...(await importOriginal<object>()), startConversation }));
// GET auth/user while offline (the session retries it before the first conversation), unless a test answers it.
const apiGet = vi.hoisted(() => vi.fn());
vi.mock('@/lib/api-client', () => ({
  apiGet,
  apiPost: () => Promise.resolve({}),
}));

const store = { id: 2, user_id: 30, name_store: 'صيدلية الربيع', conversation_id: null } as unknown as Store;

function LoginProbe() {
  return <p>login page {useLocation().search}</p>;
}

function renderButton() {
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<ChatButton store={store} />} />
      <Route path="/login" element={<LoginProbe />} />
      <Route path="/chat/:id" element={<p>chat page</p>} />
    </Routes>,
  );
}

// The button loads the chat's queries on the tap (a dynamic import): loaded once here, so a tap finds them.
beforeAll(async () => {
  await import('@/api/conversations');
});

beforeEach(() => {
  notify.info.mockReset();
  notify.error.mockReset();
  startConversation.mockReset();
  apiGet.mockReset();
  apiGet.mockImplementation(() => Promise.reject(new Error('لا يوجد رد من الخادم')));
  useSession.getState().clear();
});

describe('ChatButton', () => {
  it("logged out: 'يرجى تسجيل الدخول لتتمكن من ارسال رسالة' and /login, back to this store's chat after", async () => {
    renderButton();
    await userEvent.setup().click(screen.getByRole('button', { name: 'مراسلة' }));
    expect(notify.info).toHaveBeenCalledWith('يرجى تسجيل الدخول لتتمكن من ارسال رسالة');
    expect(await screen.findByText(`login page ?next=${encodeURIComponent('/chat/store/2')}`)).toBeInTheDocument();
  });

  it('is disabled while the request runs, then opens the conversation', async () => {
    signInForTest({ token: 'tok', user: createUser() });
    let finish!: (c: { id: number }) => void;
    startConversation.mockReturnValue(new Promise((r) => (finish = r)));
    renderButton();
    const button = screen.getByRole('button', { name: 'مراسلة' });
    await userEvent.setup().click(button);
    expect(button).toBeDisabled();
    await waitFor(() => expect(startConversation).toHaveBeenCalledWith({ sender_id: 7, receiver_id: 30, store_id: 2 }));
    finish({ id: 12 });
    expect(await screen.findByText('chat page')).toBeInTheDocument();
  });

  it('shows the error and enables the button again', async () => {
    signInForTest({ token: 'tok', user: createUser() });
    startConversation.mockImplementation(() => Promise.reject(new Error('المتجر غير موجود')));
    renderButton();
    const button = screen.getByRole('button', { name: 'مراسلة' });
    await userEvent.setup().click(button);
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(new Error('المتجر غير موجود'), 'فشل الطلب'));
    await waitFor(() => expect(button).toBeEnabled());
  });

  it('signed in with a token while the user is still unknown (offline start): no detour to /login', async () => {
    localStorage.setItem('token', 'tok');
    useSession.getState().setToken('tok');
    renderButton();
    await userEvent.setup().click(screen.getByRole('button', { name: 'مراسلة' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(new Error('لا يوجد رد من الخادم'), 'فشل الطلب'));
    expect(notify.info).not.toHaveBeenCalled();
    expect(screen.queryByText('login page')).toBeNull();
    expect(startConversation).not.toHaveBeenCalled();
  });

  it('signed in with only the token, tapped before GET auth/user answers: waits for the user, then opens the conversation', async () => {
    localStorage.setItem('token', 'tok');
    useSession.getState().setToken('tok');
    let answer!: (d: { user: ReturnType<typeof createUser> }) => void;
    apiGet.mockImplementation(() => new Promise((r) => (answer = r)));
    startConversation.mockResolvedValue({ id: 12 });
    renderButton();
    await userEvent.setup().click(screen.getByRole('button', { name: 'مراسلة' }));
    expect(startConversation).not.toHaveBeenCalled();
    answer({ user: createUser() });
    expect(await screen.findByText('chat page')).toBeInTheDocument();
    expect(startConversation).toHaveBeenCalledWith({ sender_id: 7, receiver_id: 30, store_id: 2 });
    expect(notify.error).not.toHaveBeenCalled();
  });
});
