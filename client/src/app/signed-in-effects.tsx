/**
 * While someone is signed in: the live connection, the pushes wired into the chat store, conversations,
 * and the cart's pending order.
 */
import { useEffect } from 'react';
import { watchPendingOrder } from '../features/cart/lib/pending-order';
import { bindChatToRealtime, useChat } from '../stores/chat';
import { useRealtime } from '../stores/realtime';
import { useSession } from '../stores/session';

export default function SignedInEffects() {
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  const canChat = user !== null && user.status !== 1;

  useEffect(() => bindChatToRealtime(), []);
  // A cart's order queued before a reload: empty the cart once the outbox delivered it.
  useEffect(() => watchPendingOrder(), []);

  useEffect(() => {
    if (!token || !user) return;
    void useRealtime.getState().connect(token, user.id);
    if (canChat)
      void useChat
        .getState()
        .loadConversations()
        .catch(() => undefined);
  }, [token, user, canChat]);

  // Signed out (this component unmounts): close the connection and forget the conversations.
  useEffect(
    () => () => {
      useRealtime.getState().disconnect();
      useChat.getState().reset();
    },
    [],
  );

  return null;
}
