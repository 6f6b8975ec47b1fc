/**
 * /myorders: the user's orders, live status through `order:status`, orders still in the outbox, and a
 * reload whenever the connection comes back (changes made while disconnected are not pushed again).
 */
import { Alert } from '@chakra-ui/react/alert';
import { Stack } from '@chakra-ui/react/stack';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { Page } from '../../../components/ui/page';
import { Pager } from '../../../components/ui/pager';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { useQuery } from '../../../lib/use-query';
import { onRealtime, useRealtime } from '../../../stores/realtime';
import { getMyOrders } from '../api/get-my-orders';
import { OrderCard } from '../components/order-card';
import { alertRecipe } from '../../../lib/theme/slot-recipes';

export default function MyOrdersRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useQuery(`my-orders:${page}`, (signal) => getMyOrders(page, signal));
  const pendingOrders = useRealtime(
    useShallow((s) => s.outbox.filter((e) => e.event === 'order:create' && e.state === 'pending')),
  );
  const { setData, reload } = query;
  const connection = useRealtime((s) => s.status);

  useEffect(
    () =>
      onRealtime('order:status', ({ order }) =>
        setData((prev) => (prev ? { ...prev, data: prev.data.map((o) => (o.id === order.id ? order : o)) } : prev)),
      ),
    [setData],
  );
  // An order queued offline reached the server: show it.
  const pendingCount = pendingOrders.length;
  const previousPending = useRef(pendingCount);
  useEffect(() => {
    if (pendingCount < previousPending.current) reload();
    previousPending.current = pendingCount;
  }, [pendingCount, reload]);

  // Back online after a disconnection: order:status pushes sent meanwhile were missed, so reload.
  const previousConnection = useRef(connection);
  useEffect(() => {
    if (connection === 'online' && previousConnection.current !== 'online') reload();
    previousConnection.current = connection;
  }, [connection, reload]);

  return (
    <Page title={t('orders.title')}>
      {pendingOrders.map((e) => (
        <Alert.Root recipe={alertRecipe} key={e.client_id} status="warning" rounded="lg">
          <Alert.Indicator />
          <Alert.Title>{t('orders.pending')}</Alert.Title>
        </Alert.Root>
      ))}
      {query.error ? (
        <ErrorState error={query.error} onRetry={query.reload} />
      ) : query.loading && !query.data ? (
        <LoadingState />
      ) : query.data && query.data.data.length === 0 ? (
        <EmptyState message={t('orders.empty')} />
      ) : query.data ? (
        <>
          <Stack as="ul" gap="3" aria-label={t('orders.title')}>
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
      ) : null}
    </Page>
  );
}
