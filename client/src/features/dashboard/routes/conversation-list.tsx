/**
 * conversation/list (admin): every store's conversations with the inbox's filters (CONTRACT.md §8) —
 * "needs a reply" (oldest wait first, with how long), "open", "resolved", "all" (the default: every
 * conversation, new empty ones too, GET conversation/getAll) — and a search over customers' names and
 * phones and the messages across all stores (GET conversation/inbox?filter&q). Paged; live via the
 * admin room (message:new, conversation:updated).
 */
import type { Conversation, InboxConversation, InboxFilter, Paged } from '@agrivet/shared';
import { Badge } from '@chakra-ui/react/badge';
import { Input } from '@chakra-ui/react/input';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { messagePreview } from '@/components/ui/conversation-item';
import { applyPushed, failureOf } from '@/lib/query-client';
import { allConversationsQueryOptions, conversationKeys, useDeleteConversation } from '@/api/conversations';
import { inboxKeys, inboxQueryOptions, waitedMinutes } from '@/api/inbox';
import { onConnected, onRealtime } from '@/stores/realtime';
import { type Column, DataTable } from '@/features/dashboard/components/data-table';
import { RowActions } from '@/features/dashboard/components/row-actions';
import { ScreenFrame } from '@/features/dashboard/components/screen-frame';
import { INBOX_TABS, InboxTabs } from '@/features/dashboard/components/inbox-tabs';
import { useDashboardT } from '@/features/dashboard/lib/i18n';
import { dashboardPaths } from '@/features/dashboard/lib/dashboard-paths';
import { usePageParam } from '@/features/dashboard/lib/use-page-param';
import { waitText } from '@/features/dashboard/lib/wait-text';
import { dateLocale } from '@/lib/format';

type Row = Conversation & Partial<Pick<InboxConversation, 'needs_reply' | 'waiting_since' | 'resolved'>>;

export default function ConversationListRoute() {
  const { t, lang } = useDashboardT();
  // a photo, a voice note, a card or a deleted message said as the store's inbox says it
  const { t: chatT } = useTranslation();
  const [page, setPage] = usePageParam();
  const [params, setParams] = useSearchParams();
  const asked = params.get('f') as InboxFilter | null;
  const filter: InboxFilter = asked && INBOX_TABS.includes(asked) ? asked : 'all';
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const id = setTimeout(() => setQ(typed.trim()), 300);
    return () => clearTimeout(id);
  }, [typed]);
  // "all" without a search is the plain list (every conversation, new ones without a message too)
  const plain = filter === 'all' && q === '';
  const listQuery = useQuery({ ...allConversationsQueryOptions(page), enabled: plain });
  const inboxQuery = useQuery({ ...inboxQueryOptions(filter, q, page), enabled: !plain });
  const waiting = useQuery(inboxQueryOptions('needs_reply', ''));
  const query = plain ? listQuery : inboxQuery;
  const rows: Row[] | undefined = query.data?.data;
  const remove = useDeleteConversation();
  const queryClient = useQueryClient();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(id);
  }, []);
  const dateFormat = new Intl.DateTimeFormat(dateLocale(lang), {
    dateStyle: 'short',
    timeStyle: 'short',
  });

  const choose = (tab: InboxFilter) => {
    const next = new URLSearchParams(params);
    next.delete('page');
    if (tab === 'all') next.delete('f');
    else next.set('f', tab);
    setParams(next);
  };

  // A message pushed to the admin room moves its conversation up with its new last message; one not
  // on this page (a new conversation, or one further down) makes the first page refetch. The filtered
  // views (and the waiting count) are asked again.
  useEffect(() => {
    const refreshInbox = () => void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
    const stops = [
      onConnected(refreshInbox), // what was sent before the socket had joined the admin room
      onRealtime('message:new', ({ message }) => {
        refreshInbox();
        const key = conversationKeys.list(page);
        // again after a request for the page under way, whose answer may predate it (lib/query-client.ts)
        applyPushed(queryClient, [key], () => {
          const held = queryClient.getQueryData<Paged<Conversation>>(key);
          const known = held?.data.find((c) => c.id === message.conversation_id);
          if (!held || !known) {
            if (page === 1) void queryClient.invalidateQueries({ queryKey: key });
            return;
          }
          if (known.last_message && known.last_message.id >= message.id) return;
          const updated = { ...known, last_message: message, updated_at: message.created_at };
          queryClient.setQueryData(key, { ...held, data: [updated, ...held.data.filter((c) => c.id !== known.id)] });
        });
      }),
      onRealtime('conversation:updated', refreshInbox),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [queryClient, page]);

  const columns: Column<Row>[] = [
    { key: 'sender', header: t('conversations.farmer'), cell: (c) => c.sender.name },
    { key: 'store', header: t('conversations.store'), cell: (c) => c.store.name_store },
    {
      key: 'last',
      header: t('conversations.lastMessage'),
      cell: (c) =>
        c.last_message ? (
          <Text truncate maxW="xs" dir="auto">
            {messagePreview(c.last_message, chatT)}
          </Text>
        ) : (
          <Badge>—</Badge>
        ),
    },
    {
      key: 'state',
      header: t('conversations.state'),
      cell: (c) =>
        c.waiting_since && !c.resolved ? (
          <Text as="span" fontSize="sm" color="orange.700" fontWeight="bold" data-testid="admin-waiting">
            {t('inbox.waiting', {
              time: waitText(waitedMinutes(c.waiting_since, now), lang, (k, o) => t(k, o)),
            })}
          </Text>
        ) : c.resolved ? (
          <Badge colorPalette="gray">{t('inbox.resolvedBadge')}</Badge>
        ) : c.resolved === false ? (
          <Badge colorPalette="green">{t('inbox.tab.open')}</Badge>
        ) : (
          <Text as="span" color="fg.muted">
            —
          </Text>
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
          onDelete={async () => {
            await remove.mutateAsync(c.id);
            void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
          }}
        />
      ),
    },
  ];

  // (the plain list, conversation/getAll, has no inbox state: no column that would say «—» on every row)
  return (
    <ScreenFrame title={t('conversations.list')}>
      <Stack gap="3" mb="3">
        <InboxTabs filter={filter} waiting={waiting.data?.total} onChoose={choose} />
        <Input
          type="search"
          size="sm"
          maxW={{ md: 'md' }}
          bg="bg"
          placeholder={t('conversations.search')}
          aria-label={t('conversations.search')}
          value={typed}
          onChange={(e) => {
            setTyped(e.currentTarget.value);
            if (page !== 1) setPage(1);
          }}
        />
      </Stack>
      <DataTable
        // an empty tab says what it lacks; the plain list, empty, that there is no conversation yet
        empty={q ? t('inbox.noMatch') : plain ? t('table.emptyConversations') : t(`inbox.emptyTab.${filter}`)}
        caption={t('conversations.list')}
        columns={plain ? columns.filter((c) => c.key !== 'state') : columns}
        rows={rows}
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
