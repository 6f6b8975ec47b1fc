/**
 * The offer to turn on notifications: made after sign-in, at a moment the user cares about replies
 * (after sending a message in this page — never on page load), once per account on this browser
 * (the answer is remembered; a browser that already allowed or blocked them is not asked).
 */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MdNotificationsActive } from 'react-icons/md';
import { useOnline } from '@/components/layout/offline-banner';
import { notify } from '@/components/ui/toaster';
import { enablePush, rememberPromptAnswer, shouldOfferPush } from '@/lib/push';

export function PushPrompt({ userId, armed }: { userId: number; armed: boolean }) {
  const { t } = useTranslation();
  const [closed, setClosed] = useState(false);
  const [busy, setBusy] = useState(false);
  const online = useOnline();
  // Offline it could not subscribe: offered again once back online.
  if (!armed || closed || !online || !userId || !shouldOfferPush(userId)) return null;

  const enable = async () => {
    setBusy(true);
    const outcome = await enablePush();
    setBusy(false);
    setClosed(true);
    if (outcome === 'on') {
      rememberPromptAnswer(userId, 'on');
      notify.success(t('live.pushOn'));
    } else if (outcome === 'denied') {
      rememberPromptAnswer(userId, 'dismissed');
      notify.info(t('live.pushBlocked'));
    } else notify.error(new Error(t('live.pushFailed')));
  };

  return (
    <Box
      role="region"
      aria-label={t('live.pushTitle')}
      mx="2"
      p="3"
      rounded="lg"
      bg="green.50"
      borderWidth="1px"
      borderColor="green.200"
      data-testid="push-prompt"
    >
      <HStack gap="2" align="start">
        <Box color="green.700" fontSize="xl" pt="0.5" aria-hidden>
          <MdNotificationsActive />
        </Box>
        <Box flex="1" minW="0">
          <Text fontWeight="bold">{t('live.pushTitle')}</Text>
          <Text fontSize="sm" color="fg.muted">
            {t('live.pushBody')}
          </Text>
          <HStack gap="2" mt="2">
            <Button size="sm" colorPalette="green" loading={busy} onClick={() => void enable()}>
              {t('live.pushEnable')}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                rememberPromptAnswer(userId, 'dismissed');
                setClosed(true);
              }}
            >
              {t('live.pushLater')}
            </Button>
          </HStack>
        </Box>
      </HStack>
    </Box>
  );
}
