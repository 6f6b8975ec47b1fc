/**
 * While someone is signed in: the live connection, the chat pushes wired into the query cache
 * (api/conversations.ts), the conversations fetched, and the cart's pending order.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { watchPendingOrder } from '@/features/cart/lib/pending-order';
import { watchOrderStatus } from '@/features/orders/lib/status-alerts';
import { bindChatToRealtime, myConversationsQueryOptions, resetReceipts, useUnreadTotal } from '@/api/conversations';
import { unlockAudioOnGesture } from '@/lib/audio';
import { titleWithUnread, watchMessageAlerts } from '@/lib/message-alerts';
import { useMessageSound } from '@/stores/message-sound';
import { useChat } from '@/stores/chat';
import { useOrderUpdates } from '@/stores/order-updates';
import { useRealtime } from '@/stores/realtime';
import { useToken } from '@/stores/session';
import { useUser } from '@/api/auth';

export default function SignedInEffects() {
  const token = useToken();
  // Observing the user query here fetches it once per page load while signed in (api/auth.ts).
  const user = useUser();
  const canChat = user !== null && user.status !== 1;

  const queryClient = useQueryClient();
  useEffect(() => bindChatToRealtime(queryClient), [queryClient]);
  // A cart's order queued before a reload: empty the cart once the outbox delivered it.
  useEffect(() => watchPendingOrder(), []);
  // An order's status changed (live, or while the farmer was away): a toast and the badge on "طلباتي",
  // wherever the farmer is.
  const userId = user?.id;
  useEffect(() => (userId ? watchOrderStatus(queryClient, userId) : undefined), [queryClient, userId]);
  // A message from someone else: a toast with the sender and its first words; the unread count in the tab's title.
  useEffect(() => (userId ? watchMessageAlerts(queryClient, userId) : undefined), [queryClient, userId]);
  const unread = useUnreadTotal(canChat);
  useEffect(() => titleWithUnread(unread), [unread]);
  // The message sound, when switched on: the first tap or key press lets the browser play it.
  const soundOn = useMessageSound((s) => s.on);
  useEffect(() => (soundOn ? unlockAudioOnGesture() : undefined), [soundOn]);

  // Photos and voice notes queued before a reload (IndexedDB): uploaded and sent by themselves.
  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | null = null;
    let gone = false;
    void import('@/stores/chat-media')
      .then((m) => m.startMediaQueue(queryClient, userId))
      .then((s) => {
        if (gone) s();
        else stop = s;
      });
    return () => {
      gone = true;
      stop?.();
    };
  }, [queryClient, userId]);

  useEffect(() => {
    if (!token || !user) return;
    void useRealtime.getState().connect(token, user.id);
    if (canChat) void queryClient.prefetchQuery(myConversationsQueryOptions());
  }, [token, user, canChat, queryClient]);

  // Signed out (this component unmounts): close the connection and forget the chat's client state (the
  // account's queries are dropped by lib/query-client.ts when the token changes).
  useEffect(
    () => () => {
      useRealtime.getState().disconnect();
      useChat.getState().reset();
      useOrderUpdates.getState().reset();
      resetReceipts();
    },
    [],
  );

  return null;
}
