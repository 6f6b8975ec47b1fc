/**
 * The dashboard home: a store account's orders by status and its last 30 days of orders (GET
 * stats/store); for the admin users by type, stores by province and messages per day (GET stats/admin).
 */
import { type AdminStats, orderStatusLabels, provinceLabel, type StoreStats, userTypeLabels } from '@agrivet/shared';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { failureOf } from '@/lib/query-client';
import { useUser } from '@/api/auth';
import { statsKeys, useStats } from '@/api/stats';
import { onRealtime } from '@/stores/realtime';
import { BarChart } from '@/features/dashboard/components/bar-chart';
import { CHART_COLORS, PURPLE_TEXT } from '@/features/dashboard/components/chart-colors';
import { HBarChart } from '@/features/dashboard/components/hbar-chart';
import { ScreenFrame } from '@/features/dashboard/components/screen-frame';
import { StatCard } from '@/features/dashboard/components/stat-card';
import { useDashboardT } from '@/features/dashboard/lib/i18n';
import { perDay } from '@/features/dashboard/lib/chart-days';
import { waitText } from '@/features/dashboard/lib/wait-text';

/** Median first reply, customers waiting now, the longest wait (CONTRACT.md §8). */
function ReplyFigures({ replies }: { replies: StoreStats['replies'] | undefined }) {
  const { t, lang } = useDashboardT();
  if (!replies) return null;
  // «أقل من دقيقة», «دقيقتين», «3 دقائق», «ساعتين» … the inbox's words, with the cards' Latin digits
  const minutes = (m: number | null) => (m === null ? '—' : waitText(Math.round(m), lang, (k, o) => t(k, o)));
  return (
    <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3" aria-label={t('stats.replies')}>
      <StatCard label={t('stats.medianReply')} value={minutes(replies.median_first_reply_minutes)} color="green.700" />
      <StatCard label={t('stats.waitingNow')} value={replies.waiting_now} color="orange.600" />
      <StatCard label={t('stats.longestWait')} value={minutes(replies.longest_wait_minutes)} color="red.600" />
    </SimpleGrid>
  );
}

function StoreFigures({ stats }: { stats: StoreStats }) {
  const { t, lang } = useDashboardT();
  // Memoised so that the charts redraw only when the figures or the language change.
  const byStatus = useMemo(
    () =>
      ([0, 1, 2] as const).map((s) => ({
        // status 2 counts the store's rejections and the buyers' cancels alike (as the order list's filter)
        label: s === 2 ? t('orders.rejectedOrCancelled') : orderStatusLabels[lang][s],
        value: stats.orders_by_status[s] ?? 0,
      })),
    [stats, lang, t],
  );
  const perDayData = useMemo(() => perDay(stats.orders_per_day, lang), [stats, lang]);
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 2, md: 5 }} gap="3">
        {byStatus.map((s, i) => (
          <StatCard key={s.label} label={s.label} value={s.value} color={['orange.600', 'green.700', 'red.600'][i]} />
        ))}
        <StatCard label={t('stats.products')} value={stats.products_count} color="blue.700" />
        <StatCard label={t('stats.unread')} value={stats.unread_conversations} color={PURPLE_TEXT} />
      </SimpleGrid>
      <ReplyFigures replies={stats.replies} />
      <BarChart title={t('stats.ordersPerDay')} data={perDayData} labelEvery={5} />
      <HBarChart title={t('stats.ordersByStatus')} data={byStatus} color={CHART_COLORS.orange} />
    </Stack>
  );
}

function AdminFigures({ stats }: { stats: AdminStats }) {
  const { t, lang } = useDashboardT();
  // Memoised so that the charts redraw only when the figures or the language change.
  const users = useMemo(
    () =>
      ([0, 1, 2, 3] as const).map((type) => ({
        label: userTypeLabels[lang][type],
        value: stats.users_by_type[type] ?? 0,
      })),
    [stats, lang],
  );
  const provinces = useMemo(
    () => stats.stores_by_province.map((p) => ({ label: provinceLabel(p.city, lang, p.city_name), value: p.count })),
    [stats, lang],
  );
  const perDayData = useMemo(() => perDay(stats.messages_per_day, lang), [stats, lang]);
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 2, md: 5 }} gap="3">
        {users.map((u) => (
          <StatCard key={u.label} label={u.label} value={u.value} />
        ))}
        <StatCard label={t('stats.ordersCount')} value={stats.orders_count} color="blue.700" />
      </SimpleGrid>
      <ReplyFigures replies={stats.replies} />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <HBarChart title={t('stats.usersByType')} data={users} color={CHART_COLORS.blue} />
        <HBarChart title={t('stats.storesByProvince')} data={provinces} color={CHART_COLORS.purple} />
      </SimpleGrid>
      <BarChart title={t('stats.messagesPerDay')} data={perDayData} labelEvery={5} />
    </Stack>
  );
}

/**
 * What the connection pushes that changes the figures: a message, a deletion, a read, a conversation's
 * state. An order's pushes (order:new, order:status) refresh them already, through the dashboard layout's
 * useLiveOrders (api/orders.ts invalidates the statistics).
 */
const FIGURE_EVENTS = ['message:new', 'message:deleted', 'conversation:read', 'conversation:updated'] as const;
/** At most one new request per this many ms while pushes keep coming (a busy inbox). */
const REFRESH_MS = 1_000;

/**
 * The figures follow the pushes, like the badges beside them: a customer's message counts at once among
 * those waiting and unread. A burst of pushes makes one request, asked once the burst's first second is over.
 */
function useLiveFigures() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        void queryClient.invalidateQueries({ queryKey: statsKeys.all });
      }, REFRESH_MS);
    };
    const stops = FIGURE_EVENTS.map((event) => onRealtime(event, refresh));
    return () => {
      clearTimeout(timer);
      for (const stop of stops) stop();
    };
  }, [queryClient]);
}

export default function StatsHomeRoute() {
  const { t } = useDashboardT();
  const isAdmin = useUser()?.type === 0;
  const query = useStats(isAdmin);
  const failure = failureOf(query);
  useLiveFigures();
  return (
    <ScreenFrame title={t('stats.title')}>
      {!query.data ? (
        failure ? (
          <ErrorState error={failure} onRetry={() => void query.refetch()} />
        ) : (
          <LoadingState />
        )
      ) : isAdmin ? (
        <AdminFigures stats={query.data as AdminStats} />
      ) : (
        <StoreFigures stats={query.data as StoreStats} />
      )}
    </ScreenFrame>
  );
}
