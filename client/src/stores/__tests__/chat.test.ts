import type { Conversation, Message } from '@agrivet/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConversation, createMessage, createUser } from '../../../test/factories';
import { deliveryOf } from '../../features/chat/components/message-bubble';
import { bindChatToRealtime, reloadAfterReconnect, selectUnreadTotal, TYPING_EXPIRY_MS, useChat } from '../chat';
import { useRealtime } from '../realtime';
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

  it('tick states: sent, delivered (grey), read (blue); read implies delivered', () => {
    const { setRead } = useChat.getState();
    setRead(1, owner.id, 0, 6);
    setRead(1, owner.id, 0, 3);
    let c = useChat.getState().threads[1].conversation;
    expect(c.receiver_last_delivered_id).toBe(6);
    expect(deliveryOf({ id: 6 }, c.receiver_last_read_id, c.receiver_last_delivered_id)).toBe('delivered');
    expect(deliveryOf({ id: 7 }, c.receiver_last_read_id, c.receiver_last_delivered_id)).toBe('sent');
    setRead(1, owner.id, 8);
    c = useChat.getState().threads[1].conversation;
    expect(c.receiver_last_delivered_id).toBe(8);
    expect(deliveryOf({ id: 6 }, c.receiver_last_read_id, c.receiver_last_delivered_id)).toBe('read');
    expect(deliveryOf({ id: 9 }, c.receiver_last_read_id, c.receiver_last_delivered_id)).toBe('sent');
    // the list row moves too
    expect(useChat.getState().conversations?.[0]).toMatchObject({ receiver_last_read_id: 8 });
  });

  it('a message from the other side moves their pointers to it over their own messages (the API does the same)', () => {
    useChat.getState().setRead(1, owner.id, 1); // the store read the farmer's message 1
    useChat.getState().receive(message(12, owner.id));
    const c = useChat.getState().threads[1].conversation;
    expect(c).toMatchObject({ receiver_last_read_id: 12, receiver_last_delivered_id: 12, sender_last_read_id: 0 });
    expect(deliveryOf({ id: 11 }, c.receiver_last_read_id, c.receiver_last_delivered_id)).toBe('read');
    expect(useChat.getState().conversations?.[0]).toMatchObject({ id: 1, receiver_last_read_id: 12 });
  });

  it('a reply written offline and delivered after the store wrote more moves no pointer past the store’s messages', () => {
    // the store's device: q (farmer) 1, a (store) 2 read by the farmer; the store then sends S1 3, S2 4
    useSession.getState().setSession({ token: 't', user: createUser({ id: owner.id }) });
    const read = conversation({ sender_last_read_id: 2, sender_last_delivered_id: 2, receiver_last_read_id: 1 });
    useChat.setState({
      conversations: [{ ...read, last_message: message(2, owner.id) }],
      threads: {
        1: { conversation: read, messages: [message(1, farmer.id), message(2, owner.id)], typing: [], hasMore: false },
      },
    });
    useChat.getState().receive(message(3, owner.id));
    useChat.getState().receive(message(4, owner.id));
    // the farmer's reply R, written offline before S1 and S2 reached them, arrives now
    useChat.getState().receive(message(5, farmer.id));
    const ticks = (c: Conversation, id: number) =>
      deliveryOf({ id }, c.sender_last_read_id, c.sender_last_delivered_id);
    for (const c of [useChat.getState().threads[1].conversation, useChat.getState().conversations![0]]) {
      expect(c).toMatchObject({ sender_last_read_id: 2, sender_last_delivered_id: 2 });
      expect([ticks(c, 2), ticks(c, 3), ticks(c, 4)]).toEqual(['read', 'sent', 'sent']);
    }
    expect(useChat.getState().conversations![0]).toMatchObject({ last_message: { id: 5 }, unread_count: 1 });
    // once the farmer reads S2, their next message moves their pointers over their own R
    useChat.getState().setRead(1, farmer.id, 4);
    useChat.getState().receive(message(6, farmer.id));
    expect(useChat.getState().threads[1].conversation).toMatchObject({
      sender_last_read_id: 6,
      sender_last_delivered_id: 6,
    });
  });

  it('the author’s own late message leaves their pointers when this device cannot see what lies between', () => {
    // the farmer's device; conversation 2 has no thread loaded and its last message is the store's
    useChat.setState({
      conversations: [conversation({ id: 2, last_message: message(4, owner.id, 2), unread_count: 1 })],
      threads: {},
    });
    useChat.getState().receive(message(5, farmer.id, 2));
    expect(useChat.getState().conversations![0]).toMatchObject({
      sender_last_read_id: 0,
      sender_last_delivered_id: 0,
      unread_count: 1,
      last_message: { id: 5 },
    });
    // nothing of the store's between: the pointers follow the author's own messages
    useChat.getState().setRead(2, farmer.id, 5);
    useChat.getState().receive(message(6, farmer.id, 2));
    expect(useChat.getState().conversations![0]).toMatchObject({ sender_last_read_id: 6, sender_last_delivered_id: 6 });
  });
});

describe('chat store timers and receipts', () => {
  const writes: unknown[][] = [];
  const realWrite = useRealtime.getState().write;
  beforeEach(() => {
    vi.useFakeTimers();
    writes.length = 0;
    useRealtime.setState({
      write: ((event: string, payload: unknown) => {
        writes.push([event, payload]);
        return { client_id: 'x', result: Promise.resolve({}) };
      }) as typeof realWrite,
    });
    useSession.getState().setSession({ token: 't', user: farmer });
    useChat.getState().reset();
    useChat.setState({
      conversations: [conversation(), conversation({ id: 2 })],
      threads: { 1: { conversation: conversation(), messages: [message(1, 7)], typing: [] } },
    });
  });
  afterEach(() => {
    useChat.getState().reset();
    useRealtime.setState({ write: realWrite });
    vi.useRealTimers();
  });

  it('forgets a typist after ~6 s without a refresh; a refresh keeps them', () => {
    const { setTyping } = useChat.getState();
    setTyping(1, owner.id, true);
    vi.advanceTimersByTime(TYPING_EXPIRY_MS - 1_000);
    setTyping(1, owner.id, true); // refreshed by the composer every ~3 s
    vi.advanceTimersByTime(TYPING_EXPIRY_MS - 1_000);
    expect(useChat.getState().threads[1].typing).toEqual([owner.id]);
    vi.advanceTimersByTime(1_001);
    expect(useChat.getState().threads[1].typing).toEqual([]);
  });

  it('a stop clears the typist at once and cancels the expiry', () => {
    useChat.getState().setTyping(1, owner.id, true);
    useChat.getState().setTyping(1, owner.id, false);
    expect(useChat.getState().threads[1].typing).toEqual([]);
    vi.advanceTimersByTime(TYPING_EXPIRY_MS * 2);
    expect(useChat.getState().threads[1].typing).toEqual([]);
  });

  it('acknowledges delivery of the other side’s messages when the thread is not on screen, once per burst', () => {
    useChat.getState().receive(message(5, owner.id, 2));
    useChat.getState().receive(message(6, owner.id, 2));
    useChat.getState().receive(message(7, 7, 2)); // my own: nothing to acknowledge
    vi.advanceTimersByTime(500);
    expect(writes).toEqual([['conversation:read', { conversation_id: 2, last_delivered_message_id: 6 }]]);
    // my own message 7 did not move my pointers past the store's 5 and 6 (as the API does); the
    // receipt moved delivered to 6
    expect(useChat.getState().conversations?.find((c) => c.id === 2)).toMatchObject({
      sender_last_delivered_id: 6,
      sender_last_read_id: 0,
    });
    // the same message again (a re-sync) is not acknowledged twice
    useChat.getState().receive(message(6, owner.id, 2));
    vi.advanceTimersByTime(500);
    expect(writes).toHaveLength(1);
  });

  it('leaves the open, visible thread to its read receipts', () => {
    useChat.getState().setActive(1);
    useChat.getState().receive(message(5, owner.id, 1));
    vi.advanceTimersByTime(500);
    expect(writes).toEqual([]);
  });

  it('does not acknowledge for someone who is not a participant (the admin watching)', () => {
    useSession.getState().setSession({ token: 't', user: createUser({ id: 99 }) });
    useChat.getState().receive(message(5, owner.id, 2));
    vi.advanceTimersByTime(500);
    expect(writes).toEqual([]);
  });

  it('reloads the list and the open thread when the connection comes back', () => {
    const real = useChat.getState();
    const loadConversations = vi.fn(() => Promise.resolve([]));
    const loadThread = vi.fn(() => Promise.reject(new Error('offline')));
    useChat.setState({ loadConversations, loadThread, activeId: 1 });
    useRealtime.setState({ status: 'idle' });
    const unbind = bindChatToRealtime();
    try {
      // first connection: the list loaded before it may have missed a push, so it reloads; the thread re-syncs itself
      for (const status of ['connecting', 'online'] as const) useRealtime.setState({ status });
      expect(loadConversations).toHaveBeenCalledTimes(1);
      expect(loadThread).not.toHaveBeenCalled();
      for (const status of ['offline', 'connecting', 'online'] as const) useRealtime.setState({ status });
      expect(loadConversations).toHaveBeenCalledTimes(2);
      expect(loadThread).toHaveBeenCalledWith(1);
      reloadAfterReconnect();
      expect(loadConversations).toHaveBeenCalledTimes(3);
      // a new session whose list was never loaded: nothing to reload at its first connection
      useChat.setState({ conversations: null });
      for (const status of ['idle', 'connecting', 'online'] as const) useRealtime.setState({ status });
      expect(loadConversations).toHaveBeenCalledTimes(3);
    } finally {
      unbind();
      useRealtime.setState({ status: 'idle' });
      useChat.setState({ loadConversations: real.loadConversations, loadThread: real.loadThread });
    }
  });
});
