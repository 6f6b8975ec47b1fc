/** /chat/list: my conversations, newest activity first, live through message:new. */
import { Stack } from '@chakra-ui/react/stack';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/ui/page';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { failureOf } from '@/lib/query-client';
import { useMyConversations } from '@/api/conversations';
import { useUser } from '@/api/auth';
import { ConversationItem } from '@/components/ui/conversation-item';

export default function ChatListRoute() {
  const { t } = useTranslation();
  const me = useUser()?.id ?? 0;
  // The list is held in the query cache, live through message:new and conversation:read (api/conversations.ts).
  const query = useMyConversations();
  const conversations = query.data;
  const failure = failureOf(query);
  return (
    <Page title={t('chat.title')}>
      {!conversations ? (
        failure ? (
          <ErrorState error={failure} onRetry={() => void query.refetch()} />
        ) : (
          <LoadingState />
        )
      ) : conversations.length === 0 ? (
        <EmptyState message={t('chat.empty')} />
      ) : (
        <Stack as="ul" gap="2" aria-label={t('chat.title')}>
          {conversations.map((c) => (
            <ConversationItem key={c.id} conversation={c} me={me} />
          ))}
        </Stack>
      )}
    </Page>
  );
}
