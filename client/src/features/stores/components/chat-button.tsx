/**
 * Opens the existing conversation with a store (conversation_id) or creates one; needs login
 * ('يرجى تسجيل الدخول لتتمكن من ارسال رسالة': a visitor goes to /login?next=/chat/store/{id}, which opens
 * the conversation after login or register); disabled while the request runs; errors as toasts.
 */
import '@/i18n/layout';
import type { Store, User } from '@agrivet/shared';
import { Button } from '@chakra-ui/react/button';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MdChatBubbleOutline } from 'react-icons/md';
import { useNavigate } from 'react-router-dom';
import { notify } from '@/components/ui/toaster';
import { loginHref, paths } from '@/config/paths';
import { selectIsLoggedIn, useSession } from '@/stores/session';
import { authKeys, useUserQuery } from '@/api/auth';
import { failureOf } from '@/lib/query-client';
import { storeKeys } from '@/api/stores';

/**
 * The signed-in user as soon as the user query has it, or the reason it has not: a tap right after the
 * page loads comes while the first GET auth/user is still on its way (only the token is saved), so it
 * waits for that answer; a failed try (offline start, retrying) rejects with its failure at once.
 */
function userOrFailure(client: QueryClient, fallback: () => Error): Promise<User> {
  return new Promise((resolve, reject) => {
    let unsubscribe: (() => void) | null = null;
    const settle = (): boolean => {
      const state = client.getQueryState<User>(authKeys.user());
      if (state?.data) resolve(state.data);
      else if (!state || state.fetchFailureReason || state.fetchStatus === 'idle') {
        reject(state?.fetchFailureReason ?? state?.error ?? fallback());
      } else return false;
      unsubscribe?.();
      return true;
    };
    if (!settle()) unsubscribe = client.getQueryCache().subscribe(() => void settle());
  });
}

export function ChatButton({ store }: { store: Store }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useSession(selectIsLoggedIn);
  const userQuery = useUserQuery();
  const user = loggedIn ? (userQuery.data ?? null) : null;
  const userFailure = failureOf(userQuery);
  const queryClient = useQueryClient();
  const [running, setRunning] = useState(false);
  if (user && user.id === store.user_id) return null;

  const open = async () => {
    // Signed in is "has a token": the user may still be unknown (offline start, restore retrying).
    if (!loggedIn) {
      // Back from login or register, /chat/store/{id} opens this store's conversation (the intent survives).
      notify.info(t('store.loginToChat'));
      navigate(loginHref(paths.startChat.getHref(store.id)));
      return;
    }
    if (store.conversation_id) {
      navigate(paths.chat.getHref(store.conversation_id));
      return;
    }
    setRunning(true);
    try {
      // Not known yet: wait for the first answer; after a failure (offline start, still retrying) say
      // why at once, the query keeps trying by itself.
      if (!user && userFailure) throw userFailure;
      const me = user ?? (await userOrFailure(queryClient, () => new Error(t('errors.requestFailed'))));
      // The chat's queries load on the tap, not with the store lists (a visitor mostly never taps).
      const { conversationKeys, startConversation } = await import('@/api/conversations');
      const conversation = await startConversation({
        sender_id: me.id,
        receiver_id: store.user_id,
        store_id: store.id,
      });
      // The store lists say which stores the viewer chats with; the chat list gains this one.
      void queryClient.invalidateQueries({ queryKey: storeKeys.all });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.mine });
      navigate(paths.chat.getHref(conversation.id));
    } catch (err) {
      notify.error(err, t('errors.requestFailed'));
    } finally {
      setRunning(false);
    }
  };

  return (
    <Button size="sm" variant="outline" colorPalette="green" onClick={open} loading={running} flex="1">
      <MdChatBubbleOutline aria-hidden />
      {store.conversation_id ? t('store.openChat') : t('store.chat')}
    </Button>
  );
}
