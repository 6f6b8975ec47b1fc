/** conversation/{id} (admin): every message of one conversation, read-only, new ones live (admin room). */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useThreadConversation } from '@/api/conversations';
import { ScreenFrame } from '@/features/dashboard/components/screen-frame';
import { useDashboardT } from '@/features/dashboard/lib/i18n';
import { dashboardPaths } from '@/features/dashboard/lib/dashboard-paths';
import { useDashboardSlots } from '@/features/dashboard/lib/slots';

export default function ConversationViewRoute() {
  const { t } = useDashboardT();
  const { ChatThread } = useDashboardSlots();
  const id = Number(useParams().id);
  // The same query as the thread (one request): its conversation names the page.
  const conversation = useThreadConversation(id);
  const title = conversation
    ? t('conversations.thread', { sender: conversation.sender.name, store: conversation.store.name_store })
    : t('conversations.view');
  return (
    <ScreenFrame
      title={title}
      actions={
        <Button asChild variant="ghost" size="sm">
          <RouterLink to={dashboardPaths.conversationList.getHref()}>{t('conversations.back')}</RouterLink>
        </Button>
      }
    >
      {/* The thread scrolls inside a window-high box, opening at the newest message. */}
      <Box
        display="flex"
        flexDirection="column"
        h="calc(100dvh - 170px)"
        minH="80"
        bg="bg"
        borderWidth="1px"
        rounded="lg"
        overflow="hidden"
      >
        <ChatThread key={id} conversationId={id} readOnly />
      </Box>
    </ScreenFrame>
  );
}
