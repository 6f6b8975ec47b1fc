/** /chat/{id}: one conversation. */
import { Button } from '@chakra-ui/react/button';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { paths } from '../../../config/paths';
import { threadQueryOptions } from '../../../stores/chat';
import { useSession } from '../../../stores/session';
import { ChatThread } from '../components/chat-thread';

export default function ChatRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const me = useSession((s) => s.user?.id ?? 0);
  // The same query as the thread below (one request): its conversation names the page.
  const conversation = useQuery(threadQueryOptions(id)).data?.conversation;
  const title = conversation
    ? conversation.sender.id === me
      ? conversation.store.name_store
      : conversation.sender.name
    : t('chat.title');
  return (
    <Page
      title={title}
      actions={
        <Button asChild variant="ghost" size="sm">
          <RouterLink to={paths.chatList.getHref()}>{t('chat.back')}</RouterLink>
        </Button>
      }
    >
      <ChatThread key={id} conversationId={id} />
    </Page>
  );
}
