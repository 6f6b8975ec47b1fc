/**
 * The thread's slim header: back, the other side's picture and name, and the connection state. On a
 * phone the thread takes the whole screen under it (chat route), above the site's search bar and links.
 */
import type { Store, Conversation } from '@agrivet/shared';
import { IconButton } from '@chakra-ui/react/button';
import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { Image } from '@chakra-ui/react/image';
import { HStack, Stack } from '@chakra-ui/react/stack';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { MdArrowBack, MdArrowForward } from 'react-icons/md';
import { Link as RouterLink } from 'react-router-dom';
import { fallbackToLogo, imageUrl } from '@/lib/images';
import { storeStatus, useStoreStatus } from '@/api/store-status';
import { useAfterPaint } from '@/features/chat/lib/after-paint';
import { LazyThreadSafetyMenu, ThreadSafetyPlaceholder } from '@/components/ui/thread-safety-slot';
import { ConnectionStatus } from '@/components/ui/connection-status';

/** "مفتوح الآن حتى 17:00 · يرد عادة خلال 10 دقائق" (CONTRACT.md §8). */
export function storeStatusLine(store: Store, t: TFunction): string {
  const parts = storeStatus(store);
  const open =
    parts.state === 'always'
      ? null
      : parts.state === 'open'
        ? parts.until
          ? t('storeStatus.openUntil', { time: parts.until })
          : t('storeStatus.open')
        : parts.opens
          ? t('storeStatus.closedOpens', { day: t(`storeStatus.day${parts.opens.day}`), time: parts.opens.time })
          : t('storeStatus.closed');
  const reply = parts.replyMinutes !== null ? t('storeStatus.replies', { n: parts.replyMinutes }) : null;
  return [open, reply].filter(Boolean).join(' · ') || t('storeStatus.open');
}

interface ThreadHeaderProps {
  conversation: Conversation | undefined;
  me: number;
  backTo: string;
  /** What the header says before the conversation is loaded. */
  fallbackTitle: string;
}

export function ThreadHeader({ conversation, me, backTo, fallbackTitle }: ThreadHeaderProps) {
  const { t, i18n } = useTranslation();
  const iAmSender = conversation ? conversation.sender.id === me : true;
  const title = conversation ? (iAmSender ? conversation.store.name_store : conversation.sender.name) : fallbackTitle;
  const image = conversation ? (iAmSender ? conversation.store.image : conversation.sender.image) : null;
  const Back = i18n.dir() === 'rtl' ? MdArrowForward : MdArrowBack;
  // the farmer sees the store's hours and reply time; the connection only while it is not online
  const storeQuery = useStoreStatus(conversation && iAmSender ? conversation.store_id : null);
  const interactive = useAfterPaint(conversation !== undefined);
  // The safety menu is the participants' (the admin's read-only view has none): its button's place is
  // held, inert, until its code is in.
  const participant = conversation !== undefined && (conversation.sender.id === me || conversation.receiver.id === me);
  const storeLine = storeQuery.data ? storeStatusLine(storeQuery.data, t) : null;
  return (
    <HStack gap="2" px="2" py="1.5" borderBottomWidth="1px" bg="bg" minH="14" flexShrink={0}>
      <IconButton asChild variant="ghost" aria-label={t('thread.back')} size="sm">
        <RouterLink to={backTo}>
          <Back />
        </RouterLink>
      </IconButton>
      {/* While the thread loads, the picture's and the menu's places are held: the title does not move. */}
      {conversation ? (
        <Image
          src={imageUrl(image, true)}
          onError={fallbackToLogo}
          alt=""
          boxSize="9"
          rounded="full"
          objectFit="cover"
        />
      ) : (
        <Box boxSize="9" rounded="full" bg="bg.muted" flexShrink={0} aria-hidden />
      )}
      <Stack gap="0" minW="0" flex="1">
        <Heading as="h1" size="md" truncate>
          {title}
        </Heading>
        <ConnectionStatus online={storeLine} />
      </Stack>
      {(conversation === undefined || participant) &&
        // its dialog, form fields and report queries load after the thread is on screen (lib/after-paint.ts)
        (interactive ? <LazyThreadSafetyMenu conversation={conversation} me={me} /> : <ThreadSafetyPlaceholder />)}
    </HStack>
  );
}
