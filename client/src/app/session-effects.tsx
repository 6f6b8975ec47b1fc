/** Side effects of the session: restore on load, live connection and conversations while signed in. */
import { useEffect } from 'react';
import { bindChatToRealtime, useChat } from '../stores/chat';
import { useRealtime } from '../stores/realtime';
import { useSession } from '../stores/session';

export function SessionEffects() {
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  const canChat = user !== null && user.status !== 1;

  useEffect(() => {
    void useSession.getState().restore();
    return bindChatToRealtime();
  }, []);

  useEffect(() => {
    if (token && user) {
      void useRealtime.getState().connect(token, user.id);
      if (canChat)
        void useChat
          .getState()
          .loadConversations()
          .catch(() => undefined);
    } else if (!token) {
      useRealtime.getState().disconnect();
      useChat.getState().reset();
    }
  }, [token, user, canChat]);

  return null;
}
