/** conversation/list (admin): every conversation, newest activity first, paged; live via the admin room. */
import type { Conversation } from '@agrivet/shared';
import { Badge } from '@chakra-ui/react/badge';
import { Text } from '@chakra-ui/react/text';
import { useEffect } from 'react';
import { useQuery } from '../../../lib/use-query';
import { onRealtime } from '../../../stores/realtime';
import { getAllConversations } from '../api/conversations';
import { type Column, DataTable } from '../components/data-table';
import { RowActions } from '../components/row-actions';
import { ScreenFrame } from '../components/screen-frame';
import { useDashboardT } from '../i18n/register';
import { dashboardPaths } from '../lib/dashboard-paths';
import { usePageParam } from '../lib/use-page-param';

export default function ConversationListRoute() {
  const { t, lang } = useDashboardT();
  const [page, setPage] = usePageParam();
  const query = useQuery(`dash-conversations:${page}`, (signal) => getAllConversations(page, signal));
  const { setData, reload } = query;
  const dateFormat = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'ar-SY', {
    dateStyle: 'short',
    timeStyle: 'short',
  });

  // A message pushed to the admin room moves its conversation up with its new last message.
  useEffect(
    () =>
      onRealtime('message:new', ({ message }) =>
        setData((prev) => {
          if (!prev) return prev;
          const known = prev.data.find((c) => c.id === message.conversation_id);
          if (!known) {
            if (page === 1) reload();
            return prev;
          }
          const updated = { ...known, last_message: message, updated_at: message.created_at };
          return { ...prev, data: [updated, ...prev.data.filter((c) => c.id !== known.id)] };
        }),
      ),
    [setData, reload, page],
  );

  const columns: Column<Conversation>[] = [
    { key: 'sender', header: t('conversations.farmer'), cell: (c) => c.sender.name },
    { key: 'store', header: t('conversations.store'), cell: (c) => c.store.name_store },
    {
      key: 'last',
      header: t('conversations.lastMessage'),
      cell: (c) =>
        c.last_message ? (
          <Text truncate maxW="xs" dir="auto">
            {c.last_message.message ?? t('conversations.image')}
          </Text>
        ) : (
          <Badge>—</Badge>
        ),
    },
    { key: 'updated', header: t('conversations.updated'), cell: (c) => dateFormat.format(new Date(c.updated_at)) },
    {
      key: 'actions',
      header: t('table.actions'),
      cell: (c) => (
        <RowActions
          name={`${c.sender.name} — ${c.store.name_store}`}
          viewTo={dashboardPaths.conversation.getHref(c.id)}
          viewLabel={t('conversations.view')}
        />
      ),
    },
  ];

  return (
    <ScreenFrame title={t('conversations.list')}>
      <DataTable
        caption={t('conversations.list')}
        columns={columns}
        rows={query.data?.data}
        rowKey={(c) => c.id}
        error={query.error}
        onRetry={query.reload}
        page={page}
        lastPage={query.data?.last_page ?? 1}
        onPage={setPage}
      />
    </ScreenFrame>
  );
}
