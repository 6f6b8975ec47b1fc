/** While someone is signed in: the live connection, the pushes wired into the chat store, conversations. */
import { useEffect } from 'react';
import { bindChatToRealtime, useChat } from '../stores/chat';
import { useRealtime } from '../stores/realtime';
import { useSession } from '../stores/session';

export default function SignedInEffects() {
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  const canChat = user !== null && user.status !== 1;

  useEffect(() => bindChatToRealtime(), []);

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
