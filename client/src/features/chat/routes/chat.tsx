/**
 * /chat/{id}: one conversation. On a phone it takes the whole screen (fixed over the site's top bar)
 * under a slim header — who you talk to, back; on a wide screen it sits in the page, as tall as the
 * window allows.
 */
import { Box } from '@chakra-ui/react/box';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useThreadConversation } from '@/api/conversations';
import { useUser } from '@/api/auth';
import { ChatThread } from '@/features/chat/components/chat-thread';
import { ThreadHeader } from '@/features/chat/components/thread-header';

export default function ChatRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const me = useUser()?.id ?? 0;
  // The same query as the thread below (one request): its conversation names the header.
  const conversation = useThreadConversation(id);
  return (
    <Box
      position={{ base: 'fixed', md: 'static' }}
      inset={{ base: '0', md: 'auto' }}
      zIndex={{ base: 'overlay', md: 'auto' }}
      bg="bg"
      display="flex"
      flexDirection="column"
      h={{ base: '100dvh', md: 'calc(100dvh - 140px)' }}
      minH={{ md: '96' }}
      maxW={{ md: '4xl' }}
      mx={{ md: 'auto' }}
      my={{ md: '4' }}
      borderWidth={{ md: '1px' }}
      rounded={{ md: 'lg' }}
      overflow="hidden"
      data-testid="chat-screen"
    >
      <ThreadHeader
        conversation={conversation}
        me={me}
        backTo={paths.chatList.getHref()}
        fallbackTitle={t('chat.title')}
      />
      <ChatThread key={id} conversationId={id} />
    </Box>
  );
}
