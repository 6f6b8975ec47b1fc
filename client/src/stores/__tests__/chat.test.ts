import type { Conversation, Message } from '@agrivet/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { createConversation, createMessage, createUser } from '../../../test/factories';
import { deliveryOf } from '../../features/chat/components/message-bubble';
import { selectUnreadTotal, useChat } from '../chat';
import { useSession } from '../session';

const farmer = createUser({ id: 7 });
const owner = { id: 3, name: 'صاحب الصيدلية', image: null };

const conversation = (overrides: Partial<Conversation> = {}): Conversation =>
  createConversation({ sender: { id: farmer.id, name: farmer.name, image: null }, receiver: owner, ...overrides });

const message = (id: number, user_id: number, conversation_id = 1): Message =>
  createMessage({ id, user_id, conversation_id });

describe('chat store', () => {
  beforeEach(() => {
    useSession.getState().setSession({ token: 't', user: farmer });
    useChat.getState().reset();
    useChat.setState({
      conversations: [conversation(), conversation({ id: 2, unread_count: 2 })],
      threads: { 1: { conversation: conversation(), messages: [message(1, 7)], typing: [owner.id] } },
    });
  });

  it('adds pushed messages once, in id order, and clears the sender from the typing list', () => {
    const { receive } = useChat.getState();
    receive(message(3, owner.id));
    receive(message(2, 7));
    receive(message(3, owner.id));
    const thread = useChat.getState().threads[1];
    expect(thread.messages.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(thread.typing).toEqual([]);
  });

  it("counts the other side's messages as unread unless the thread is on screen, and moves it to the top", () => {
    useChat.getState().receive(message(5, owner.id));
    expect(useChat.getState().conversations?.map((c) => [c.id, c.unread_count])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(selectUnreadTotal(useChat.getState())).toBe(3);

    useChat.getState().receive(message(6, 7));
    expect(useChat.getState().conversations?.[0].unread_count).toBe(1);

    useChat.getState().setActive(1);
    useChat.getState().receive(message(7, owner.id));
    expect(useChat.getState().conversations?.[0]).toMatchObject({ id: 1, unread_count: 0 });
    expect(useChat.getState().conversations?.[0].last_message?.id).toBe(7);
  });

  it('read pointers only move forward and drive the read ticks', () => {
    const { setRead } = useChat.getState();
    setRead(1, owner.id, 4);
    setRead(1, owner.id, 2);
    const c = useChat.getState().threads[1].conversation;
    expect(c.receiver_last_read_id).toBe(4);
    expect(deliveryOf({ id: 4 }, c.receiver_last_read_id)).toBe('read');
    expect(deliveryOf({ id: 5 }, c.receiver_last_read_id)).toBe('sent');
  });
});
