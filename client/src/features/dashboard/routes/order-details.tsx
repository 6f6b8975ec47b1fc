/**
 * order/details?id=…: buyer name and phone, items, total, status; the status changes in a dialog and
 * travels through the relay (order:update), so the buyer sees it live.
 */
import { type Order, orderStatusLabels, provinceLabel } from '@agrivet/shared';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useQueryClient } from '@tanstack/react-query';
import { MdChat, MdEdit } from 'react-icons/md';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { notify } from '@/components/ui/toaster';
import { failureOf } from '@/lib/query-client';
import { useRealtime } from '@/stores/realtime';
import { useUser } from '@/api/auth';
import { writesBlocked } from '@/features/dashboard/lib/access';
import { useOrder } from '@/api/orders';
import { type Column, DataTable } from '@/features/dashboard/components/data-table';
import { OrderStageActions, OrderStageBadge } from '@/features/dashboard/components/order-stage-actions';
import { OrderStatusBadge } from '@/features/dashboard/components/order-status-badge';
import { ScreenFrame } from '@/features/dashboard/components/screen-frame';
import { StatusDialog } from '@/features/dashboard/components/status-dialog';
import { useDashboardT } from '@/features/dashboard/lib/i18n';
import { dashboardPaths } from '@/features/dashboard/lib/dashboard-paths';
import { orderStatusOptions } from '@/features/dashboard/lib/options';
import { useIdParam } from '@/features/dashboard/lib/use-page-param';
import { applyOrder } from '@/api/orders';

type Item = Order['items'][number];

function OrderView({ order }: { order: Order }) {
  const { t, common, lang } = useDashboardT();
  const queryClient = useQueryClient();
  const user = useUser();
  const blocked = writesBlocked(user);
  const columns: Column<Item>[] = [
    { key: 'name', header: t('orders.product'), cell: (i) => i.name },
    { key: 'quantity', header: t('orders.quantity'), cell: (i) => i.quantity, numeric: true },
    { key: 'price', header: t('orders.price'), cell: (i) => `${i.price} $`, numeric: true },
    {
      key: 'line',
      header: t('orders.lineTotal'),
      cell: (i) => `${((i.price_cents * i.quantity) / 100).toFixed(2)} $`,
      numeric: true,
    },
  ];

  const saveStatus = async (status: number): Promise<boolean> => {
    try {
      const updated = await useRealtime.getState().write('order:update', { order_id: order.id, status }).result;
      // The same as the order:status push the other devices get: the details and every cached page.
      applyOrder(queryClient, updated);
      notify.success(common('errors.done'), orderStatusLabels[lang][updated.status]);
      return true;
    } catch (err) {
      notify.error(err, common('errors.requestFailed'));
      return false;
    }
  };

  return (
    <Stack gap="4">
      <Box bg="bg" borderWidth="1px" rounded="lg" p="4">
        <Stack gap="2" as="dl">
          <HStack gap="2">
            <Text as="dt" fontWeight="bold">
              {t('orders.buyer')}:
            </Text>
            <Text as="dd">{order.user.name}</Text>
          </HStack>
          <HStack gap="2">
            <Text as="dt" fontWeight="bold">
              {t('orders.phone')}:
            </Text>
            <Text as="dd">
              <a href={`tel:${order.user.phone}`} dir="ltr">
                {order.user.phone}
              </a>
            </Text>
          </HStack>
          <HStack gap="2">
            <Text as="dt" fontWeight="bold">
              {t('orders.total')}:
            </Text>
            <Text as="dd" data-testid="order-total">
              {order.total} $
            </Text>
          </HStack>
          <HStack gap="2" flexWrap="wrap">
            <Text as="dt" fontWeight="bold">
              {t('orders.status')}:
            </Text>
            {/* The button sits inside the <dd>: a <dl> group may hold only <dt> and <dd> (axe definition-list). */}
            <HStack as="dd" gap="2" flexWrap="wrap">
              <OrderStatusBadge order={order} />
              <OrderStageBadge order={order} />
              {order.status === 0 && (
                <StatusDialog
                  title={t('orders.changeStatus')}
                  label={t('orders.newStatus')}
                  value={order.status}
                  // a rejection needs its reason: the form below (CONTRACT.md §8)
                  options={orderStatusOptions(lang).filter((o) => o.value !== 2)}
                  onSave={saveStatus}
                  trigger={
                    <Button size="sm" variant="outline" colorPalette="green" disabled={blocked}>
                      <MdEdit aria-hidden />
                      {t('orders.changeStatus')}
                    </Button>
                  }
                />
              )}
            </HStack>
          </HStack>
        </Stack>
        {/* the buyer's conversation with the store, where the order's cards are (CONTRACT.md §8) */}
        {order.conversation_id !== null && (
          <Button asChild size="sm" variant="outline" colorPalette="green" mt="3">
            <RouterLink to={`${dashboardPaths.chats.getHref()}?c=${order.conversation_id}`}>
              <MdChat aria-hidden />
              {t('orders.openChat')}
            </RouterLink>
          </Button>
        )}
      </Box>
      <OrderStageActions order={order} disabled={blocked} onChanged={(updated) => applyOrder(queryClient, updated)} />
      <Box bg="bg" borderWidth="1px" rounded="lg" p="4" as="section" aria-labelledby="delivery-heading">
        <Text as="h2" fontWeight="bold" fontSize="lg" mb="2" id="delivery-heading">
          {t('orders.delivery')}
        </Text>
        {order.delivery ? (
          <Stack gap="2" as="dl" data-testid="order-delivery">
            <HStack gap="2" flexWrap="wrap" align="start">
              <Text as="dt" fontWeight="bold">
                {t('orders.deliveryAddress')}:
              </Text>
              <Text as="dd" overflowWrap="anywhere" minW="0">
                {provinceLabel(order.delivery.province, lang, order.delivery.province_name)} — {order.delivery.address}
              </Text>
            </HStack>
            <HStack gap="2">
              <Text as="dt" fontWeight="bold">
                {t('orders.deliveryPhone')}:
              </Text>
              <Text as="dd">
                <a href={`tel:${order.delivery.phone}`} dir="ltr">
                  {order.delivery.phone}
                </a>
              </Text>
            </HStack>
            {order.delivery.note && (
              <HStack gap="2" flexWrap="wrap" align="start">
                <Text as="dt" fontWeight="bold">
                  {t('orders.deliveryNote')}:
                </Text>
                <Text as="dd" overflowWrap="anywhere" minW="0" dir="auto">
                  {order.delivery.note}
                </Text>
              </HStack>
            )}
          </Stack>
        ) : (
          <Text color="fg.muted">{t('orders.noDelivery')}</Text>
        )}
      </Box>
      <DataTable caption={t('orders.items')} columns={columns} rows={order.items} rowKey={(i) => i.product_id} />
    </Stack>
  );
}

export default function OrderDetailsRoute() {
  const { t } = useDashboardT();
  const id = useIdParam('id');
  // Live: the layout applies order:status pushes to the cached order (lib/use-live-orders.ts).
  const query = useOrder(id);
  const failure = failureOf(query);
  const back = (
    <Button asChild variant="ghost" size="sm">
      <RouterLink to={dashboardPaths.orderList.getHref()}>{t('orders.back')}</RouterLink>
    </Button>
  );
  return (
    <ScreenFrame title={id ? t('orders.order', { id }) : t('orders.details')} actions={back}>
      {id === null ? (
        <EmptyState message={t('orders.missingId')} />
      ) : !query.data ? (
        failure ? (
          <ErrorState error={failure} onRetry={() => void query.refetch()} />
        ) : (
          <LoadingState />
        )
      ) : (
        <OrderView order={query.data} />
      )}
    </ScreenFrame>
  );
}
