import { apiPaths, type Order, type Paged } from '@agrivet/shared';
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { orderKeys } from './keys';

/** GET order/getAll-byUser?page_number → the caller's own orders. */
export const getMyOrders = (page: number, signal?: AbortSignal): Promise<Paged<Order>> =>
  apiGet<Paged<Order>>(apiPaths.order.getAllByUser, { page_number: page }, signal);

export const myOrdersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: orderKeys.page(page),
    queryFn: ({ signal }) => getMyOrders(page, signal),
    placeholderData: keepPreviousData,
    // The realtime connection coming back refetches them (the route), with what was missed meanwhile.
    refetchOnReconnect: false,
  });

export const useMyOrders = (page: number) => useQuery(myOrdersQueryOptions(page));

/** An `order:status` push: the order is replaced in every page held. */
export function applyOrderStatus(queryClient: QueryClient, order: Order): void {
  queryClient.setQueriesData<Paged<Order>>({ queryKey: orderKeys.all }, (page) =>
    page?.data.some((o) => o.id === order.id)
      ? { ...page, data: page.data.map((o) => (o.id === order.id ? order : o)) }
      : page,
  );
}
