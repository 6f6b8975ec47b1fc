/**
 * /chat/store/{storeId}: opens the signed-in user's conversation with a store — POST conversation/create,
 * idempotent: the existing one or a new one — and replaces itself with /chat/{id}. «مراسلة» sends a
 * visitor to /login with this page as `next`, so after login or register they land in that chat
 * (issue 24). Behind RequireAuth; a refusal (the store is gone, it is the caller's own store) is shown
 * with a retry.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { failureOf } from '@/lib/query-client';
import { conversationKeys, startConversationQueryOptions } from '@/api/conversations';
import { storeKeys } from '@/api/stores';

export default function StartChatRoute() {
  const { t } = useTranslation();
  const storeId = Number(useParams().storeId);
  const queryClient = useQueryClient();
  const query = useQuery(startConversationQueryOptions(storeId));
  const conversation = query.data;
  useEffect(() => {
    if (!conversation) return;
    // The store lists say which stores the viewer chats with; the chat list gains this one.
    void queryClient.invalidateQueries({ queryKey: storeKeys.all });
    void queryClient.invalidateQueries({ queryKey: conversationKeys.mine });
  }, [conversation, queryClient]);
  if (conversation) return <Navigate to={paths.chat.getHref(conversation.id)} replace />;
  const failure = failureOf(query);
  return (
    <Page title={t('store.chat')}>
      {failure || !(storeId > 0) ? (
        <ErrorState error={failure ?? new Error(t('store.notFound'))} onRetry={() => void query.refetch()} />
      ) : (
        <LoadingState />
      )}
    </Page>
  );
}
