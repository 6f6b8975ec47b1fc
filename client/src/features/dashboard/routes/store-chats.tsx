/**
 * The store account's chats, inside the dashboard: its conversations live (message:new applied to the
 * cache, api/conversations.ts) with the time and preview of the last message and unread counts. A
 * conversation opens here (`?c={id}`), beside the list on a wide screen and instead of it on a phone
 * (with a back button), in features/chat's thread handed in through the dashboard slots.
 */
import { Box } from '@chakra-ui/react/box';
import { IconButton } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Suspense } from 'react';
import { MdArrowBack, MdArrowForward } from 'react-icons/md';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import '@/i18n/chat';
import { ConversationItem } from '@/components/ui/conversation-item';
import { LoadingState } from '@/components/ui/loading-state';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { failureOf } from '@/lib/query-client';
import { useMyConversations } from '@/api/conversations';
import { useUser } from '@/api/auth';
import { useDashboardT } from '@/features/dashboard/i18n/register';
import { dashboardPaths } from '@/features/dashboard/lib/dashboard-paths';
import { useDashboardSlots } from '@/features/dashboard/lib/slots';

export default function StoreChatsRoute() {
  const { t, common, lang } = useDashboardT();
  const { ChatThread } = useDashboardSlots();
  const me = useUser()?.id ?? 0;
  const query = useMyConversations();
  const conversations = query.data;
  const failure = failureOf(query);
  const [params] = useSearchParams();
  const openId = Number(params.get('c')) || null;
  const open = conversations?.find((c) => c.id === openId);
  const peer = open ? (open.sender.id === me ? open.store.name_store : open.sender.name) : '';
  const Back = lang === 'ar' ? MdArrowForward : MdArrowBack;
  const href = (id: number) => `${dashboardPaths.chats.getHref()}?c=${id}`;

  return (
    <Stack gap="3" p={{ base: '0', md: '4' }} h="calc(100dvh - 56px)" minH="96">
      <Heading
        as="h1"
        size={{ base: 'lg', md: 'xl' }}
        px={{ base: '3', md: '0' }}
        pt={{ base: '3', md: '0' }}
        hideBelow={openId ? 'md' : undefined}
      >
        {t('chats.title')}
      </Heading>
      <HStack align="stretch" gap="4" flex="1" minH="0">
        <Box
          w={{ base: '100%', md: '80' }}
          flexShrink={0}
          overflowY="auto"
          display={{ base: openId ? 'none' : 'block', md: 'block' }}
          px={{ base: '3', md: '0' }}
        >
          {!conversations ? (
            failure ? (
              <ErrorState error={failure} onRetry={() => void query.refetch()} />
            ) : (
              <LoadingState />
            )
          ) : conversations.length === 0 ? (
            <EmptyState message={t('chats.empty')} />
          ) : (
            <Stack as="ul" gap="2" aria-label={t('chats.title')} bg="bg" p="2" rounded="lg">
              {conversations.map((c) => (
                <ConversationItem key={c.id} conversation={c} me={me} to={href(c.id)} active={c.id === openId} />
              ))}
            </Stack>
          )}
        </Box>
        <Stack
          flex="1"
          minW="0"
          gap="0"
          bg="bg"
          borderWidth={{ md: '1px' }}
          rounded={{ md: 'lg' }}
          overflow="hidden"
          display={{ base: openId ? 'flex' : 'none', md: 'flex' }}
          data-testid="dashboard-thread"
        >
          {openId ? (
            <>
              <HStack gap="2" px="2" py="1.5" borderBottomWidth="1px" minH="12">
                <IconButton asChild variant="ghost" size="sm" aria-label={common('thread.back')} hideFrom="md">
                  <RouterLink to={dashboardPaths.chats.getHref()}>
                    <Back />
                  </RouterLink>
                </IconButton>
                <Heading as="h2" size="md" truncate>
                  {peer}
                </Heading>
              </HStack>
              <Suspense fallback={<LoadingState />}>
                <ChatThread key={openId} conversationId={openId} />
              </Suspense>
            </>
          ) : (
            <Text color="fg.muted" m="auto" p="6" textAlign="center">
              {common('thread.choose')}
            </Text>
          )}
        </Stack>
      </HStack>
    </Stack>
  );
}
