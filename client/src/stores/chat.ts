/**
 * The chat's client state: the thread on screen (its messages don't count as unread and get read
 * receipts instead) and who is typing. Conversations and messages are server state: api/conversations.ts.
 */
import { create } from 'zustand';

/** A typist disappears after this long without a refresh (typing pushes are volatile). */
export const TYPING_EXPIRY_MS = 6_000;

interface ChatState {
  activeId: number | null;
  /** Conversation id → user ids typing right now. */
  typing: Record<number, number[]>;
  setTyping: (conversationId: number, userId: number, typing: boolean) => void;
  reset: () => void;
}

const typingTimers = new Map<string, ReturnType<typeof setTimeout>>();

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
    set({ activeId: null, typing: {} });
  },
}));
