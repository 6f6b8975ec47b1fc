import type { Conversation } from '@agrivet/shared';
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Image } from '@chakra-ui/react/image';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { fallbackToLogo, imageUrl } from '@/lib/images';

/**
 * One conversation in a list (the farmer's /chatlist, a store account's dashboard chats): the other
 * side's name and picture, the last message and the unread count, linking to /chat/{id}.
 */
export function ConversationItem({ conversation, me }: { conversation: Conversation; me: number }) {
  const { t } = useTranslation();
  const iAmSender = conversation.sender.id === me;
  const title = iAmSender ? conversation.store.name_store : conversation.sender.name;
  const image = iAmSender ? conversation.store.image : conversation.sender.image;
  const last = conversation.last_message;
  const preview = last ? (last.message ?? `📷 ${t('chat.image')}`) : t('chat.noMessages');
  return (
    <Box as="li" listStyleType="none">
      <HStack asChild gap="3" p="3" rounded="lg" borderWidth="1px" _hover={{ bg: 'green.50' }}>
        <RouterLink to={paths.chat.getHref(conversation.id)}>
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
        </RouterLink>
      </HStack>
    </Box>
  );
}
