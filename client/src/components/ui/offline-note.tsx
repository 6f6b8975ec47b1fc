/**
 * "You are offline, showing the last saved copy" (list.offlineCopy): render it beside a catalogue list
 * that has data; while the browser is offline that data came from the copy saved in IndexedDB
 * (lib/persist-queries.ts) or the service worker's cache. Hidden while online.
 */
import { Alert } from '@chakra-ui/react/alert';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { alertRecipe } from '@/lib/theme/slot-recipes';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** navigator.onLine, live. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

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
