/** order/list: the store's orders, newest first, live (order:new, order:status); opening it clears the badge. */
import { type Order, orderStageLabels, orderStatusLabels } from '@agrivet/shared';
import { Button } from '@chakra-ui/react/button';
import { HStack } from '@chakra-ui/react/stack';
import { useSearchParams } from 'react-router-dom';
import { failureOf } from '@/lib/query-client';
import { ORDER_FILTERS, type OrderFilter, useStoreOrders } from '@/api/orders';
import { OrderStageBadge } from '@/features/dashboard/components/order-stage-actions';
import { type Column, DataTable } from '@/features/dashboard/components/data-table';
import { OrderStatusBadge } from '@/features/dashboard/components/order-status-badge';
import { RowActions } from '@/features/dashboard/components/row-actions';
import { ScreenFrame } from '@/features/dashboard/components/screen-frame';
import { useDashboardT } from '@/features/dashboard/lib/i18n';
import { dashboardPaths } from '@/features/dashboard/lib/dashboard-paths';
import { usePageParam } from '@/features/dashboard/lib/use-page-param';
import { dateLocale } from '@/lib/format';

export default function OrderListRoute() {
  const { t, lang } = useDashboardT();
  const [page, setPage] = usePageParam();
  const [params, setParams] = useSearchParams();
  const raw = params.get('stage') as OrderFilter | null;
  const filter: OrderFilter = raw && ORDER_FILTERS.includes(raw) ? raw : 'all';
  const filterLabel = (f: OrderFilter) =>
    f === 'all'
      ? t('orders.allStages')
      : f === 'completed'
        ? orderStatusLabels[lang][1]
        : f === 'rejected'
          ? // the API's status=2 holds the store's rejections and the buyers' cancels alike
            t('orders.rejectedOrCancelled')
          : orderStageLabels[lang][f];
  // Live: the layout applies order:new and order:status to the cached pages (lib/use-live-orders.ts).
  const query = useStoreOrders(page, filter);
  const dateFormat = new Intl.DateTimeFormat(dateLocale(lang), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  const columns: Column<Order>[] = [
    { key: 'id', header: '#', cell: (o) => o.id, numeric: true },
    { key: 'buyer', header: t('orders.buyer'), cell: (o) => o.user.name },
    { key: 'phone', header: t('orders.phone'), cell: (o) => <span dir="ltr">{o.user.phone}</span> },
    { key: 'total', header: t('orders.total'), cell: (o) => `${o.total} $`, numeric: true },
    {
      key: 'status',
      header: t('orders.status'),
      cell: (o) => (
        <HStack gap="1" flexWrap="wrap">
          <OrderStatusBadge order={o} />
          <OrderStageBadge order={o} />
        </HStack>
      ),
    },
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
      <HStack gap="2" flexWrap="wrap" mb="3" role="group" aria-label={t('orders.stage')}>
        {ORDER_FILTERS.map((f) => (
          <Button
            key={f}
            size="xs"
            variant={f === filter ? 'solid' : 'outline'}
            colorPalette="green"
            aria-pressed={f === filter}
            onClick={() => setParams(f === 'all' ? {} : { stage: f })}
          >
            {filterLabel(f)}
          </Button>
        ))}
      </HStack>
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
