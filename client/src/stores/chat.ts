/**
 * Conversations and their messages, kept live by the realtime pushes (message:new, typing,
 * conversation:read). Screens load through `loadConversations` / `loadThread`; pushes update in place.
 */
import { apiPaths, type Conversation, type ConversationWithMessages, type Message } from '@agrivet/shared';
import { create } from 'zustand';
import { onRealtime } from './realtime';
import { useSession } from './session';

export interface Thread {
  conversation: Conversation;
  messages: Message[];
  /** User ids typing right now. */
  typing: number[];
}

interface ChatState {
  conversations: Conversation[] | null;
  threads: Record<number, Thread>;
  /** The thread on screen: its messages don't count as unread. */
  activeId: number | null;
  loadConversations: () => Promise<Conversation[]>;
  loadThread: (id: number) => Promise<Thread>;
  setActive: (id: number | null) => void;
  receive: (message: Message) => void;
  setTyping: (conversationId: number, userId: number, typing: boolean) => void;
  setRead: (conversationId: number, userId: number, lastReadId: number) => void;
  reset: () => void;
}

const byId = (a: Message, b: Message) => a.id - b.id;

function mergeMessages(existing: Message[], incoming: Message[]): Message[] {
  const map = new Map(existing.map((m) => [m.id, m]));
  for (const m of incoming) map.set(m.id, m);
  return [...map.values()].sort(byId);
}

function applyRead(c: Conversation, userId: number, lastReadId: number): Conversation {
  if (userId === c.sender.id) return { ...c, sender_last_read_id: Math.max(c.sender_last_read_id, lastReadId) };
  if (userId === c.receiver.id) return { ...c, receiver_last_read_id: Math.max(c.receiver_last_read_id, lastReadId) };
  return c;
}

export const useChat = create<ChatState>((set, get) => ({
  conversations: null,
  threads: {},
  activeId: null,
  loadConversations: async () => {
    const { apiGet } = await import('../lib/api-client');
    const list = await apiGet<Conversation[] | { data: Conversation[] }>(apiPaths.conversation.getMine);
    const conversations = Array.isArray(list) ? list : list.data;
    set({ conversations });
    return conversations;
  },
  loadThread: async (id) => {
    const { apiGet } = await import('../lib/api-client');
    const data = await apiGet<ConversationWithMessages>(apiPaths.conversation.get(id));
    const { messages, has_more: _hasMore, ...conversation } = data;
    const previous = get().threads[id];
    const thread: Thread = {
      conversation,
      messages: mergeMessages(previous?.messages ?? [], messages),
      typing: previous?.typing ?? [],
    };
    set((s) => ({ threads: { ...s.threads, [id]: thread } }));
    return thread;
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
      const threads = thread
        ? {
            ...s.threads,
            [message.conversation_id]: {
              ...thread,
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
          const alreadyLast = known.last_message !== null && known.last_message.id >= message.id;
          const updated: Conversation = alreadyLast
            ? known
            : {
                ...known,
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
  },
  setTyping: (conversationId, userId, typing) => {
    set((s) => {
      const thread = s.threads[conversationId];
      if (!thread) return s;
      const others = thread.typing.filter((u) => u !== userId);
      return {
        threads: { ...s.threads, [conversationId]: { ...thread, typing: typing ? [...others, userId] : others } },
      };
    });
  },
  setRead: (conversationId, userId, lastReadId) => {
    set((s) => {
      const thread = s.threads[conversationId];
      return {
        threads: thread
          ? {
              ...s.threads,
              [conversationId]: { ...thread, conversation: applyRead(thread.conversation, userId, lastReadId) },
            }
          : s.threads,
        conversations:
          s.conversations?.map((c) => (c.id === conversationId ? applyRead(c, userId, lastReadId) : c)) ?? null,
      };
    });
  },
  reset: () => set({ conversations: null, threads: {}, activeId: null }),
}));

/** Total unread messages for the top bar badge. */
export const selectUnreadTotal = (s: ChatState): number =>
  (s.conversations ?? []).reduce((n, c) => n + Math.max(c.unread_count, 0), 0);

/** Wires the realtime pushes into this store (called once at start-up). */
export function bindChatToRealtime(): () => void {
  const offs = [
    onRealtime('message:new', ({ message }) => useChat.getState().receive(message)),
    onRealtime('typing', ({ conversation_id, user_id, typing }) =>
      useChat.getState().setTyping(conversation_id, user_id, typing),
    ),
    onRealtime('conversation:read', ({ conversation_id, user_id, last_read_message_id }) =>
      useChat.getState().setRead(conversation_id, user_id, last_read_message_id),
    ),
  ];
  return () => {
    for (const off of offs) off();
  };
}
