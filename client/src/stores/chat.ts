/**
 * Chat. Conversations and their messages are server state and are held once, in the query cache
 * (lib/query-client.ts): the conversation list (`chatKeys.conversations`, GET conversation/get-My-Conv)
 * and one entry per thread (`chatKeys.thread(id)`, GET conversation/get/{id} with older pages merged
 * in). The realtime pushes are applied there with setQueryData (`message:new`, `message:deleted`,
 * `conversation:read`),
 * so the list, the open thread and the unread badges follow them; after a reconnect the chat queries
 * are refetched. Messages still waiting in the outbox belong to the realtime store until the API has
 * stored them. This zustand store keeps client state only: the thread on screen and who is typing.
 *
 * Messages from the other side that reach this device while their thread is not on screen are
 * acknowledged as delivered (the thread on screen sends read receipts instead).
 *
 * The keys live here rather than in a feature's api/ because the top bar, the chat feature and the
 * dashboard all show them (features do not import each other).
 */
import { apiPaths, type Conversation, type ConversationWithMessages, type Message } from '@agrivet/shared';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { create } from 'zustand';
import { announceReconnected } from '@/lib/back-online';
import { scope } from '@/lib/query-client';
import { onRealtime, useRealtime } from './realtime';
import { getUser } from '@/api/auth';

/** One conversation with the messages held of it. */
export interface Thread {
  conversation: Conversation;
  /** Oldest first. */
  messages: Message[];
  /** Older messages exist before the first one held (load them with `loadOlderMessages`). */
  hasMore?: boolean;
}

export const chatKeys = {
  all: [scope.account, 'chat'] as const,
  conversations: [scope.account, 'chat', 'conversations'] as const,
  thread: (id: number) => [scope.account, 'chat', 'thread', id] as const,
};

/** A typist disappears after this long without a refresh (typing pushes are volatile). */
export const TYPING_EXPIRY_MS = 6_000;
/** Delivered receipts of a burst of messages go out as one. */
const DELIVERED_DEBOUNCE_MS = 150;

interface ChatState {
  /** The thread on screen: its messages don't count as unread and get read receipts instead. */
  activeId: number | null;
  /** Conversation id → user ids typing right now. */
  typing: Record<number, number[]>;
  setTyping: (conversationId: number, userId: number, typing: boolean) => void;
  reset: () => void;
}

interface Pointers {
  read?: number;
  delivered?: number;
}

const byId = (a: Message, b: Message) => a.id - b.id;

function mergeMessages(existing: Message[], incoming: Message[]): Message[] {
  const map = new Map(existing.map((m) => [m.id, m]));
  for (const m of incoming) map.set(m.id, m);
  return [...map.values()].sort(byId);
}

function applyPointers(c: Conversation, userId: number, p: Pointers): Conversation {
  const side = userId === c.sender.id ? 'sender' : userId === c.receiver.id ? 'receiver' : null;
  if (side === null) return c;
  const readKey = side === 'sender' ? 'sender_last_read_id' : 'receiver_last_read_id';
  const deliveredKey = side === 'sender' ? 'sender_last_delivered_id' : 'receiver_last_delivered_id';
  const read = Math.max(c[readKey] ?? 0, p.read ?? 0);
  const delivered = Math.max(c[deliveredKey] ?? 0, p.delivered ?? 0, read);
  if (read === c[readKey] && delivered === c[deliveredKey]) return c;
  return { ...c, [readKey]: read, [deliveredKey]: delivered };
}

/**
 * Where a message's author's pointers go when it arrives — the API's rule (services/messages.ts): each
 * pointer moves to the message only over the author's own messages, i.e. when no message of the other
 * participant lies between the pointer and it (a reply written offline and delivered after the peer
 * wrote more must not mark the peer's messages read or delivered). `held`: the thread's messages when
 * loaded. A pointer stays when this device cannot tell (the thread holds nothing down to the pointer;
 * without a thread, the list's last message lies between): staying never shows a false tick, and
 * refetches bring the API's values.
 */
function authorPointers(c: Conversation, message: Message, held: Thread | undefined): Pointers {
  const author = message.user_id;
  const side = author === c.sender.id ? 'sender' : author === c.receiver.id ? 'receiver' : null;
  if (side === null) return {};
  const messages = held?.messages ?? [];
  const known = c.last_message ? [...messages, c.last_message] : messages;
  const canMove = (pointer: number): boolean => {
    if (pointer >= message.id) return false;
    const between = known.filter((m) => m.id > pointer && m.id < message.id);
    if (between.some((m) => m.user_id !== author)) return false;
    if (!held) return between.length === 0;
    // the thread must reach down to the pointer (or hold the whole history)
    return held.hasMore === false || (messages.length > 0 && messages[0].id <= pointer);
  };
  const read = (side === 'sender' ? c.sender_last_read_id : c.receiver_last_read_id) ?? 0;
  const delivered = Math.max(
    read,
    (side === 'sender' ? c.sender_last_delivered_id : c.receiver_last_delivered_id) ?? 0,
  );
  return {
    read: canMove(read) ? message.id : undefined,
    delivered: canMove(delivered) ? message.id : undefined,
  };
}

/** My delivered pointer in this conversation (0 when unknown or not a participant). */
function myDelivered(c: Conversation, me: number): number {
  const d =
    me === c.sender.id ? c.sender_last_delivered_id : me === c.receiver.id ? c.receiver_last_delivered_id : undefined;
  const r = me === c.sender.id ? c.sender_last_read_id : c.receiver_last_read_id;
  return Math.max(d ?? 0, r ?? 0);
}

const isVisible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

const typingTimers = new Map<string, ReturnType<typeof setTimeout>>();
/** conversation id → highest message id waiting for its delivered receipt. */
const pendingDelivered = new Map<number, number>();
/** conversation id → highest delivered receipt already written (avoids repeating it). */
const deliveredSent = new Map<number, number>();
let deliveredTimer: ReturnType<typeof setTimeout> | null = null;

export const useChat = create<ChatState>((set, get) => ({
  activeId: null,
  typing: {},
  setTyping: (conversationId, userId, typing) => {
    const key = `${conversationId}:${userId}`;
    const timer = typingTimers.get(key);
    if (timer) clearTimeout(timer);
    typingTimers.delete(key);
    if (typing) {
      // Pushes are volatile: a lost "stopped typing" must not leave the indicator on forever.
      typingTimers.set(
        key,
        setTimeout(() => get().setTyping(conversationId, userId, false), TYPING_EXPIRY_MS),
      );
    }
    set((s) => {
      const current = s.typing[conversationId] ?? [];
      const others = current.filter((u) => u !== userId);
      if (!typing && others.length === current.length) return s;
      return { typing: { ...s.typing, [conversationId]: typing ? [...others, userId] : others } };
    });
  },
  reset: () => {
    for (const timer of typingTimers.values()) clearTimeout(timer);
    typingTimers.clear();
    if (deliveredTimer) clearTimeout(deliveredTimer);
    deliveredTimer = null;
    pendingDelivered.clear();
    deliveredSent.clear();
    set({ activeId: null, typing: {} });
  },
}));

/** The conversation as this device holds it (its thread's copy first, else the list's row). */
function heldConversation(client: QueryClient, id: number): Conversation | undefined {
  return (
    client.getQueryData<Thread>(chatKeys.thread(id))?.conversation ??
    client.getQueryData<Conversation[]>(chatKeys.conversations)?.find((c) => c.id === id)
  );
}

/** A participant's pointers moved (they only move forward; read implies delivered). */
export function applyReadPointers(
  client: QueryClient,
  conversationId: number,
  userId: number,
  lastReadId: number,
  lastDeliveredId?: number,
): void {
  const p: Pointers = { read: lastReadId, delivered: lastDeliveredId };
  client.setQueryData<Thread>(chatKeys.thread(conversationId), (thread) =>
    thread ? { ...thread, conversation: applyPointers(thread.conversation, userId, p) } : thread,
  );
  client.setQueryData<Conversation[]>(chatKeys.conversations, (list) =>
    list?.map((c) => (c.id === conversationId ? applyPointers(c, userId, p) : c)),
  );
}

function flushDelivered(client: QueryClient): void {
  deliveredTimer = null;
  const me = getUser()?.id;
  for (const [conversationId, id] of pendingDelivered) {
    pendingDelivered.delete(conversationId);
    if ((deliveredSent.get(conversationId) ?? 0) >= id) continue;
    deliveredSent.set(conversationId, id);
    if (me !== undefined) applyReadPointers(client, conversationId, me, 0, id);
    useRealtime
      .getState()
      .write('conversation:read', { conversation_id: conversationId, last_delivered_message_id: id })
      .result.catch(() => undefined);
  }
}

/**
 * A message of the other side reached this device: acknowledge delivery, unless its thread is on
 * screen and visible (the thread sends the read receipt, which implies delivered). `known`: the
 * conversation when it is not in the cache yet (a list being fetched).
 */
function acknowledgeDelivery(client: QueryClient, conversationId: number, messageId: number, known?: Conversation) {
  const me = getUser()?.id;
  if (me === undefined) return;
  if (useChat.getState().activeId === conversationId && isVisible()) return;
  const c = known ?? heldConversation(client, conversationId);
  // Only a participant acknowledges (the admin watching does not).
  if (!c || (c.sender.id !== me && c.receiver.id !== me)) return;
  if (myDelivered(c, me) >= messageId) return;
  if ((pendingDelivered.get(conversationId) ?? 0) >= messageId) return;
  pendingDelivered.set(conversationId, messageId);
  deliveredTimer ??= setTimeout(() => flushDelivered(client), DELIVERED_DEBOUNCE_MS);
}

/** GET conversation/get-My-Conv; what arrived while this device was away is acknowledged as delivered. */
async function fetchConversations(client: QueryClient, signal: AbortSignal): Promise<Conversation[]> {
  const { apiGet } = await import('@/lib/api-client');
  const list = await apiGet<Conversation[] | { data: Conversation[] }>(
    apiPaths.conversation.getMine,
    undefined,
    signal,
  );
  const conversations = Array.isArray(list) ? list : list.data;
  const me = getUser()?.id;
  for (const c of conversations) {
    if (c.last_message && c.last_message.user_id !== me) acknowledgeDelivery(client, c.id, c.last_message.id, c);
  }
  return conversations;
}

/** GET conversation/get/{id}: its newest page, merged with the older pages already held. */
async function fetchThread(client: QueryClient, id: number, signal: AbortSignal): Promise<Thread> {
  const { apiGet } = await import('@/lib/api-client');
  const data = await apiGet<ConversationWithMessages>(apiPaths.conversation.get(id), undefined, signal);
  const { messages, has_more: hasMore, ...conversation } = data;
  const previous = client.getQueryData<Thread>(chatKeys.thread(id));
  return {
    conversation,
    messages: mergeMessages(previous?.messages ?? [], messages),
    // older pages already held keep their own has_more
    hasMore:
      previous && previous.messages.length > 0 && previous.messages[0].id < (messages[0]?.id ?? 0)
        ? previous.hasMore
        : hasMore,
  };
}

/** My conversations, newest activity first; live through the pushes. */
export const conversationsQueryOptions = () =>
  queryOptions({
    queryKey: chatKeys.conversations,
    queryFn: ({ client, signal }) => fetchConversations(client, signal),
    // Kept current by message:new and conversation:read; the realtime reconnect refetches it.
    staleTime: 15_000,
    refetchOnReconnect: false,
  });

/** One conversation and its messages; live through the pushes while held. */
export const threadQueryOptions = (id: number) =>
  queryOptions({
    queryKey: chatKeys.thread(id),
    queryFn: ({ client, signal }) => fetchThread(client, id, signal),
    refetchOnReconnect: false,
  });

/** The page of messages before the oldest one held; resolves with how many were added. */
export async function loadOlderMessages(client: QueryClient, id: number): Promise<number> {
  const thread = client.getQueryData<Thread>(chatKeys.thread(id));
  const oldest = thread?.messages[0]?.id;
  if (!thread || oldest === undefined || thread.hasMore === false) return 0;
  const { apiGet } = await import('@/lib/api-client');
  const data = await apiGet<ConversationWithMessages>(`${apiPaths.conversation.get(id)}?before_id=${oldest}`);
  const current = client.getQueryData<Thread>(chatKeys.thread(id)) ?? thread;
  const messages = mergeMessages(current.messages, data.messages);
  client.setQueryData<Thread>(chatKeys.thread(id), { ...current, messages, hasMore: data.has_more });
  return messages.length - current.messages.length;
}

/** The thread on screen (null: none); its unread count is cleared in the list. */
export function setActiveConversation(client: QueryClient, id: number | null): void {
  useChat.setState({ activeId: id });
  if (id === null) return;
  client.setQueryData<Conversation[]>(chatKeys.conversations, (list) =>
    list?.map((c) => (c.id === id && c.unread_count !== 0 ? { ...c, unread_count: 0 } : c)),
  );
}

/**
 * A message stored by the API (a `message:new` push, or the answer to our own `message:send`): added
 * once to its thread, its conversation moved to the top of the list with the new last message and
 * unread count; a conversation the list does not have yet (a store's first message from a farmer)
 * makes the list refetch.
 */
export function receiveMessage(client: QueryClient, message: Message): void {
  const me = getUser()?.id;
  const id = message.conversation_id;
  const thread = client.getQueryData<Thread>(chatKeys.thread(id));
  if (thread) {
    // The API moves an author's read and delivered pointers to each message they write, over the
    // author's own messages only (authorPointers).
    client.setQueryData<Thread>(chatKeys.thread(id), {
      ...thread,
      conversation: applyPointers(
        thread.conversation,
        message.user_id,
        authorPointers(thread.conversation, message, thread),
      ),
      messages: mergeMessages(thread.messages, [message]),
    });
  }
  const typing = useChat.getState().typing[id];
  if (typing?.includes(message.user_id)) useChat.getState().setTyping(id, message.user_id, false);
  const list = client.getQueryData<Conversation[]>(chatKeys.conversations);
  if (list) {
    const known = list.find((c) => c.id === id);
    if (known) {
      const isNewUnread = message.user_id !== me && useChat.getState().activeId !== id;
      const authorMoved = applyPointers(known, message.user_id, authorPointers(known, message, thread));
      const alreadyLast = known.last_message !== null && known.last_message.id >= message.id;
      const updated: Conversation = alreadyLast
        ? authorMoved
        : {
            ...authorMoved,
            last_message: message,
            updated_at: message.created_at,
            unread_count: known.unread_count + (isNewUnread ? 1 : 0),
          };
      client.setQueryData<Conversation[]>(chatKeys.conversations, [updated, ...list.filter((c) => c.id !== id)]);
    } else {
      void client.invalidateQueries({ queryKey: chatKeys.conversations });
    }
  }
  if (message.user_id !== me) acknowledgeDelivery(client, id, message.id);
}

/** What a deleted message keeps: its place, author and time (CONTRACT.md §7 message/delete). */
const asDeleted = (m: Message): Message =>
  m.deleted ? m : { ...m, deleted: true, message: null, image: null, attachment: null };

/**
 * A message was deleted (the `message:deleted` push, or the answer to our own delete): it shows as
 * deleted in its thread and, when it is the last one, in the conversation list.
 */
export function applyDeleted(client: QueryClient, conversationId: number, messageId: number): void {
  client.setQueryData<Thread>(chatKeys.thread(conversationId), (thread) =>
    thread?.messages.some((m) => m.id === messageId && !m.deleted)
      ? { ...thread, messages: thread.messages.map((m) => (m.id === messageId ? asDeleted(m) : m)) }
      : thread,
  );
  client.setQueryData<Conversation[]>(chatKeys.conversations, (list) =>
    list?.some((c) => c.id === conversationId && c.last_message?.id === messageId && !c.last_message.deleted)
      ? list.map((c) =>
          c.id === conversationId && c.last_message ? { ...c, last_message: asDeleted(c.last_message) } : c,
        )
      : list,
  );
}

/** Deletes my message (within 15 minutes; the admin any): applied here at once, pushed to the other side. */
export async function deleteMessage(client: QueryClient, message: Pick<Message, 'id' | 'conversation_id'>) {
  const deleted = await useRealtime.getState().deleteMessage(message.id);
  applyDeleted(client, deleted.conversation_id ?? message.conversation_id, message.id);
}

/** Total unread messages (the badges). */
export const unreadTotal = (conversations: Conversation[]): number =>
  conversations.reduce((n, c) => n + Math.max(c.unread_count, 0), 0);

/** The unread badge's count; `enabled` false (an account that cannot chat) asks nothing. */
export function useUnreadTotal(enabled: boolean): number {
  const { data } = useQuery({ ...conversationsQueryOptions(), enabled, select: unreadTotal });
  return enabled ? (data ?? 0) : 0;
}

/**
 * Refetch these chat queries where shown (the others are marked stale and refetched when shown). A
 * first fetch still under way is restarted: its answer may predate what the socket missed.
 */
async function refetchChat(client: QueryClient, queryKey: readonly unknown[]): Promise<void> {
  await client.cancelQueries({ queryKey, predicate: (q) => q.state.data === undefined });
  await client.invalidateQueries({ queryKey });
}

/**
 * After a reconnect (not the first connection): what happened meanwhile — new conversations, unread
 * counts, the peer's read and delivered pointers — comes back by refetching the chat queries.
 * Messages of open threads are re-synced by the realtime client itself.
 */
export function refetchAfterReconnect(client: QueryClient): Promise<void> {
  return refetchChat(client, chatKeys.all);
}

/**
 * Wires the realtime pushes into the query cache (once per session, by app/signed-in-effects.tsx). The
 * first connection of a session refetches the list only when it was loaded (or loading) before the
 * socket could receive pushes: a message written in between would be missing from it and the badge.
 */
export function bindChatToRealtime(client: QueryClient): () => void {
  let everOnline = useRealtime.getState().status === 'online';
  const offStatus = useRealtime.subscribe((state, previous) => {
    if (state.status === previous.status) return;
    if (state.status === 'online') {
      announceReconnected(); // load errors on screen retry by themselves (ErrorState)
      if (everOnline) void refetchAfterReconnect(client);
      else if (client.getQueryState(chatKeys.conversations) !== undefined)
        void refetchChat(client, chatKeys.conversations);
      everOnline = true;
    } else if (state.status === 'idle') {
      everOnline = false; // signed out or a new session: its first connection is not a reconnect
    }
  });
  const offs = [
    offStatus,
    onRealtime('message:new', ({ message }) => receiveMessage(client, message)),
    onRealtime('message:deleted', ({ conversation_id, message_id }) =>
      applyDeleted(client, conversation_id, message_id),
    ),
    onRealtime('typing', ({ conversation_id, user_id, typing }) =>
      useChat.getState().setTyping(conversation_id, user_id, typing),
    ),
    onRealtime('conversation:read', ({ conversation_id, user_id, last_read_message_id, last_delivered_message_id }) =>
      applyReadPointers(client, conversation_id, user_id, last_read_message_id, last_delivered_message_id),
    ),
  ];
  return () => {
    for (const off of offs) off();
  };
}
