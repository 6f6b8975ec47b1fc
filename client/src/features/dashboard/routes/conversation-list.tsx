/** conversation/list (admin): every conversation, newest activity first, paged; live via the admin room. */
import type { Conversation, Paged } from '@agrivet/shared';
import { Badge } from '@chakra-ui/react/badge';
import { Text } from '@chakra-ui/react/text';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { failureOf } from '@/lib/query-client';
import { conversationKeys, useAllConversations, useDeleteConversation } from '@/api/conversations';
import { onRealtime } from '@/stores/realtime';
import { type Column, DataTable } from '@/features/dashboard/components/data-table';
import { RowActions } from '@/features/dashboard/components/row-actions';
import { ScreenFrame } from '@/features/dashboard/components/screen-frame';
import { useDashboardT } from '@/features/dashboard/i18n/register';
import { dashboardPaths } from '@/features/dashboard/lib/dashboard-paths';
import { usePageParam } from '@/features/dashboard/lib/use-page-param';
import { dateLocale } from '@/lib/format';

export default function ConversationListRoute() {
  const { t, lang } = useDashboardT();
  const [page, setPage] = usePageParam();
  const query = useAllConversations(page);
  const remove = useDeleteConversation();
  const queryClient = useQueryClient();
  const dateFormat = new Intl.DateTimeFormat(dateLocale(lang), {
    dateStyle: 'short',
    timeStyle: 'short',
  });

  // A message pushed to the admin room moves its conversation up with its new last message; one not
  // on this page (a new conversation, or one further down) makes the first page refetch.
  useEffect(
    () =>
      onRealtime('message:new', ({ message }) => {
        const key = conversationKeys.list(page);
        const held = queryClient.getQueryData<Paged<Conversation>>(key);
        const known = held?.data.find((c) => c.id === message.conversation_id);
        if (!held || !known) {
          if (page === 1) void queryClient.invalidateQueries({ queryKey: key });
          return;
        }
        const updated = { ...known, last_message: message, updated_at: message.created_at };
        queryClient.setQueryData(key, { ...held, data: [updated, ...held.data.filter((c) => c.id !== known.id)] });
      }),
    [queryClient, page],
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
          onDelete={() => remove.mutateAsync(c.id)}
        />
      ),
    },
  ];

  return (
    <ScreenFrame title={t('conversations.list')}>
      <DataTable
        empty={t('table.emptyConversations')}
        caption={t('conversations.list')}
        columns={columns}
        rows={query.data?.data}
        rowKey={(c) => c.id}
        error={failureOf(query)}
        onRetry={() => void query.refetch()}
        page={page}
        lastPage={query.data?.last_page ?? 1}
        onPage={setPage}
      />
    </ScreenFrame>
  );
}
