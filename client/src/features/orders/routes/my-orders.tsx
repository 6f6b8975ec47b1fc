/**
 * /myorders: the user's orders, live status through `order:status` (applied to the cached pages), orders
 * still in the outbox, and a refetch whenever the connection comes back (changes made while
 * disconnected are not pushed again) or a queued order reached the server.
 */
import { Alert } from '@chakra-ui/react/alert';
import { Stack } from '@chakra-ui/react/stack';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { Page } from '@/components/ui/page';
import { Pager } from '@/components/ui/pager';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { failureOf } from '@/lib/query-client';
import { onConnected, onRealtime, useRealtime } from '@/stores/realtime';
import { applyOrder, useMyOrders } from '@/api/orders';
import { orderKeys } from '@/api/orders';
import { OrderCard } from '@/features/orders/components/order-card';
import { Button } from '@chakra-ui/react/button';
import { MdStorefront } from 'react-icons/md';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useOrderUpdates } from '@/stores/order-updates';
import { alertRecipe } from '@/lib/theme/slot-recipes';

export default function MyOrdersRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useMyOrders(page);
  const failure = failureOf(query);
  const queryClient = useQueryClient();
  const pendingOrders = useRealtime(
    useShallow((s) => s.outbox.filter((e) => e.event === 'order:create' && e.state === 'pending')),
  );

  useEffect(() => onRealtime('order:status', ({ order }) => applyOrder(queryClient, order)), [queryClient]);
  // Looked at: the badge on "طلباتي" goes.
  useEffect(() => useOrderUpdates.getState().seen(), []);
  // An order queued offline reached the server: show it.
  const pendingCount = pendingOrders.length;
  const previousPending = useRef(pendingCount);
  useEffect(() => {
    if (pendingCount < previousPending.current) void queryClient.invalidateQueries({ queryKey: orderKeys.mine() });
    previousPending.current = pendingCount;
  }, [pendingCount, queryClient]);

  // The connection came up (back after a drop, or late as the page loaded): order:status pushes sent
  // before it were missed, so refetch.
  useEffect(() => onConnected(() => void queryClient.invalidateQueries({ queryKey: orderKeys.mine() })), [queryClient]);

  return (
    <Page title={t('orders.title')}>
      {pendingOrders.map((e) => (
        <Alert.Root recipe={alertRecipe} key={e.client_id} status="warning" rounded="lg">
          <Alert.Indicator />
          <Alert.Title>{t('orders.pending')}</Alert.Title>
        </Alert.Root>
      ))}
      {!query.data ? (
        failure ? (
          <ErrorState error={failure} onRetry={() => void query.refetch()} />
        ) : (
          <LoadingState />
        )
      ) : query.data.data.length === 0 ? (
        <EmptyState
          message={t('reviews.noOrders')}
          action={
            <Button asChild colorPalette="green" variant="outline">
              <RouterLink to={paths.pharmacies.getHref()}>
                <MdStorefront aria-hidden />
                {t('reviews.browse')}
              </RouterLink>
            </Button>
          }
        />
      ) : (
        <>
          <Stack as="ul" gap="3" aria-label={t('orders.title')} opacity={query.isPlaceholderData ? 0.6 : 1}>
            {query.data.data.map((order) => (
              <OrderCard key={order.id} order={order} />
            ))}
          </Stack>
          <Pager
            page={query.data.current_page}
            lastPage={query.data.last_page}
            onChange={(p) => setParams(p > 1 ? { page: String(p) } : {})}
          />
        </>
      )}
    </Page>
  );
}
