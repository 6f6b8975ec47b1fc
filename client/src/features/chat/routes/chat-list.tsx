/** /chat/list: my conversations, newest activity first, live through message:new. */
import { Stack } from '@chakra-ui/react/stack';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { useQuery } from '../../../lib/use-query';
import { useChat } from '../../../stores/chat';
import { useSession } from '../../../stores/session';
import { ConversationItem } from '@/components/ui/conversation-item';

export default function ChatListRoute() {
  const { t } = useTranslation();
  const me = useSession((s) => s.user?.id ?? 0);
  const conversations = useChat((s) => s.conversations);
  const query = useQuery('conversations', () => useChat.getState().loadConversations());
  return (
    <Page title={t('chat.title')}>
      {query.error && !conversations ? (
        <ErrorState error={query.error} onRetry={query.reload} />
      ) : !conversations ? (
        <LoadingState />
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
