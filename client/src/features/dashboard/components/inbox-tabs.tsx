/**
 * The inbox's filters (CONTRACT.md §8 conversation/inbox): needs reply (with how many wait), open,
 * resolved, all — the store's chats and the admin's conversation list.
 */
import type { InboxFilter } from '@agrivet/shared';
import { Badge } from '@chakra-ui/react/badge';
import { Button } from '@chakra-ui/react/button';
import { HStack } from '@chakra-ui/react/stack';
import { useDashboardT } from '@/features/dashboard/lib/i18n';

export const INBOX_TABS: InboxFilter[] = ['needs_reply', 'open', 'resolved', 'all'];

export function InboxTabs({
  filter,
  waiting,
  onChoose,
}: {
  filter: InboxFilter;
  /** Chats waiting for a reply (0 or unknown: no count). */
  waiting: number | undefined;
  onChoose: (tab: InboxFilter) => void;
}) {
  const { t } = useDashboardT();
  return (
    <HStack gap="1" role="tablist" aria-label={t('inbox.filters')} flexWrap="wrap">
      {INBOX_TABS.map((tab) => (
        <Button
          key={tab}
          role="tab"
          aria-selected={tab === filter}
          size="xs"
          variant={tab === filter ? 'solid' : 'outline'}
          colorPalette="green"
          onClick={() => onChoose(tab)}
        >
          {t(`inbox.tab.${tab}`)}
          {tab === 'needs_reply' && waiting !== undefined && waiting > 0 && (
            <Badge size="xs" colorPalette="orange" variant="solid" ms="1">
              {waiting}
            </Badge>
          )}
        </Button>
      ))}
    </HStack>
  );
}
