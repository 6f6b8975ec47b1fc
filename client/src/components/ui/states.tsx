/** Loading, empty and error-with-retry states shared by every list. */
export { LoadingState } from './loading-state';
import { Alert } from '@chakra-ui/react/alert';
import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MdRefresh } from 'react-icons/md';
import { onBackOnline } from '@/lib/back-online';
import { alertRecipe } from '@/lib/theme/slot-recipes';

/**
 * An empty list: say what is empty (`message`, e.g. 'لا توجد منتجات في هذا المتجر بعد') and offer the
 * next step (`action`, a button or link).
 */
export function EmptyState({ message, action }: { message?: string; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack
      py="10"
      px="4"
      gap="4"
      align="center"
      textAlign="center"
      color="fg.muted"
      borderWidth="1px"
      borderStyle="dashed"
      rounded="lg"
    >
      <Text fontSize="lg">{message ?? t('list.empty')}</Text>
      {action}
    </Stack>
  );
}

/** Two signals (online, relay reconnected) usually come together: one retry for both. */
const AUTO_RETRY_GAP_MS = 1_000;

/**
 * A load error with a retry button; with `onRetry` it also retries by itself when the browser comes
 * back online or the relay reconnects (lib/back-online.ts), so nobody has to press it after a
 * connection loss.
 */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const retry = useRef(onRetry);
  retry.current = onRetry;
  const canRetry = onRetry !== undefined;
  useEffect(() => {
    if (!canRetry) return;
    let last = 0;
    return onBackOnline(() => {
      const now = Date.now();
      if (now - last < AUTO_RETRY_GAP_MS) return;
      last = now;
      retry.current?.();
    });
  }, [canRetry]);
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
