/**
 * One chat message: text with dir="auto", a photo (its size reserved from the attachment's width and
 * height, so the thread does not jump while it loads; tapping opens the viewer) or a voice note's
 * player, the time and, on my messages, the delivery tick: pending (clock, in the outbox), sent ✓,
 * read ✓✓ blue, failed. A deleted message shows "تم حذف هذه الرسالة". My messages younger than 15
 * minutes have a menu with "delete". Media still on this device show their upload progress, and a
 * failed upload offers retry and discard.
 */
import type { Attachment, Message, MessageCard } from '@agrivet/shared';
import { Box } from '@chakra-ui/react/box';
import { chakra } from '@chakra-ui/react/styled-system';
import { Button, IconButton } from '@chakra-ui/react/button';
import { Image } from '@chakra-ui/react/image';
import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { MdAccessTime, MdBlock, MdDone, MdDoneAll, MdErrorOutline, MdExpandMore } from 'react-icons/md';
import { dateLocale } from '@/lib/format';
import { fallbackToLogo, imageUrl } from '@/lib/images';
import { PLACEHOLDER_LOOK, useThreadInteractive } from '@/features/chat/lib/after-paint';
import { useCanDelete } from '@/features/chat/lib/delete-window';
import { type CardContext, MessageCardView } from './message-card';
import { VoicePlayer } from './voice-player';

export type Delivery = 'pending' | 'failed' | 'sent' | 'delivered' | 'read';

/** A photo or voice note still on this device (stores/chat-media.ts). */
export interface LocalMedia {
  kind: Attachment['kind'];
  url: string;
  width?: number;
  height?: number;
  duration_ms?: number;
  /** `waiting`: a failure that will be retried by itself (offline): shown like a queued text, no error. */
  state: 'uploading' | 'failed' | 'sending' | 'waiting';
  progress: number;
  error?: string;
  onRetry: () => void;
  onDiscard: () => void;
}

interface MessageBubbleProps {
  mine: boolean;
  /** Who wrote it, shown above the text when someone other than the two participants reads. */
  author?: string;
  text: string | null;
  /** The stored attachment (CONTRACT.md §7). */
  attachment?: Attachment | null;
  /** An older image message without `attachment`. */
  image?: string | null;
  local?: LocalMedia;
  deleted?: boolean;
  time: string | null;
  delivery?: Delivery;
  /** Opens the photo in the viewer. */
  onOpenImage?: () => void;
  /** Offered (in a menu) while the message can be deleted. */
  onDelete?: () => void;
  /** Several photos shown together (the thread's groups) replace the single photo. */
  children?: ReactNode;
  /** A product or order card (CONTRACT.md §8) and what its buttons need. */
  card?: MessageCard | null;
  cardContext?: CardContext;
  /** The store's automatic away reply. */
  auto?: boolean;
}

function Tick({ delivery }: { delivery: Delivery }) {
  const { t } = useTranslation();
  const label = t(`chat.${delivery}`);
  const Icon =
    delivery === 'pending'
      ? MdAccessTime
      : delivery === 'failed'
        ? MdErrorOutline
        : delivery === 'sent'
          ? MdDone
          : MdDoneAll;
  return (
    <Box
      as="span"
      color={delivery === 'read' ? 'blue.600' : delivery === 'failed' ? 'red.600' : 'fg.muted'}
      title={label}
      display="inline-flex"
      fontSize="md"
      lineHeight="1"
    >
      <Icon aria-label={label} role="img" data-tick={delivery} />
    </Box>
  );
}

/** One formatter per language: toLocaleTimeString builds one per call (~0.5 ms a bubble on a slow phone). */
const timeFormats = new Map<string, Intl.DateTimeFormat>();

export function formatTime(time: string, lang: string): string {
  let format = timeFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(dateLocale(lang), { hour: '2-digit', minute: '2-digit' });
    timeFormats.set(lang, format);
  }
  return format.format(new Date(time));
}

/** A photo with its box reserved from its known size (a 4:3 box when unknown). */
export function ChatPhoto({
  src,
  width,
  height,
  onOpen,
  maxH = '72',
  dim = false,
}: {
  src: string;
  width?: number;
  height?: number;
  onOpen?: () => void;
  maxH?: string;
  dim?: boolean;
}) {
  const { t } = useTranslation();
  const ratio = width && height ? width / height : 4 / 3;
  const img = (
    <Image
      src={src}
      alt={t('thread.image')}
      onError={fallbackToLogo}
      htmlWidth={width}
      htmlHeight={height}
      w="100%"
      h="auto"
      maxH={maxH}
      aspectRatio={ratio}
      objectFit="cover"
      rounded="md"
      bg="blackAlpha.100"
      display="block"
      opacity={dim ? 0.7 : 1}
    />
  );
  if (!onOpen) return img;
  return (
    <chakra.button
      type="button"
      onClick={onOpen}
      aria-label={t('thread.openPhoto')}
      display="block"
      w="100%"
      cursor="zoom-in"
      rounded="md"
      _focusVisible={{ outline: '2px solid', outlineColor: 'green.600' }}
    >
      {img}
    </chakra.button>
  );
}

// The upload's bar comes with the composer's chunk (the photo was sent from it, so it is in already).
const UploadProgress = lazy(() => import('./composer').then((m) => ({ default: m.UploadProgress })));
// The menu's code (Chakra's menu, its positioning) loads after the thread is on screen; until then the
// same button, inert, holds its place — drawn as the real one (PLACEHOLDER_LOOK), not greyed out as
// disabled, so nothing seems to change when the code arrives.
const LazyDeleteMenu = lazy(() => import('./delete-menu').then((m) => ({ default: m.DeleteMenu })));

function DeleteMenuSlot({ onDelete }: { onDelete: () => void }) {
  const { t } = useTranslation();
  const placeholder = (
    <IconButton
      aria-label={t('thread.menu')}
      size="2xs"
      variant="ghost"
      color="fg.muted"
      minW="6"
      h="6"
      disabled
      _disabled={PLACEHOLDER_LOOK}
    >
      <MdExpandMore />
    </IconButton>
  );
  if (!useThreadInteractive()) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LazyDeleteMenu onDelete={onDelete} />
    </Suspense>
  );
}

export function MessageBubble({
  mine,
  author,
  text,
  attachment,
  image,
  local,
  deleted = false,
  time,
  delivery,
  onOpenImage,
  onDelete,
  children,
  card,
  cardContext,
  auto,
}: MessageBubbleProps) {
  const { t, i18n } = useTranslation();
  const canDelete = useCanDelete(time, onDelete !== undefined && !deleted);
  const photo = attachment?.kind === 'image' ? attachment : null;
  const voice = attachment?.kind === 'audio' ? attachment : null;
  const legacyImage = !attachment && image ? image : null;
  const wide = Boolean(photo || legacyImage || children || local?.kind === 'image');
  return (
    <Box
      as="li"
      listStyleType="none"
      alignSelf={mine ? 'flex-end' : 'flex-start'}
      maxW={wide ? 'min(80%, 320px)' : '80%'}
      w={wide ? 'min(80%, 320px)' : undefined}
      bg={mine ? 'green.100' : 'gray.100'}
      rounded="xl"
      px={wide ? '1' : '3'}
      pt={wide ? '1' : '2'}
      pb="1"
      data-delivery={delivery}
      data-deleted={deleted || undefined}
    >
      {author && (
        <Text fontSize="xs" fontWeight="bold" color="green.800" mb="1" dir="auto" px={wide ? '2' : '0'}>
          {author}
        </Text>
      )}
      {deleted ? (
        <HStack gap="1" color="fg.muted" fontStyle="italic">
          <MdBlock aria-hidden />
          <Text>{t('thread.deleted')}</Text>
        </HStack>
      ) : (
        <>
          {children}
          {photo && (
            <ChatPhoto
              src={imageUrl(photo.thumb ?? photo.path)}
              width={photo.width}
              height={photo.height}
              onOpen={onOpenImage}
            />
          )}
          {legacyImage && <ChatPhoto src={imageUrl(legacyImage)} onOpen={onOpenImage} />}
          {voice && <VoicePlayer src={imageUrl(voice.path)} durationMs={voice.duration_ms} mine={mine} />}
          {local && <LocalMediaView media={local} mine={mine} />}
          {card && <MessageCardView card={card} context={cardContext} />}
          {auto && (
            <Text fontSize="xs" color="fg.muted" fontStyle="italic" data-testid="auto-reply">
              {t('cards.auto')}
            </Text>
          )}
          {text && (
            <Text dir="auto" whiteSpace="pre-wrap" wordBreak="break-word" px={wide ? '2' : '0'} pt={wide ? '1' : '0'}>
              {text}
            </Text>
          )}
        </>
      )}
      <HStack gap="1" justify="flex-end" fontSize="xs" color="fg.muted" mt="1" px={wide ? '2' : '0'}>
        {canDelete && onDelete && <DeleteMenuSlot onDelete={onDelete} />}
        {time && <time dateTime={time}>{formatTime(time, i18n.language)}</time>}
        {mine && delivery && <Tick delivery={delivery} />}
      </HStack>
    </Box>
  );
}

/** A photo or voice note on its way: the local file, the upload's progress, retry after a failure. */
function LocalMediaView({ media, mine }: { media: LocalMedia; mine: boolean }) {
  const { t } = useTranslation();
  const interactive = useThreadInteractive();
  const percent = Math.round(media.progress * 100);
  return (
    <Box>
      {media.kind === 'image' ? (
        <ChatPhoto src={media.url} width={media.width} height={media.height} dim={media.state !== 'sending'} />
      ) : (
        <VoicePlayer src={media.url} durationMs={media.duration_ms} mine={mine} />
      )}
      {media.state === 'uploading' && (
        <Box px="2" pt="1" role="status" aria-label={t('thread.uploading', { percent })}>
          <Text fontSize="xs" color="fg.muted">
            {t('thread.uploading', { percent })}
          </Text>
          {interactive ? (
            <Suspense fallback={<Box h="1.5" />}>
              <UploadProgress percent={percent} label={t('thread.uploading', { percent })} />
            </Suspense>
          ) : (
            <Box h="1.5" />
          )}
        </Box>
      )}
      {media.state === 'failed' && (
        <Box px="2" pt="1" role="alert">
          <Text fontSize="xs" color="fg.error">
            {media.error ?? t('thread.uploadFailed')}
          </Text>
          <HStack gap="2" mt="1">
            <Button size="xs" colorPalette="green" onClick={media.onRetry}>
              {t('thread.retry')}
            </Button>
            <Button size="xs" variant="outline" onClick={media.onDiscard}>
              {t('thread.discard')}
            </Button>
          </HStack>
        </Box>
      )}
    </Box>
  );
}

/** My stored message's state from the peer's pointers (read implies delivered). */
export function deliveryOf(
  message: Pick<Message, 'id'>,
  peerLastReadId: number,
  peerLastDeliveredId: number = peerLastReadId,
): Delivery {
  if (message.id <= peerLastReadId) return 'read';
  return message.id <= peerLastDeliveredId ? 'delivered' : 'sent';
}
