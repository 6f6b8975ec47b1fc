import type { ConversationWithMessages } from '@agrivet/shared';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createConversation, createMessage, createUser } from '@test/factories';
import { renderWithProviders } from '@test/render';
import { useChat } from '@/stores/chat';
import { useSession } from '@/stores/session';
import { signInForTest } from '@test/session';
import { ChatThread } from '@/features/chat/components/chat-thread';
import { DashboardSlotsProvider } from '@/features/dashboard/lib/slots';
import ConversationViewRoute from '@/features/dashboard/routes/conversation-view';
import { fakeApi, restoreApi } from '@test/fake-api';

afterEach(() => {
  restoreApi();
  useSession.getState().clear();
  useChat.getState().reset();
});

const conversation: ConversationWithMessages = {
  ...createConversation({
    id: 4,
    sender: { id: 5, name: 'أبو خالد', image: null },
    receiver: { id: 2, name: 'مالك الصيدلية', image: null },
  }),
  messages: [
    createMessage({ id: 1, user_id: 5, conversation_id: 4, message: 'أوراق البندورة صفراء' }),
    createMessage({ id: 2, user_id: 2, conversation_id: 4, message: 'أرسل صورة من فضلك' }),
  ],
  has_more: false,
};

describe('admin conversation view', () => {
  it('names who wrote each message, with no composer and no delivery ticks', async () => {
    fakeApi((req) => (req.path === 'conversation/get/4' ? { data: conversation } : undefined));
    signInForTest({ token: 't', user: createUser({ id: 1, type: 0 }) });
    renderWithProviders(
      <Routes>
        <Route
          path="/conversation/:id"
          element={
            // app/router.tsx hands the dashboard the chat thread the same way.
            <DashboardSlotsProvider slots={{ ChatThread }}>
              <ConversationViewRoute />
            </DashboardSlotsProvider>
          }
        />
      </Routes>,
      { route: '/conversation/4' },
    );
    const list = await screen.findByRole('list', { name: 'الرسائل' });
    // the messages (the day separator aside)
    const items = within(list)
      .getAllByRole('listitem')
      .filter((li) => !li.hasAttribute('data-day'));
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText('أبو خالد')).toBeInTheDocument();
    expect(within(items[0]).getByText('أوراق البندورة صفراء')).toBeInTheDocument();
    expect(within(items[1]).getByText('صيدلية الربيع')).toBeInTheDocument();
    expect(items.every((li) => li.getAttribute('data-delivery') === null)).toBe(true);
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
