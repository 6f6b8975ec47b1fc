import { Box } from '@chakra-ui/react/box';
import { Spinner } from '@chakra-ui/react/spinner';
import { Text } from '@chakra-ui/react/text';
import { useTranslation } from 'react-i18next';

/** A spinner with a label, announced politely. */
export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Box display="flex" alignItems="center" justifyContent="center" gap="3" py="10" role="status" aria-live="polite">
      <Spinner color="green.solid" />
      <Text color="fg.muted">{label ?? t('list.loading')}</Text>
    </Box>
  );
}
