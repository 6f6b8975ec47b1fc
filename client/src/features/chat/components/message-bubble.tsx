/**
 * One chat message: text with dir="auto", optional image, time and delivery ticks for my messages:
 * pending (clock, in the outbox), sent ✓, delivered ✓✓ grey, read ✓✓ blue, failed. A pending image
 * shows a "sending" bar until the relay acknowledges it.
 */
import type { Message } from '@agrivet/shared';
import { Box } from '@chakra-ui/react/box';
import { Image } from '@chakra-ui/react/image';
import { Progress } from '@chakra-ui/react/progress';
import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useTranslation } from 'react-i18next';
import { MdAccessTime, MdDone, MdDoneAll, MdErrorOutline } from 'react-icons/md';
import { fallbackToLogo, imageUrl } from '../../../lib/images';
import { progressRecipe } from '../../../lib/theme/slot-recipes';

export type Delivery = 'pending' | 'failed' | 'sent' | 'delivered' | 'read';

interface MessageBubbleProps {
  mine: boolean;
  /** Who wrote it, shown above the text when someone other than the two participants reads. */
  author?: string;
  text: string | null;
  image?: string | null;
  /** A local preview (object URL) of an image still in the outbox. */
  previewUrl?: string;
  time: string | null;
  delivery?: Delivery;
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
      color={delivery === 'read' ? 'blue.600' : delivery === 'failed' ? 'red.500' : 'fg.muted'}
      title={label}
      display="inline-flex"
      fontSize="md"
      lineHeight="1"
    >
      <Icon aria-label={label} role="img" data-tick={delivery} />
    </Box>
  );
}

export function MessageBubble({ mine, author, text, image, previewUrl, time, delivery }: MessageBubbleProps) {
  const lang = useTranslation().i18n.language;
  return (
    <Box
      as="li"
      listStyleType="none"
      alignSelf={mine ? 'flex-end' : 'flex-start'}
      maxW="80%"
      bg={mine ? 'green.100' : 'gray.100'}
      rounded="xl"
      px="3"
      py="2"
      data-delivery={delivery}
    >
      {author && (
        <Text fontSize="xs" fontWeight="bold" color="green.800" mb="1" dir="auto">
          {author}
        </Text>
      )}
      {(image || previewUrl) && (
        <Image
          src={previewUrl ?? imageUrl(image ?? null)}
          alt=""
          onError={fallbackToLogo}
          rounded="md"
          maxH="64"
          mb={text ? '2' : '0'}
          loading="lazy"
          opacity={previewUrl && delivery === 'pending' ? 0.7 : 1}
        />
      )}
      {previewUrl && delivery === 'pending' && <Sending />}
      {text && (
        <Text dir="auto" whiteSpace="pre-wrap" wordBreak="break-word">
          {text}
        </Text>
      )}
      <HStack gap="1" justify="flex-end" fontSize="xs" color="fg.muted" mt="1">
        {time && (
          <time dateTime={time}>
            {new Date(time).toLocaleTimeString(lang === 'ar' ? 'ar-SY' : 'en-GB', {
              hour: '2-digit',
              minute: '2-digit',
            })}
          </time>
        )}
        {mine && delivery && <Tick delivery={delivery} />}
      </HStack>
    </Box>
  );
}

/** An image still travelling to the relay: an indeterminate bar until the ack. */
function Sending() {
  const { t } = useTranslation();
  return (
    <Box mb="1" role="status" aria-label={t('chat.sending')}>
      <Text fontSize="xs" color="fg.muted">
        {t('chat.sending')}
      </Text>
      <Progress.Root recipe={progressRecipe} value={null} size="xs" colorPalette="green" aria-label={t('chat.sending')}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
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
