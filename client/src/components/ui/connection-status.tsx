/**
 * A thread header's second line: whether messages arrive live — «أنت متصل: الرسائل تصل فوراً» (said of the
 * reader, not the other side: under a customer's name a bare «متصل» read as the customer's presence),
 * «جارٍ الاتصال…», or offline with what happens to what is written meanwhile. The farmer's header shows the store's hours instead while
 * online (`online`); the store's inbox shows it under the customer's name.
 */
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '@/components/layout/offline-banner';
import { useRealtime } from '@/stores/realtime';

export function ConnectionStatus({ online }: { online?: ReactNode }) {
  const { t } = useTranslation();
  const relay = useRealtime((s) => s.status);
  // Offline the phone's full-screen thread covers the layout's offline banner: the header says it.
  const status = useOnline() ? relay : 'offline';
  return (
    <Text
      fontSize="xs"
      color={status === 'online' ? 'green.700' : status === 'offline' ? 'orange.700' : 'fg.muted'}
      aria-live="polite"
      truncate
      data-testid="connection-status"
      data-status={status}
    >
      {status === 'online'
        ? (online ?? t('chat.online'))
        : status === 'offline'
          ? t('chat.offline')
          : t('chat.connecting')}
    </Text>
  );
}
