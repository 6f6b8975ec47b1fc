import type { ConversationWithMessages, Message } from '@agrivet/shared';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createUser } from '../../../../test/factories';
import { renderWithProviders } from '../../../../test/render';
import { useChat } from '../../../stores/chat';
import { useSession } from '../../../stores/session';
import ConversationViewRoute from '../routes/conversation-view';
import { fakeApi, restoreApi } from './fake-api';

afterEach(() => {
  restoreApi();
  useSession.getState().clear();
  useChat.getState().reset();
});

const message = (id: number, user_id: number, text: string): Message => ({
  id,
  conversation_id: 4,
  user_id,
  message: text,
  image: null,
  client_id: null,
  created_at: '2026-01-01T10:00:00.000Z',
});

const conversation: ConversationWithMessages = {
  id: 4,
  sender: { id: 5, name: 'أبو خالد', image: null },
  receiver: { id: 2, name: 'مالك الصيدلية', image: null },
  store_id: 1,
  store: { id: 1, name_store: 'صيدلية الربيع', image: null },
  last_message: null,
  unread_count: 0,
  sender_last_read_id: 0,
  receiver_last_read_id: 0,
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-01T10:00:00.000Z',
  messages: [message(1, 5, 'أوراق البندورة صفراء'), message(2, 2, 'أرسل صورة من فضلك')],
  has_more: false,
};

describe('admin conversation view', () => {
  it('names who wrote each message, with no composer and no delivery ticks', async () => {
    fakeApi((req) => (req.path === 'conversation/get/4' ? { data: conversation } : undefined));
    useSession.getState().setSession({ token: 't', user: createUser({ id: 1, type: 0 }) });
    renderWithProviders(
      <Routes>
        <Route path="/conversation/:id" element={<ConversationViewRoute />} />
      </Routes>,
      { route: '/conversation/4' },
    );
    const list = await screen.findByRole('list', { name: 'الرسائل' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText('أبو خالد')).toBeInTheDocument();
    expect(within(items[0]).getByText('أوراق البندورة صفراء')).toBeInTheDocument();
    expect(within(items[1]).getByText('صيدلية الربيع')).toBeInTheDocument();
    expect(items.every((li) => li.getAttribute('data-delivery') === null)).toBe(true);
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
