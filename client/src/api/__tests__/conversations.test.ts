/**
 * Conversations live in the query cache (a real QueryClient here): pushes applied with setQueryData,
 * threads as infinite queries, pointers, delivered receipts, what a reconnect refetches; typing is
 * client state (stores/chat.ts).
 */
import type { Conversation, Message } from '@agrivet/shared';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConversation, createMessage, createUser } from '@test/factories';
import { createTestQueryClient } from '@test/render';
import { deliveryOf } from '@/features/chat/components/message-bubble';
import {
  applyReadPointers,
  bindChatToRealtime,
  conversationKeys,
  receiveMessage,
  resetReceipts,
  setActiveConversation,
  type Thread,
  type ThreadData,
  threadOf,
  unreadTotal,
} from '@/api/conversations';
import { TYPING_EXPIRY_MS, useChat } from '@/stores/chat';
import { useRealtime } from '@/stores/realtime';
import { signInForTest } from '@test/session';

/** The pushes the chat subscribes to (bindChatToRealtime), to emit them here. */
const pushes = vi.hoisted(() => new Map<string, (payload: never) => void>());
vi.mock('@/stores/realtime', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/stores/realtime')>()),
  onRealtime: (event: string, handler: (payload: never) => void) => {
    pushes.set(event, handler);
    return () => pushes.delete(event);
  },
}));
const push = (event: string, payload: unknown) => pushes.get(event)?.(payload as never);

let client: QueryClient;
/** What the cache holds: the thread of conversation `id` (its pages as one list), and the list. */
const held = (id = 1) => threadOf(client.getQueryData<ThreadData>(conversationKeys.thread(id)) as ThreadData);
const list = () => client.getQueryData<Conversation[]>(conversationKeys.mine) as Conversation[];
/** A thread as the infinite query holds it: one page (older messages exist unless hasMore is false). */
const asPages = (t: Partial<Thread> & Pick<Thread, 'conversation' | 'messages'>): ThreadData => ({
  pages: [{ ...t.conversation, messages: t.messages, has_more: t.hasMore ?? true }],
  pageParams: [undefined],
});
function seed(
  conversations: Conversation[],
  threads: Record<number, Partial<Thread> & Pick<Thread, 'conversation' | 'messages'>>,
) {
  client.setQueryData(conversationKeys.mine, conversations);
  for (const [id, t] of Object.entries(threads)) client.setQueryData(conversationKeys.thread(Number(id)), asPages(t));
}
const receive = (m: Message) => receiveMessage(client, m);
const setRead = (conversationId: number, userId: number, read: number, delivered?: number) =>
  applyReadPointers(client, conversationId, userId, read, delivered);

const farmer = createUser({ id: 7 });
const owner = { id: 3, name: 'صاحب الصيدلية', image: null };

const conversation = (overrides: Partial<Conversation> = {}): Conversation =>
  createConversation({ sender: { id: farmer.id, name: farmer.name, image: null }, receiver: owner, ...overrides });

const message = (id: number, user_id: number, conversation_id = 1): Message =>
  createMessage({ id, user_id, conversation_id });

describe('chat in the query cache', () => {
  beforeEach(() => {
    client = createTestQueryClient();
    signInForTest({ token: 't', user: farmer });
    useChat.getState().reset();
    seed([conversation(), conversation({ id: 2, unread_count: 2 })], {
      1: { conversation: conversation(), messages: [message(1, 7)] },
    });
    useChat.getState().setTyping(1, owner.id, true);
  });
  afterEach(() => useChat.getState().reset());

  it('adds pushed messages once, in id order, and clears the sender from the typing list', () => {
    receive(message(3, owner.id));
    receive(message(2, 7));
    receive(message(3, owner.id));
    expect(held().messages.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(useChat.getState().typing[1]).toEqual([]);
  });

  it("counts the other side's messages as unread unless the thread is on screen, and moves it to the top", () => {
    receive(message(5, owner.id));
    expect(list().map((c) => [c.id, c.unread_count])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(unreadTotal(list())).toBe(3);

    receive(message(6, 7));
    expect(list()[0].unread_count).toBe(1);

    setActiveConversation(client, 1);
    receive(message(7, owner.id));
    expect(list()[0]).toMatchObject({ id: 1, unread_count: 0 });
    expect(list()[0].last_message?.id).toBe(7);
  });

  it('a conversation the list does not hold yet makes the list refetch', () => {
    const state = () => client.getQueryState(conversationKeys.mine);
    expect(state()?.isInvalidated).toBe(false);
    receive(message(9, owner.id, 44));
    expect(state()?.isInvalidated).toBe(true);
  });

  it('read pointers only move forward and drive the read ticks', () => {
    setRead(1, owner.id, 4);
    setRead(1, owner.id, 2);
    const c = held().conversation;
    expect(c.receiver_last_read_id).toBe(4);
    expect(deliveryOf({ id: 4 }, c.receiver_last_read_id)).toBe('read');
    expect(deliveryOf({ id: 5 }, c.receiver_last_read_id)).toBe('sent');
  });

  it('tick states: sent, delivered (grey), read (blue); read implies delivered', () => {
    setRead(1, owner.id, 0, 6);
    setRead(1, owner.id, 0, 3);
    let c = held().conversation;
    expect(c.receiver_last_delivered_id).toBe(6);
    expect(deliveryOf({ id: 6 }, c.receiver_last_read_id, c.receiver_last_delivered_id)).toBe('delivered');
    expect(deliveryOf({ id: 7 }, c.receiver_last_read_id, c.receiver_last_delivered_id)).toBe('sent');
    setRead(1, owner.id, 8);
    c = held().conversation;
    expect(c.receiver_last_delivered_id).toBe(8);
    expect(deliveryOf({ id: 6 }, c.receiver_last_read_id, c.receiver_last_delivered_id)).toBe('read');
    expect(deliveryOf({ id: 9 }, c.receiver_last_read_id, c.receiver_last_delivered_id)).toBe('sent');
    // the list row moves too
    expect(list()[0]).toMatchObject({ receiver_last_read_id: 8 });
  });

  it('a message from the other side moves their pointers to it over their own messages (the API does the same)', () => {
    setRead(1, owner.id, 1); // the store read the farmer's message 1
    receive(message(12, owner.id));
    const c = held().conversation;
    expect(c).toMatchObject({ receiver_last_read_id: 12, receiver_last_delivered_id: 12, sender_last_read_id: 0 });
    expect(deliveryOf({ id: 11 }, c.receiver_last_read_id, c.receiver_last_delivered_id)).toBe('read');
    expect(list()[0]).toMatchObject({ id: 1, receiver_last_read_id: 12 });
  });

  it('a reply written offline and delivered after the store wrote more moves no pointer past the store’s messages', () => {
    // the store's device: q (farmer) 1, a (store) 2 read by the farmer; the store then sends S1 3, S2 4
    signInForTest({ token: 't', user: createUser({ id: owner.id }) });
    const read = conversation({ sender_last_read_id: 2, sender_last_delivered_id: 2, receiver_last_read_id: 1 });
    client.clear();
    seed([{ ...read, last_message: message(2, owner.id) }], {
      1: { conversation: read, messages: [message(1, farmer.id), message(2, owner.id)], hasMore: false },
    });
    receive(message(3, owner.id));
    receive(message(4, owner.id));
    // the farmer's reply R, written offline before S1 and S2 reached them, arrives now
    receive(message(5, farmer.id));
    const ticks = (c: Conversation, id: number) =>
      deliveryOf({ id }, c.sender_last_read_id, c.sender_last_delivered_id);
    for (const c of [held().conversation, list()[0]]) {
      expect(c).toMatchObject({ sender_last_read_id: 2, sender_last_delivered_id: 2 });
      expect([ticks(c, 2), ticks(c, 3), ticks(c, 4)]).toEqual(['read', 'sent', 'sent']);
    }
    expect(list()[0]).toMatchObject({ last_message: { id: 5 }, unread_count: 1 });
    // once the farmer reads S2, their next message moves their pointers over their own R
    setRead(1, farmer.id, 4);
    receive(message(6, farmer.id));
    expect(held().conversation).toMatchObject({ sender_last_read_id: 6, sender_last_delivered_id: 6 });
  });

  it('the author’s own late message leaves their pointers when this device cannot see what lies between', () => {
    // the farmer's device; conversation 2 has no thread loaded and its last message is the store's
    client.clear();
    seed([conversation({ id: 2, last_message: message(4, owner.id, 2), unread_count: 1 })], {});
    receive(message(5, farmer.id, 2));
    expect(list()[0]).toMatchObject({
      sender_last_read_id: 0,
      sender_last_delivered_id: 0,
      unread_count: 1,
      last_message: { id: 5 },
    });
    // nothing of the store's between: the pointers follow the author's own messages
    setRead(2, farmer.id, 5);
    receive(message(6, farmer.id, 2));
    expect(list()[0]).toMatchObject({ sender_last_read_id: 6, sender_last_delivered_id: 6 });
  });

  it('older pages: messages pushed land in the newest page, each once across pages', () => {
    client.setQueryData<ThreadData>(conversationKeys.thread(1), {
      pages: [
        { ...conversation(), messages: [message(10, 7), message(11, owner.id)], has_more: true },
        { ...conversation(), messages: [message(4, 7), message(5, owner.id)], has_more: false },
      ],
      pageParams: [undefined, 10],
    });
    receive(message(5, owner.id));
    receive(message(12, 7));
    expect(held().messages.map((m) => m.id)).toEqual([4, 5, 10, 11, 12]);
    expect(held().hasMore).toBe(false);
  });

  it('a push that lands while the thread is being refetched is not undone by that answer', async () => {
    // The answer read the database before the message was stored (a refetch on mount racing the
    // outbox's send on reconnect): the push is applied again on it.
    const answers: ((page: ThreadData['pages'][number]) => void)[] = [];
    const queryFn = vi.fn(
      () =>
        new Promise<ThreadData['pages'][number]>((resolve) => {
          answers.push(resolve);
        }),
    );
    const { InfiniteQueryObserver } = await import('@tanstack/react-query');
    const off = new InfiniteQueryObserver(client, {
      queryKey: conversationKeys.thread(1),
      queryFn,
      initialPageParam: undefined,
      getNextPageParam: () => undefined,
      staleTime: Number.POSITIVE_INFINITY,
    }).subscribe(() => {});
    try {
      void client.refetchQueries({ queryKey: conversationKeys.thread(1) });
      await vi.waitFor(() => expect(answers).toHaveLength(1));
      receive(message(2, 7));
      expect(held().messages.map((m) => m.id)).toEqual([1, 2]);
      // the stale answer, without message 2: the push is applied again once it is in, no request repeated
      answers[0]({ ...conversation(), messages: [message(1, 7)], has_more: false });
      await vi.waitFor(() => expect(client.getQueryState(conversationKeys.thread(1))?.fetchStatus).toBe('idle'));
      await vi.waitFor(() => expect(held().messages.map((m) => m.id)).toEqual([1, 2]));
      expect(answers).toHaveLength(1);
    } finally {
      off();
    }
  });

  it('a push that lands while older messages load stays, and the older page is not cancelled', async () => {
    // the thread holds [5, 6] with older messages before; the reader asked for them
    client.setQueryData<ThreadData>(conversationKeys.thread(1), {
      pages: [{ ...conversation(), messages: [message(5, 7), message(6, owner.id)], has_more: true }],
      pageParams: [undefined],
    });
    const answers: ((page: ThreadData['pages'][number]) => void)[] = [];
    const { InfiniteQueryObserver } = await import('@tanstack/react-query');
    const observer = new InfiniteQueryObserver(client, {
      queryKey: conversationKeys.thread(1),
      queryFn: () => new Promise<ThreadData['pages'][number]>((resolve) => answers.push(resolve)),
      initialPageParam: undefined as number | undefined,
      getNextPageParam: (page: ThreadData['pages'][number]) => (page.has_more ? page.messages[0].id : undefined),
      staleTime: Number.POSITIVE_INFINITY,
    });
    const off = observer.subscribe(() => {});
    try {
      const older = observer.fetchNextPage();
      await vi.waitFor(() => expect(answers).toHaveLength(1));
      receive(message(7, owner.id));
      answers[0]({ ...conversation(), messages: [message(3, 7), message(4, owner.id)], has_more: false });
      await older;
      await vi.waitFor(() => expect(held().messages.map((m) => m.id)).toEqual([3, 4, 5, 6, 7]));
      expect(answers).toHaveLength(1);
      expect(held().hasMore).toBe(false);
    } finally {
      off();
    }
  });

  it('the list too: a message pushed while the list is refetched is not undone by its stale answer', async () => {
    const answers: ((list: Conversation[]) => void)[] = [];
    const { QueryObserver } = await import('@tanstack/react-query');
    const off = new QueryObserver(client, {
      queryKey: conversationKeys.mine,
      queryFn: () => new Promise<Conversation[]>((resolve) => answers.push(resolve)),
      staleTime: Number.POSITIVE_INFINITY,
    }).subscribe(() => {});
    try {
      void client.refetchQueries({ queryKey: conversationKeys.mine });
      await vi.waitFor(() => expect(answers).toHaveLength(1));
      receive(message(9, owner.id, 2));
      expect(list()[0].last_message?.id).toBe(9);
      // the stale answer: the push is applied again on it (counted once), no request repeated
      answers[0]([conversation(), conversation({ id: 2, unread_count: 2 })]);
      await vi.waitFor(() => expect(client.getQueryState(conversationKeys.mine)?.fetchStatus).toBe('idle'));
      await vi.waitFor(() => expect(list()[0]).toMatchObject({ id: 2, unread_count: 3, last_message: { id: 9 } }));
      expect(answers).toHaveLength(1);
      // an answer that had it already: applied again, nothing counted twice
      void client.refetchQueries({ queryKey: conversationKeys.mine });
      await vi.waitFor(() => expect(answers).toHaveLength(2));
      receive(message(9, owner.id, 2));
      answers[1]([conversation({ id: 2, unread_count: 3, last_message: message(9, owner.id, 2) }), conversation()]);
      await vi.waitFor(() => expect(client.getQueryState(conversationKeys.mine)?.fetchStatus).toBe('idle'));
      await new Promise((r) => setTimeout(r, 10));
      expect(list()[0]).toMatchObject({ id: 2, unread_count: 3, last_message: { id: 9 } });
    } finally {
      off();
    }
  });

  it('pushes for a conversation the cache does not hold change nothing', () => {
    client.clear();
    receive(message(5, owner.id, 1));
    setRead(1, owner.id, 5);
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});

describe('chat timers and receipts', () => {
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
    client = createTestQueryClient();
    signInForTest({ token: 't', user: farmer });
    useChat.getState().reset();
    resetReceipts();
    seed([conversation(), conversation({ id: 2 })], { 1: { conversation: conversation(), messages: [message(1, 7)] } });
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
    expect(useChat.getState().typing[1]).toEqual([owner.id]);
    vi.advanceTimersByTime(1_001);
    expect(useChat.getState().typing[1]).toEqual([]);
  });

  it('a stop clears the typist at once and cancels the expiry', () => {
    useChat.getState().setTyping(1, owner.id, true);
    useChat.getState().setTyping(1, owner.id, false);
    expect(useChat.getState().typing[1]).toEqual([]);
    vi.advanceTimersByTime(TYPING_EXPIRY_MS * 2);
    expect(useChat.getState().typing[1]).toEqual([]);
  });

  it('acknowledges delivery of the other side’s messages when the thread is not on screen, once per burst', () => {
    receive(message(5, owner.id, 2));
    receive(message(6, owner.id, 2));
    receive(message(7, 7, 2)); // my own: nothing to acknowledge
    vi.advanceTimersByTime(500);
    expect(writes).toEqual([['conversation:read', { conversation_id: 2, last_delivered_message_id: 6 }]]);
    // my own message 7 did not move my pointers past the store's 5 and 6 (as the API does); the
    // receipt moved delivered to 6
    expect(list().find((c) => c.id === 2)).toMatchObject({ sender_last_delivered_id: 6, sender_last_read_id: 0 });
    // the same message again (a re-sync) is not acknowledged twice
    receive(message(6, owner.id, 2));
    vi.advanceTimersByTime(500);
    expect(writes).toHaveLength(1);
  });

  it('leaves the open, visible thread to its read receipts', () => {
    setActiveConversation(client, 1);
    receive(message(5, owner.id, 1));
    vi.advanceTimersByTime(500);
    expect(writes).toEqual([]);
  });

  it('does not acknowledge for someone who is not a participant (the admin watching)', () => {
    signInForTest({ token: 't', user: createUser({ id: 99 }) });
    receive(message(5, owner.id, 2));
    vi.advanceTimersByTime(500);
    expect(writes).toEqual([]);
  });
});

describe('chat and the realtime connection', () => {
  afterEach(() => useRealtime.setState({ status: 'idle' }));

  it('a reconnect refetches the list once; a thread on screen re-syncs through its join, the others are marked stale', async () => {
    client = createTestQueryClient();
    const observed = (key: readonly unknown[]) => client.getQueryCache().find({ queryKey: key });
    // The list and thread 1 are on screen (observed, and thread 1 joined); thread 2 is only held.
    const conversations = vi.fn(async () => [conversation()]);
    const thread1 = vi.fn(async () => ({ ...conversation(), messages: [], has_more: false }));
    const { QueryObserver } = await import('@tanstack/react-query');
    const offs = [
      new QueryObserver(client, { queryKey: conversationKeys.mine, queryFn: conversations }).subscribe(() => {}),
      new QueryObserver(client, { queryKey: conversationKeys.thread(1), queryFn: thread1 }).subscribe(() => {}),
    ];
    useRealtime.getState().openConversation(1, 0);
    client.setQueryData(conversationKeys.thread(2), asPages({ conversation: conversation({ id: 2 }), messages: [] }));
    await vi.waitFor(() => expect(conversations).toHaveBeenCalledTimes(1));
    useRealtime.setState({ status: 'idle' });
    const unbind = bindChatToRealtime(client);
    try {
      // first connection: the list fetched before it may have missed a push, so it is refetched
      for (const status of ['connecting', 'online'] as const) useRealtime.setState({ status });
      await vi.waitFor(() => expect(conversations).toHaveBeenCalledTimes(2));
      // a reconnect: the list once more; thread 1 not at all (its join brings what it missed)
      for (const status of ['offline', 'connecting', 'online'] as const) useRealtime.setState({ status });
      await vi.waitFor(() => expect(conversations).toHaveBeenCalledTimes(3));
      expect(thread1).toHaveBeenCalledTimes(1);
      expect(observed(conversationKeys.thread(1))?.state.isInvalidated).toBe(false);
      expect(observed(conversationKeys.thread(2))?.state.isInvalidated).toBe(true);
      // a new session whose list was never fetched: nothing to refetch at its first connection
      client.removeQueries({ queryKey: conversationKeys.mine });
      for (const off of offs) off();
      for (const status of ['idle', 'connecting', 'online'] as const) useRealtime.setState({ status });
      expect(client.getQueryState(conversationKeys.mine)).toBeUndefined();
    } finally {
      unbind();
      useRealtime.getState().closeConversation(1);
    }
  });

  it('applies message:new, conversation:read and typing pushes', () => {
    client = createTestQueryClient();
    signInForTest({ token: 't', user: farmer });
    useChat.getState().reset();
    seed([conversation()], { 1: { conversation: conversation(), messages: [message(1, 7)] } });
    const unbind = bindChatToRealtime(client);
    try {
      push('typing', { conversation_id: 1, user_id: owner.id, typing: true });
      expect(useChat.getState().typing[1]).toEqual([owner.id]);
      push('message:new', { message: message(2, owner.id) });
      expect(held().messages.map((m) => m.id)).toEqual([1, 2]);
      expect(list()[0]).toMatchObject({ last_message: { id: 2 }, unread_count: 1 });
      expect(useChat.getState().typing[1]).toEqual([]);
      push('conversation:read', { conversation_id: 1, user_id: owner.id, last_read_message_id: 1 });
      expect(held().conversation.receiver_last_read_id).toBe(1);
      expect(list()[0].receiver_last_read_id).toBe(1);
    } finally {
      unbind();
      useChat.getState().reset();
    }
    expect(pushes.size).toBe(0);
  });
});
