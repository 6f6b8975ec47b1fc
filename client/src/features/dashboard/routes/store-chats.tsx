/**
 * The store account's chats: its conversations live (message:new through the chat store) with
 * unread counts; each opens the same chat thread as the farmer side (/chat/{id}).
 */
import { Stack } from '@chakra-ui/react/stack';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { useQuery } from '../../../lib/use-query';
import { useChat } from '../../../stores/chat';
import { useSession } from '../../../stores/session';
import { ConversationItem } from '@/components/ui/conversation-item';
import { ScreenFrame } from '../components/screen-frame';
import { useDashboardT } from '../i18n/register';

export default function StoreChatsRoute() {
  const { t } = useDashboardT();
  const me = useSession((s) => s.user?.id ?? 0);
  const conversations = useChat((s) => s.conversations);
  const query = useQuery('dash-chats', () => useChat.getState().loadConversations());
  return (
    <ScreenFrame title={t('chats.title')}>
      {query.error && !conversations ? (
        <ErrorState error={query.error} onRetry={query.reload} />
      ) : !conversations ? (
        <LoadingState />
      ) : conversations.length === 0 ? (
        <EmptyState message={t('chats.empty')} />
      ) : (
        <Stack as="ul" gap="2" aria-label={t('chats.title')} bg="bg" p="2" rounded="lg" maxW="3xl">
          {conversations.map((c) => (
            <ConversationItem key={c.id} conversation={c} me={me} />
          ))}
        </Stack>
      )}
    </ScreenFrame>
  );
}
