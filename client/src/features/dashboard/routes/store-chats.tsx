/**
 * The store account's chats as an inbox (CONTRACT.md §8): tabs "needs a reply" (the default when any
 * customer waits), "open", "resolved", "all"; a search over customers' names and phones and the
 * messages; each row with the customer's photo or initial, the last message and how long the customer
 * has waited. A conversation opens here (`?c={id}`), beside the list on a wide screen and instead of
 * it on a phone, with the customer's details (call, copy the phone, their orders with the store) and
 * resolve / re-open. Pushes (message:new, conversation:updated) refresh the lists.
 */
import type { InboxConversation, InboxFilter, Paged } from '@agrivet/shared';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button, IconButton } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Image } from '@chakra-ui/react/image';
import { Input } from '@chakra-ui/react/input';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { type QueryClient, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MdArrowBack,
  MdArrowForward,
  MdCall,
  MdNotificationsActive,
  MdNotificationsOff,
  MdPersonOutline,
} from 'react-icons/md';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { getUser } from '@/api/auth';
import { type ThreadData, threadOf, threadQueryOptions } from '@/api/conversations';
import { inboxKeys, inboxQueryOptions, resolveConversation, useInbox, waitedMinutes } from '@/api/inbox';
import { lastTime, messagePreview } from '@/components/ui/conversation-item';
import { LoadingState } from '@/components/ui/loading-state';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { notify } from '@/components/ui/toaster';
import { sendProductCard } from '@/api/messages';
import { productPickerQueryOptions } from '@/api/products';
import { imageUrl } from '@/lib/images';
import { applyPushed, failureOf } from '@/lib/query-client';
import { useMessageSound } from '@/stores/message-sound';
import { onConnected, onRealtime } from '@/stores/realtime';
import { ConnectionStatus } from '@/components/ui/connection-status';
import { LazyThreadSafetyMenu } from '@/components/ui/thread-safety-slot';
import { CustomerDetails } from '@/features/dashboard/components/customer-panel';
import { INBOX_TABS, InboxTabs } from '@/features/dashboard/components/inbox-tabs';
import { useDashboardT } from '@/features/dashboard/lib/i18n';
import { dashboardPaths } from '@/features/dashboard/lib/dashboard-paths';
import { openRowKey, openRowQueryOptions, rowPage } from '@/features/dashboard/lib/open-conversation';
import { checkboxRecipe, nativeSelectRecipe } from '@/features/dashboard/lib/recipes';
import { useDashboardSlots } from '@/features/dashboard/lib/slots';
import { waitText } from '@/features/dashboard/lib/wait-text';

// The customer's sheet (a drawer) loads on its first opening, as does the report / block menu
// (components/ui/thread-safety-slot.tsx).
const CustomerSheet = lazy(() => import('@/features/dashboard/components/customer-sheet'));

/** Re-renders every minute (the waiting times). */
function useMinuteTick(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(id);
  }, []);
  return now;
}

function Avatar({ name, image }: { name: string; image: string | null }) {
  if (image)
    return <Image src={imageUrl(image)} alt="" w="10" h="10" rounded="full" objectFit="cover" flexShrink={0} />;
  return (
    <Box
      w="10"
      h="10"
      rounded="full"
      bg="green.600"
      color="white"
      display="flex"
      alignItems="center"
      justifyContent="center"
      fontWeight="bold"
      flexShrink={0}
      aria-hidden
    >
      {[...name.trim()][0] ?? '؟'}
    </Box>
  );
}

/**
 * The inbox's rows of conversation `id` whose last message is at most `upTo` have nothing unread: set in
 * every cached list, and again after a list request under way, whose answer may predate the read
 * (lib/query-client.ts `applyPushed`). A row with a newer message keeps the API's count.
 */
function clearUnread(queryClient: QueryClient, id: number, upTo: number): void {
  const read = (c: InboxConversation) => c.id === id && c.unread_count > 0 && (c.last_message?.id ?? 0) <= upTo;
  applyPushed(queryClient, [inboxKeys.all], () =>
    queryClient.setQueriesData<Paged<InboxConversation>>({ queryKey: inboxKeys.all }, (page) =>
      page?.data.some(read) ? { ...page, data: page.data.map((c) => (read(c) ? { ...c, unread_count: 0 } : c)) } : page,
    ),
  );
}

function InboxRow({ c, to, active, now }: { c: InboxConversation; to: string; active: boolean; now: number }) {
  const { t, lang } = useDashboardT();
  const { t: chatT, i18n } = useTranslation();
  const last = c.last_message;
  return (
    <Box as="li" listStyleType="none">
      <HStack
        asChild
        gap="3"
        p="2"
        rounded="md"
        bg={active ? 'green.50' : undefined}
        _hover={{ bg: 'gray.50' }}
        aria-current={active ? 'true' : undefined}
      >
        <RouterLink to={to} data-testid="inbox-row">
          <Avatar name={c.customer.name} image={c.customer.image} />
          <Stack gap="0" minW="0" flex="1">
            <HStack justify="space-between" gap="2">
              <Text fontWeight="bold" truncate dir="auto">
                {c.customer.name}
              </Text>
              {last && (
                <Text asChild fontSize="xs" color="fg.muted" flexShrink={0}>
                  <time dateTime={last.created_at}>
                    {lastTime(last.created_at, i18n.language, chatT('chat.yesterday'))}
                  </time>
                </Text>
              )}
            </HStack>
            <Text fontSize="sm" color="fg.muted" truncate dir="auto">
              {last ? messagePreview(last, chatT) : ''}
            </Text>
            <HStack gap="2" flexWrap="wrap">
              {c.needs_reply && c.waiting_since && !c.resolved && (
                <Text fontSize="xs" color="orange.700" fontWeight="bold" data-testid="waiting">
                  {t('inbox.waiting', { time: waitText(waitedMinutes(c.waiting_since, now), lang, (k, o) => t(k, o)) })}
                </Text>
              )}
              {c.resolved && (
                <Badge size="sm" colorPalette="gray">
                  {t('inbox.resolvedBadge')}
                </Badge>
              )}
            </HStack>
          </Stack>
          {/* the conversation on screen has nothing unread: its thread marks what it shows as read */}
          {!active && c.unread_count > 0 && (
            <Badge
              colorPalette="green"
              variant="solid"
              rounded="full"
              aria-label={chatT('nav.unread', { count: c.unread_count })}
            >
              {c.unread_count}
            </Badge>
          )}
        </RouterLink>
      </HStack>
    </Box>
  );
}

/** Sends one of the store's products into the conversation as a card the customer can order from. */
function SendProduct({ c }: { c: InboxConversation }) {
  const { t, common } = useDashboardT();
  const products = useQuery(productPickerQueryOptions(c.store_id));
  const [choice, setChoice] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async () => {
    if (!choice) return;
    setBusy(true);
    try {
      await sendProductCard(c.id, Number(choice));
      setChoice('');
    } catch (err) {
      notify.error(err, common('errors.requestFailed'));
    } finally {
      setBusy(false);
    }
  };
  if (!products.data || products.data.data.length === 0) return null;
  return (
    // The product picker takes its own row under the call, details and resolve buttons: two rows over
    // the thread at 360 px and in the narrow thread column beside the list and the details (it was
    // three at both).
    <HStack gap="1" w="full" order={1}>
      <NativeSelect.Root recipe={nativeSelectRecipe} size="xs" flex="1" maxW="sm">
        <NativeSelect.Field
          aria-label={t('inbox.product')}
          value={choice}
          onChange={(e) => setChoice(e.currentTarget.value)}
        >
          <option value="">{t('inbox.product')}</option>
          {products.data.data.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Button
        size="xs"
        variant="outline"
        colorPalette="green"
        disabled={!choice}
        loading={busy}
        onClick={() => void send()}
      >
        {t('inbox.sendProduct')}
      </Button>
    </HStack>
  );
}

/**
 * The bar over the thread: the customer's phone (a tap calls), their details (a sheet below xl; at xl
 * they stand beside the thread), a product to send, resolve / re-open.
 */
function CustomerBar({ c, onDetails }: { c: InboxConversation; onDetails: () => void }) {
  const { t, common } = useDashboardT();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      const updated = await resolveConversation(c.id, !c.resolved);
      // the row as it is now, where the screen looks for it once the tab's list leaves it out
      // (resolved while «مفتوحة» is shown, re-opened while «منتهية» is)
      queryClient.setQueryData(openRowKey(c.id), rowPage(updated));
      await queryClient.invalidateQueries({ queryKey: inboxKeys.all });
    } catch (err) {
      notify.error(err, common('errors.requestFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <HStack gap="2" px="3" py="2" borderBottomWidth="1px" flexWrap="wrap" data-testid="customer-panel">
      <IconButton asChild size="xs" variant="ghost" aria-label={`${t('inbox.call')} ${c.customer.phone}`}>
        <a href={`tel:${c.customer.phone}`}>
          <MdCall />
        </a>
      </IconButton>
      <Button size="xs" variant="outline" onClick={onDetails} hideFrom="xl" data-testid="customer-details-open">
        <MdPersonOutline aria-hidden />
        {t('inbox.customer')}
        {c.customer.orders_count > 0 && (
          <Badge size="xs" colorPalette="green">
            {t('inbox.orders', { n: c.customer.orders_count })}
          </Badge>
        )}
      </Button>
      <SendProduct c={c} />
      <Button
        size="xs"
        ms="auto"
        colorPalette="green"
        variant={c.resolved ? 'outline' : 'solid'}
        loading={busy}
        onClick={() => void toggle()}
      >
        {c.resolved ? t('inbox.reopen') : t('inbox.resolve')}
      </Button>
    </HStack>
  );
}

/** The optional sound for new messages (off by default, kept in this browser). */
function MessageSoundSwitch() {
  const { t } = useDashboardT();
  const on = useMessageSound((s) => s.on);
  return (
    <Checkbox.Root
      recipe={checkboxRecipe}
      colorPalette="green"
      size="sm"
      checked={on}
      onCheckedChange={(e) => useMessageSound.getState().setOn(e.checked === true)}
      data-testid="message-sound"
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>
        <HStack gap="1" as="span">
          {on ? <MdNotificationsActive aria-hidden /> : <MdNotificationsOff aria-hidden />}
          {t('inbox.sound')}
        </HStack>
      </Checkbox.Label>
    </Checkbox.Root>
  );
}

export default function StoreChatsRoute() {
  const { t, common, lang } = useDashboardT();
  const { ChatThread } = useDashboardSlots();
  const queryClient = useQueryClient();
  const now = useMinuteTick();
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('c')) || null;
  const asked = params.get('f') as InboxFilter | null;
  const [typed, setTyped] = useState('');
  // the customer's sheet: null until first opened (its chunk is loaded then)
  const [sheetOpen, setSheetOpen] = useState<boolean | null>(null);
  const [q, setQ] = useState('');
  useEffect(() => {
    const id = setTimeout(() => setQ(typed.trim()), 300);
    return () => clearTimeout(id);
  }, [typed]);
  // "needs a reply" is the default tab while any customer waits
  const waiting = useQuery(inboxQueryOptions('needs_reply', ''));
  const filter: InboxFilter =
    asked && INBOX_TABS.includes(asked) ? asked : waiting.data && waiting.data.total === 0 ? 'open' : 'needs_reply';
  const query = useInbox(filter, q);
  const rows = query.data?.data;
  const failure = failureOf(query);
  // An empty tab says what it lacks («لا توجد محادثات منتهية»), an empty search «لا توجد محادثات
  // مطابقة»; «لا توجد محادثات بعد» only when the store has no conversation at all (asked for then).
  const checkAll = rows?.length === 0 && q === '' && filter !== 'all';
  const everything = useQuery({ ...inboxQueryOptions('all', ''), enabled: checkAll });
  const inboxEmpty = filter === 'all' ? q === '' : everything.data?.total === 0;
  // The open conversation keeps its header and controls whatever the tab: its row comes from the tab's
  // list when it is there; else (answered while «بانتظار الرد» is shown, resolved while «مفتوحة» is, or
  // opened by a link) its own row, asked for by id (lib/open-conversation.ts); meanwhile the row last seen
  // of it stands in.
  const thread = useInfiniteQuery({
    ...threadQueryOptions(openId ?? 0),
    enabled: openId !== null,
    select: (d: ThreadData) => threadOf(d).conversation,
  });
  const listed = rows?.find((c) => c.id === openId);
  const lookUp = useQuery({
    ...openRowQueryOptions(openId ?? 0),
    enabled: openId !== null && rows !== undefined && !listed,
  });
  const [kept, setKept] = useState<InboxConversation | null>(null);
  if (listed && listed !== kept) setKept(listed);
  const open = listed ?? lookUp.data?.data[0] ?? (kept?.id === openId ? kept : undefined);
  // the customer's name and photo before (or without) the row: the thread's
  const shownConversation = open ?? (thread.data?.id === openId ? thread.data : undefined);
  const customer = open?.customer ?? shownConversation?.sender;
  // The open thread is shown once the inbox has answered and the customer's bar is known (in the tab's
  // list, or looked up): the thread's own data may be in first (asked for as the app starts, app/router.tsx)
  // — shown before, it would be pushed down by the bar. Once shown it stays (a search or a tab keeps it).
  // (not the previous tab's list kept on screen while this one loads: the bar would come after the thread)
  const inboxAnswered = waiting.status !== 'pending' && query.status !== 'pending' && !query.isPlaceholderData;
  const barKnown = openId === null || listed !== undefined || lookUp.isFetched || thread.isError;
  const [threadShown, setThreadShown] = useState(false);
  if (inboxAnswered && barKnown && !threadShown) setThreadShown(true);
  const Back = lang === 'ar' ? MdArrowForward : MdArrowBack;
  const href = (id: number) => {
    const next = new URLSearchParams(params);
    next.set('c', String(id));
    return `${dashboardPaths.chats.getHref()}?${next.toString()}`;
  };
  const listHref = () => {
    const next = new URLSearchParams(params);
    next.delete('c');
    return `${dashboardPaths.chats.getHref()}?${next.toString()}`;
  };

  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
    const stops = [
      onRealtime('message:new', refresh),
      onRealtime('conversation:updated', refresh),
      // messages sent before the socket had joined its rooms (as the page loaded, or while the link was down)
      onConnected(refresh),
      // this store read a thread up to its last message (on another device too): nothing in it is unread
      onRealtime('conversation:read', ({ conversation_id, user_id, last_read_message_id }) => {
        if (user_id === getUser()?.id) clearUnread(queryClient, conversation_id, last_read_message_id);
      }),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [queryClient]);
  // Leaving the conversation on screen: the thread marked what it showed as read, so its row has nothing
  // unread — also when the read's push did not reach this socket (likely a read written before the
  // socket had joined the conversation's room).
  useEffect(() => {
    if (!openId) return;
    return () => {
      const rows = queryClient.getQueriesData<Paged<InboxConversation>>({ queryKey: inboxKeys.all });
      const shown = rows.flatMap(([, page]) => page?.data ?? []).filter((c) => c.id === openId);
      const upTo = Math.max(0, ...shown.map((c) => c.last_message?.id ?? 0));
      clearUnread(queryClient, openId, upTo);
    };
  }, [openId, queryClient]);

  return (
    <Stack gap="3" p={{ base: '0', md: '4' }} h="calc(100dvh - 56px)" minH="96">
      <HStack
        justify="space-between"
        gap="2"
        flexWrap="wrap"
        px={{ base: '3', md: '0' }}
        pt={{ base: '3', md: '0' }}
        hideBelow={openId ? 'md' : undefined}
      >
        <Heading as="h1" size={{ base: 'lg', md: 'xl' }}>
          {t('chats.title')}
        </Heading>
        <MessageSoundSwitch />
      </HStack>
      <HStack align="stretch" gap="4" flex="1" minH="0">
        <Stack
          w={{ base: '100%', md: '96' }}
          flexShrink={0}
          gap="2"
          minH="0"
          display={{ base: openId ? 'none' : 'flex', md: 'flex' }}
          px={{ base: '3', md: '0' }}
        >
          <InboxTabs filter={filter} waiting={waiting.data?.total} onChoose={(tab) => setParams({ f: tab })} />
          <Input
            type="search"
            size="sm"
            placeholder={t('inbox.search')}
            aria-label={t('inbox.search')}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
          />
          <Box flex="1" overflowY="auto" minH="0">
            {!rows ? (
              failure ? (
                <ErrorState error={failure} onRetry={() => void query.refetch()} />
              ) : (
                <LoadingState />
              )
            ) : rows.length === 0 ? (
              checkAll && everything.status === 'pending' ? (
                <LoadingState />
              ) : (
                <EmptyState
                  message={q ? t('inbox.noMatch') : inboxEmpty ? t('chats.empty') : t(`inbox.emptyTab.${filter}`)}
                />
              )
            ) : (
              <Stack as="ul" gap="1" aria-label={t('chats.title')} bg="bg" p="2" rounded="lg">
                {rows.map((c) => (
                  <InboxRow key={c.id} c={c} to={href(c.id)} active={c.id === openId} now={now} />
                ))}
              </Stack>
            )}
          </Box>
        </Stack>
        <Stack
          flex="1"
          minW="0"
          gap="0"
          bg="bg"
          borderWidth={{ md: '1px' }}
          rounded={{ md: 'lg' }}
          overflow="hidden"
          display={{ base: openId ? 'flex' : 'none', md: 'flex' }}
          data-testid="dashboard-thread"
        >
          {openId ? (
            <>
              <HStack gap="2" px="2" py="1.5" borderBottomWidth="1px" minH="12">
                <IconButton asChild variant="ghost" size="sm" aria-label={common('thread.back')} hideFrom="md">
                  <RouterLink to={listHref()}>
                    <Back />
                  </RouterLink>
                </IconButton>
                {/* until the conversation is in, its avatar's and name's places are held (no shift when they come) */}
                {customer ? (
                  <Avatar name={customer.name} image={customer.image} />
                ) : (
                  <Box w="10" h="10" rounded="full" bg="bg.muted" flexShrink={0} aria-hidden />
                )}
                <Stack gap="0" minW="0" flex="1">
                  <Heading as="h2" size="md" truncate>
                    {customer?.name ?? '\u00a0'}
                  </Heading>
                  {/* whether the customer's messages arrive live (the farmer's thread header says the same) */}
                  <ConnectionStatus />
                </Stack>
                {/* report the customer or block them in this conversation (the store is its receiver); a lazy
                    chunk, a button of its size holds its place */}
                <LazyThreadSafetyMenu conversation={shownConversation} me={shownConversation?.receiver.id ?? 0} />
              </HStack>
              {open && <CustomerBar c={open} onDetails={() => setSheetOpen(true)} />}
              {threadShown ? (
                <Suspense fallback={<LoadingState />}>
                  <ChatThread key={openId} conversationId={openId} />
                </Suspense>
              ) : (
                <LoadingState />
              )}
              {open && sheetOpen !== null && (
                <Suspense fallback={null}>
                  <CustomerSheet c={open} open={sheetOpen} onOpenChange={setSheetOpen} />
                </Suspense>
              )}
            </>
          ) : (
            <Text color="fg.muted" m="auto" p="6" textAlign="center">
              {common('thread.choose')}
            </Text>
          )}
        </Stack>
        {open && (
          <Box
            as="aside"
            aria-label={t('inbox.customer')}
            w="72"
            flexShrink={0}
            bg="bg"
            borderWidth="1px"
            rounded="lg"
            p="4"
            overflowY="auto"
            hideBelow="xl"
          >
            <CustomerDetails c={open} />
          </Box>
        )}
      </HStack>
    </Stack>
  );
}
