/**
 * "You are offline" while the browser says so (TanStack's onlineManager, lib/online.ts). Loaded
 * lazily by the public and dashboard layouts (not part of the landing route's budget); rendered
 * nothing while online.
 */
import { Box } from '@chakra-ui/react/box';
import { Text } from '@chakra-ui/react/text';
import { useTranslation } from 'react-i18next';
import { MdCloudOff } from 'react-icons/md';
import '@/i18n/chat';
import { useOnline } from '@/lib/online';

/** The chat's header and push prompt read it from here too. */
export { useOnline };

export default function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <Box
      role="status"
      bg="orange.100"
      color="orange.900"
      borderBottomWidth="1px"
      borderColor="orange.300"
      px="3"
      py="1.5"
      display="flex"
      alignItems="center"
      gap="2"
      justifyContent="center"
      data-testid="offline-banner"
    >
      <MdCloudOff aria-hidden />
      <Text fontSize="sm" textAlign="center">
        {t('live.offline')}
      </Text>
    </Box>
  );
}
