/**
 * app/router.tsx is where features meet: the dashboard's /conversation/{id} shows features/chat's live
 * thread, handed in by the router (the dashboard does not import the chat feature).
 */
import type { ConversationWithMessages } from '@agrivet/shared';
import { screen, within } from '@testing-library/react';
import { useRoutes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, restoreApi } from '@test/fake-api';
import { useChat } from '@/stores/chat';
import { useSession } from '@/stores/session';
import { signInForTest } from '@test/session';
import { createConversation, createMessage, createUser } from '@test/factories';
import { renderWithProviders } from '@test/render';
import { routes } from '@/app/router';

function AppRoutes() {
  return useRoutes(routes);
}

afterEach(() => {
  restoreApi();
  useSession.getState().clear();
  useChat.getState().reset();
});

describe('the router composes the features', () => {
  it("the admin's /conversation/{id} shows the chat feature's thread, read-only", async () => {
    const conversation: ConversationWithMessages = {
      ...createConversation({ id: 4, sender: { id: 5, name: 'أبو خالد', image: null } }),
      messages: [createMessage({ id: 1, user_id: 5, conversation_id: 4, message: 'أوراق البندورة صفراء' })],
      has_more: false,
    };
    fakeApi((req) => (req.path === 'conversation/get/4' ? { data: conversation } : undefined));
    signInForTest({ token: 't', user: createUser({ id: 1, type: 0 }) });
    renderWithProviders(<AppRoutes />, { route: '/conversation/4' });
    const list = await screen.findByRole('list', { name: 'الرسائل' }, { timeout: 10_000 });
    expect(within(list).getByText('أوراق البندورة صفراء')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
