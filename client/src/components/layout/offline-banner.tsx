/**
 * "You are offline" while the browser says so (TanStack's onlineManager, lib/online.ts), in the public
 * and dashboard layouts; nothing while online.
 */
import { Box } from '@chakra-ui/react/box';
import { Text } from '@chakra-ui/react/text';
import { useTranslation } from 'react-i18next';
import { CloudOffIcon } from '@/components/ui/icons';
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
      <CloudOffIcon />
      <Text fontSize="sm" textAlign="center">
        {t('live.offline')}
      </Text>
    </Box>
  );
}
