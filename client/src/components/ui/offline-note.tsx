/**
 * "You are offline, showing the last saved copy" (list.offlineCopy): render it beside a catalogue list
 * that has data; while the browser is offline that data came from the copy saved in IndexedDB
 * (lib/persist-queries.ts) or the service worker's cache. Hidden while online.
 */
import { Alert } from '@chakra-ui/react/alert';
import { useTranslation } from 'react-i18next';
import { useOnline } from '@/lib/online';
import { alertRecipe } from '@/lib/theme/slot-recipes';

export function OfflineCopyNote() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <Alert.Root recipe={alertRecipe} status="info" rounded="lg" data-testid="offline-copy">
      <Alert.Indicator />
      <Alert.Title>{t('list.offlineCopy')}</Alert.Title>
    </Alert.Root>
  );
}
