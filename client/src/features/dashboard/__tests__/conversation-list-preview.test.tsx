/**
 * The admin's list of every conversation says what the last message was as the store's inbox does: a
 * voice note, an order card, a deleted message — not «صورة» for anything without text; and a state column
 * only where there is a state to show.
 */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createConversation, createMessage, createUser } from '@test/factories';
import { fakeApi, restoreApi } from '@test/fake-api';
import { renderWithProviders } from '@test/render';
import { signInForTest } from '@test/session';
import { useSession } from '@/stores/session';
import ConversationListRoute from '@/features/dashboard/routes/conversation-list';
import { paged } from './factories';

afterEach(() => {
  restoreApi();
  useSession.getState().clear();
});

describe("the admin's conversations", () => {
  it('shows a voice note, an order card, a photo and a deleted message by what they are', async () => {
    const last = [
      createMessage({ id: 11, user_id: 7, message: null, attachment: { kind: 'audio', path: 'voice/a.mp3' } }),
      createMessage({
        id: 12,
        user_id: 3,
        message: null,
        card: {
          type: 'order',
          order_id: 44,
          status: 0,
          stage: 'new',
          total: '15.00',
          cancelled_by: null,
          reason: null,
        },
      }),
      createMessage({ id: 13, user_id: 7, message: null, attachment: { kind: 'image', path: 'messages/p.webp' } }),
      createMessage({ id: 14, user_id: 7, message: null, deleted: true }),
    ];
    const rows = last.map((m, i) =>
      createConversation({ id: i + 1, sender: { id: 7, name: `مزارع ${i + 1}`, image: null }, last_message: m }),
    );
    fakeApi((req) => {
      if (req.path === 'conversation/getAll') return { data: paged(rows) };
      if (req.path === 'conversation/inbox') return { data: paged([]) };
      return undefined;
    });
    signInForTest({ token: 'tok', user: createUser({ type: 0 }) });
    renderWithProviders(<ConversationListRoute />, { route: '/conversation/list' });
    expect(await screen.findByText('🎤 رسالة صوتية')).toBeInTheDocument();
    expect(screen.getByText('🧾 طلب رقم 44')).toBeInTheDocument();
    expect(screen.getByText('📷 صورة')).toBeInTheDocument();
    expect(screen.getByText('🚫 تم حذف هذه الرسالة')).toBeInTheDocument();
    // the plain list has no inbox state: no «الحالة» column saying «—» on every row
    expect(screen.queryByRole('columnheader', { name: 'الحالة' })).toBeNull();
  });

  it("a tab of the inbox shows each conversation's state", async () => {
    const row = {
      ...createConversation({ id: 5, last_message: createMessage({ id: 21, user_id: 7 }) }),
      needs_reply: false,
      waiting_since: null,
      resolved: true,
      customer: { id: 7, name: 'مزارع تجريبي', phone: '0944444444', image: null, province: null },
    };
    fakeApi((req) => (req.path === 'conversation/inbox' ? { data: paged([row]) } : undefined));
    signInForTest({ token: 'tok', user: createUser({ type: 0 }) });
    renderWithProviders(<ConversationListRoute />, { route: '/conversation/list?f=resolved' });
    expect(await screen.findByRole('columnheader', { name: 'الحالة' })).toBeInTheDocument();
    expect(screen.getAllByText('منتهية').length).toBeGreaterThan(0);
  });
});
