/**
 * The store account's chats: its conversations live (message:new applied to the cache, stores/chat.ts) with
 * unread counts; each opens the same chat thread as the farmer side (/chat/{id}).
 */
import { Stack } from '@chakra-ui/react/stack';
import { useQuery } from '@tanstack/react-query';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { failureOf } from '@/lib/query-client';
import { conversationsQueryOptions } from '../../../stores/chat';
import { useSession } from '../../../stores/session';
import { ConversationItem } from '@/components/ui/conversation-item';
import { ScreenFrame } from '../components/screen-frame';
import { useDashboardT } from '../i18n/register';

export default function StoreChatsRoute() {
  const { t } = useDashboardT();
  const me = useSession((s) => s.user?.id ?? 0);
  const query = useQuery(conversationsQueryOptions());
  const conversations = query.data;
  const failure = failureOf(query);
  return (
    <ScreenFrame title={t('chats.title')}>
      {!conversations ? (
        failure ? (
          <ErrorState error={failure} onRetry={() => void query.refetch()} />
        ) : (
          <LoadingState />
        )
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
