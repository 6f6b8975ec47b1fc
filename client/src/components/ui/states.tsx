/** Loading, empty and error-with-retry states shared by every list. */
export { LoadingState } from './loading-state';
import { Alert } from '@chakra-ui/react/alert';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Text } from '@chakra-ui/react/text';
import { useTranslation } from 'react-i18next';
import { MdRefresh } from 'react-icons/md';
import { alertRecipe } from '../../lib/theme/slot-recipes';

export function EmptyState({ message }: { message?: string }) {
  const { t } = useTranslation();
  return (
    <Box py="10" textAlign="center" color="fg.muted" borderWidth="1px" borderStyle="dashed" rounded="lg">
      <Text fontSize="lg">{message ?? t('list.empty')}</Text>
    </Box>
  );
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const message = error instanceof Error && error.message ? error.message : t('errors.requestFailed');
  return (
    <Alert.Root recipe={alertRecipe} status="error" rounded="lg" alignItems="center" flexWrap="wrap">
      <Alert.Indicator />
      <Alert.Content flex="1">
        <Alert.Title>{t('list.loadError')}</Alert.Title>
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
      {onRetry && (
        <Button size="sm" variant="outline" colorPalette="red" onClick={onRetry}>
          <MdRefresh aria-hidden />
          {t('list.retry')}
        </Button>
      )}
    </Alert.Root>
  );
}
