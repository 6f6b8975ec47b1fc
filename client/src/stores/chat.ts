/**
 * Conversations and their messages, kept live by the realtime pushes (message:new, typing,
 * conversation:read). Screens load through `loadConversations` / `loadThread` / `loadOlder`; pushes
 * update in place. Messages from the other side that reach this device while their thread is not on
 * screen are acknowledged as delivered (the thread on screen sends read receipts instead); the list
 * and the open thread reload when the connection comes back.
 */
import { apiPaths, type Conversation, type ConversationWithMessages, type Message } from '@agrivet/shared';
import { create } from 'zustand';
import { onRealtime, useRealtime } from './realtime';
import { useSession } from './session';

export interface Thread {
  conversation: Conversation;
  messages: Message[];
  /** User ids typing right now. */
  typing: number[];
  /** Older messages exist before the first one held (load them with `loadOlder`). */
  hasMore?: boolean;
}

/** A typist disappears after this long without a refresh (typing pushes are volatile). */
export const TYPING_EXPIRY_MS = 6_000;
/** Delivered receipts of a burst of messages go out as one. */
const DELIVERED_DEBOUNCE_MS = 150;

interface Pointers {
  read?: number;
  delivered?: number;
}

interface ChatState {
  conversations: Conversation[] | null;
  threads: Record<number, Thread>;
  /** The thread on screen: its messages don't count as unread. */
  activeId: number | null;
  loadConversations: () => Promise<Conversation[]>;
  loadThread: (id: number) => Promise<Thread>;
  /** The page of messages before the oldest one held; resolves with how many were added. */
  loadOlder: (id: number) => Promise<number>;
  setActive: (id: number | null) => void;
  receive: (message: Message) => void;
  setTyping: (conversationId: number, userId: number, typing: boolean) => void;
  /** A participant's pointers moved (they only move forward; read implies delivered). */
  setRead: (conversationId: number, userId: number, lastReadId: number, lastDeliveredId?: number) => void;
  reset: () => void;
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
 * reloads bring the API's values.
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
/** conversation/get-My-Conv calls in flight. */
let listLoads = 0;

function flushDelivered(): void {
  deliveredTimer = null;
  const me = useSession.getState().user?.id;
  for (const [conversationId, id] of pendingDelivered) {
    pendingDelivered.delete(conversationId);
    if ((deliveredSent.get(conversationId) ?? 0) >= id) continue;
    deliveredSent.set(conversationId, id);
    if (me !== undefined) useChat.getState().setRead(conversationId, me, 0, id);
    useRealtime
      .getState()
      .write('conversation:read', { conversation_id: conversationId, last_delivered_message_id: id })
      .result.catch(() => undefined);
  }
}

/**
 * A message of the other side reached this device: acknowledge delivery, unless its thread is on
 * screen and visible (the thread sends the read receipt, which implies delivered).
 */
function acknowledgeDelivery(conversationId: number, messageId: number): void {
  const me = useSession.getState().user?.id;
  if (me === undefined) return;
  const s = useChat.getState();
  if (s.activeId === conversationId && isVisible()) return;
  const c = s.threads[conversationId]?.conversation ?? s.conversations?.find((x) => x.id === conversationId);
  // Only a participant acknowledges (the admin watching does not).
  if (!c || (c.sender.id !== me && c.receiver.id !== me)) return;
  if (myDelivered(c, me) >= messageId) return;
  if ((pendingDelivered.get(conversationId) ?? 0) >= messageId) return;
  pendingDelivered.set(conversationId, messageId);
  deliveredTimer ??= setTimeout(flushDelivered, DELIVERED_DEBOUNCE_MS);
}

export const useChat = create<ChatState>((set, get) => ({
  conversations: null,
  threads: {},
  activeId: null,
  loadConversations: async () => {
    const { apiGet } = await import('../lib/api-client');
    listLoads += 1;
    let list: Conversation[] | { data: Conversation[] };
    try {
      list = await apiGet<Conversation[] | { data: Conversation[] }>(apiPaths.conversation.getMine);
    } finally {
      listLoads -= 1;
    }
    const conversations = Array.isArray(list) ? list : list.data;
    set({ conversations });
    const me = useSession.getState().user?.id;
    // Messages that arrived while this device was away: the list shows them, so they reached it.
    for (const c of conversations) {
      if (c.last_message && c.last_message.user_id !== me) acknowledgeDelivery(c.id, c.last_message.id);
    }
    return conversations;
  },
  loadThread: async (id) => {
    const { apiGet } = await import('../lib/api-client');
    const data = await apiGet<ConversationWithMessages>(apiPaths.conversation.get(id));
    const { messages, has_more: hasMore, ...conversation } = data;
    const previous = get().threads[id];
    const merged = mergeMessages(previous?.messages ?? [], messages);
    const thread: Thread = {
      conversation,
      messages: merged,
      typing: previous?.typing ?? [],
      // older pages already held keep their own has_more
      hasMore:
        previous && previous.messages.length > 0 && previous.messages[0].id < (messages[0]?.id ?? 0)
          ? previous.hasMore
          : hasMore,
    };
    set((s) => ({ threads: { ...s.threads, [id]: thread } }));
    return thread;
  },
  loadOlder: async (id) => {
    const thread = get().threads[id];
    const oldest = thread?.messages[0]?.id;
    if (!thread || oldest === undefined || thread.hasMore === false) return 0;
    const { apiGet } = await import('../lib/api-client');
    const data = await apiGet<ConversationWithMessages>(`${apiPaths.conversation.get(id)}?before_id=${oldest}`);
    const current = get().threads[id] ?? thread;
    const before = current.messages.length;
    const messages = mergeMessages(current.messages, data.messages);
    set((s) => ({ threads: { ...s.threads, [id]: { ...current, messages, hasMore: data.has_more } } }));
    return messages.length - before;
  },
  setActive: (id) => {
    set((s) => ({
      activeId: id,
      conversations:
        id === null || !s.conversations
          ? s.conversations
          : s.conversations.map((c) => (c.id === id ? { ...c, unread_count: 0 } : c)),
    }));
  },
  receive: (message) => {
    const me = useSession.getState().user?.id;
    set((s) => {
      const thread = s.threads[message.conversation_id];
      // The API moves an author's read and delivered pointers to each message they write, over the
      // author's own messages only (authorPointers).
      const threads = thread
        ? {
            ...s.threads,
            [message.conversation_id]: {
              ...thread,
              conversation: applyPointers(
                thread.conversation,
                message.user_id,
                authorPointers(thread.conversation, message, thread),
              ),
              messages: mergeMessages(thread.messages, [message]),
              typing: thread.typing.filter((u) => u !== message.user_id),
            },
          }
        : s.threads;
      const isNewUnread = message.user_id !== me && s.activeId !== message.conversation_id;
      let conversations = s.conversations;
      if (conversations) {
        const known = conversations.find((c) => c.id === message.conversation_id);
        if (known) {
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
          conversations = [updated, ...conversations.filter((c) => c.id !== known.id)];
        } else {
          // A conversation we have not seen yet (a store receiving a first message): reload the list.
          void get()
            .loadConversations()
            .catch(() => undefined);
        }
      }
      return { threads, conversations };
    });
    if (message.user_id !== me) acknowledgeDelivery(message.conversation_id, message.id);
  },
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
      const thread = s.threads[conversationId];
      if (!thread) return s;
      const others = thread.typing.filter((u) => u !== userId);
      if (!typing && others.length === thread.typing.length) return s;
      return {
        threads: { ...s.threads, [conversationId]: { ...thread, typing: typing ? [...others, userId] : others } },
      };
    });
  },
  setRead: (conversationId, userId, lastReadId, lastDeliveredId) => {
    const p: Pointers = { read: lastReadId, delivered: lastDeliveredId };
    set((s) => {
      const thread = s.threads[conversationId];
      return {
        threads: thread
          ? {
              ...s.threads,
              [conversationId]: { ...thread, conversation: applyPointers(thread.conversation, userId, p) },
            }
          : s.threads,
        conversations: s.conversations?.map((c) => (c.id === conversationId ? applyPointers(c, userId, p) : c)) ?? null,
      };
    });
  },
  reset: () => {
    for (const timer of typingTimers.values()) clearTimeout(timer);
    typingTimers.clear();
    if (deliveredTimer) clearTimeout(deliveredTimer);
    deliveredTimer = null;
    pendingDelivered.clear();
    deliveredSent.clear();
    set({ conversations: null, threads: {}, activeId: null });
  },
}));

/** Total unread messages for the top bar badge. */
export const selectUnreadTotal = (s: ChatState): number =>
  (s.conversations ?? []).reduce((n, c) => n + Math.max(c.unread_count, 0), 0);

/**
 * After a reconnect (not the first connection): what happened meanwhile — new conversations, unread
 * counts, the peer's read and delivered pointers — comes back by reloading the list (when loaded)
 * and the thread on screen. Messages of open threads are re-synced by the realtime client itself.
 */
export function reloadAfterReconnect(): void {
  const s = useChat.getState();
  if (s.conversations !== null) void s.loadConversations().catch(() => undefined);
  if (s.activeId !== null) void s.loadThread(s.activeId).catch(() => undefined);
}

/**
 * Wires the realtime pushes into this store (called once at start-up). The first connection of a
 * session reloads the list only when it was loaded (or loading) before the socket could receive
 * pushes: a message written in between would be missing from it and from the unread badge.
 */
export function bindChatToRealtime(): () => void {
  let everOnline = useRealtime.getState().status === 'online';
  const offStatus = useRealtime.subscribe((state, previous) => {
    if (state.status === previous.status) return;
    if (state.status === 'online') {
      if (everOnline) reloadAfterReconnect();
      else if (useChat.getState().conversations !== null || listLoads > 0) {
        void useChat
          .getState()
          .loadConversations()
          .catch(() => undefined);
      }
      everOnline = true;
    } else if (state.status === 'idle') {
      everOnline = false; // signed out or a new session: its first connection is not a reconnect
    }
  });
  const offs = [
    offStatus,
    onRealtime('message:new', ({ message }) => useChat.getState().receive(message)),
    onRealtime('typing', ({ conversation_id, user_id, typing }) =>
      useChat.getState().setTyping(conversation_id, user_id, typing),
    ),
    onRealtime('conversation:read', ({ conversation_id, user_id, last_read_message_id, last_delivered_message_id }) =>
      useChat.getState().setRead(conversation_id, user_id, last_read_message_id, last_delivered_message_id),
    ),
  ];
  return () => {
    for (const off of offs) off();
  };
}
