import type { Conversation, Message } from '@agrivet/shared';
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Image } from '@chakra-ui/react/image';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { dateLocale } from '@/lib/format';
import { fallbackToLogo, imageUrl } from '@/lib/images';

/** The list's preview of a message: its text, else "صورة" / "رسالة صوتية", or "تم حذف هذه الرسالة". */
export function messagePreview(m: Message, t: TFunction): string {
  if (m.deleted) return `🚫 ${t('thread.deleted')}`;
  if (m.message) return m.message;
  if (m.card?.type === 'product') return `🛒 ${m.card.name}`;
  if (m.card?.type === 'order') return `🧾 ${t('cards.order', { id: m.card.order_id })}`;
  if (m.attachment?.kind === 'audio') return `🎤 ${t('thread.voice')}`;
  return `📷 ${t('chat.image')}`;
}

/** The last message's time: the hour today, "أمس", else the date (Western digits). */
export function lastTime(iso: string, lang: string, yesterday: string, now: Date = new Date()): string {
  const d = new Date(iso);
  const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();
  if (sameDay(d, now)) return d.toLocaleTimeString(dateLocale(lang), { hour: '2-digit', minute: '2-digit' });
  const y = new Date(now);
  y.setDate(y.getDate() - 1);
  if (sameDay(d, y)) return yesterday;
  return d.toLocaleDateString(dateLocale(lang), { day: 'numeric', month: 'short' });
}

/**
 * One conversation in a list (the farmer's /chatlist, a store account's dashboard chats): the other
 * side's name and picture, the last message and the unread count, linking to /chat/{id}.
 */
export function ConversationItem({
  conversation,
  me,
  to,
  active = false,
}: {
  conversation: Conversation;
  me: number;
  /** Where the row leads (default /chat/{id}; the dashboard opens the thread beside its list). */
  to?: string;
  /** The conversation shown beside the list. */
  active?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const iAmSender = conversation.sender.id === me;
  const title = iAmSender ? conversation.store.name_store : conversation.sender.name;
  const image = iAmSender ? conversation.store.image : conversation.sender.image;
  const last = conversation.last_message;
  const preview = last ? messagePreview(last, t) : t('chat.noMessages');
  const lang = i18n.language;
  return (
    <Box as="li" listStyleType="none">
      <HStack
        asChild
        gap="3"
        p="3"
        rounded="lg"
        borderWidth="1px"
        bg={active ? 'green.50' : undefined}
        borderColor={active ? 'green.300' : undefined}
        _hover={{ bg: 'green.50' }}
      >
        <RouterLink to={to ?? paths.chat.getHref(conversation.id)} aria-current={active ? 'page' : undefined}>
          <Image
            src={imageUrl(image, true)}
            onError={fallbackToLogo}
            alt=""
            boxSize="12"
            rounded="full"
            objectFit="cover"
          />
          <Stack gap="0" flex="1" minW="0">
            <Text fontWeight="bold" truncate>
              {title}
            </Text>
            <Text fontSize="sm" color="fg.muted" truncate dir="auto">
              {preview}
            </Text>
          </Stack>
          <Stack gap="1" align="end" flexShrink={0}>
            {last && (
              <Text fontSize="xs" color={conversation.unread_count > 0 ? 'green.700' : 'fg.muted'}>
                <time dateTime={last.created_at}>{lastTime(last.created_at, lang, t('thread.yesterday'))}</time>
              </Text>
            )}
            {conversation.unread_count > 0 && (
              <Badge
                colorPalette="red"
                variant="solid"
                rounded="full"
                aria-label={t('nav.unread', { count: conversation.unread_count })}
              >
                {conversation.unread_count}
              </Badge>
            )}
          </Stack>
        </RouterLink>
      </HStack>
    </Box>
  );
}
