/** order/list: the store's orders, newest first, live (order:new, order:status); opening it clears the badge. */
import '@/i18n/shop';
import type { Order } from '@agrivet/shared';
import { failureOf } from '@/lib/query-client';
import { useCallback, useEffect } from 'react';
import { onRealtime } from '@/stores/realtime';
import { useStoreOrders } from '@/features/dashboard/api/get-store-orders';
import { type Column, DataTable } from '@/features/dashboard/components/data-table';
import { OrderStatusBadge } from '@/features/dashboard/components/order-status-badge';
import { RowActions } from '@/features/dashboard/components/row-actions';
import { ScreenFrame } from '@/features/dashboard/components/screen-frame';
import { useDashboardT } from '@/features/dashboard/i18n/register';
import { dashboardPaths } from '@/features/dashboard/lib/dashboard-paths';
import { usePageParam } from '@/features/dashboard/lib/use-page-param';
import { useOrderAlerts } from '@/features/dashboard/stores/order-alerts';
import { dateLocale } from '@/lib/format';

export default function OrderListRoute() {
  const { t, lang } = useDashboardT();
  const [page, setPage] = usePageParam();
  // Live: the layout applies order:new and order:status to the cached pages (lib/use-live-orders.ts).
  const query = useStoreOrders(page);
  const markSeen = useCallback(() => useOrderAlerts.getState().markSeen(), []);
  useEffect(markSeen, [markSeen]);
  // A new order arriving while the list is on screen is seen.
  useEffect(() => onRealtime('order:new', markSeen), [markSeen]);
  const dateFormat = new Intl.DateTimeFormat(dateLocale(lang), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  const columns: Column<Order>[] = [
    { key: 'id', header: '#', cell: (o) => o.id, numeric: true },
    { key: 'buyer', header: t('orders.buyer'), cell: (o) => o.user.name },
    { key: 'phone', header: t('orders.phone'), cell: (o) => <span dir="ltr">{o.user.phone}</span> },
    { key: 'total', header: t('orders.total'), cell: (o) => `${o.total} $`, numeric: true },
    { key: 'status', header: t('orders.status'), cell: (o) => <OrderStatusBadge status={o.status} /> },
    { key: 'date', header: t('orders.date'), cell: (o) => dateFormat.format(new Date(o.created_at)) },
    {
      key: 'actions',
      header: t('table.actions'),
      cell: (o) => (
        <RowActions name={t('orders.order', { id: o.id })} viewTo={dashboardPaths.orderDetailsOf.getHref(o.id)} />
      ),
    },
  ];

  return (
    <ScreenFrame title={t('orders.list')}>
      <DataTable
        empty={t('table.emptyOrders')}
        caption={t('orders.list')}
        columns={columns}
        rows={query.data?.data}
        rowKey={(o) => o.id}
        error={failureOf(query)}
        onRetry={() => void query.refetch()}
        page={page}
        lastPage={query.data?.last_page ?? 1}
        onPage={setPage}
      />
    </ScreenFrame>
  );
}
