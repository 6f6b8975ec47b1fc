import { apiPaths, type Order, type Paged } from '@agrivet/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { dashboardKeys } from './keys';

/** The store's orders (admin: all), newest first, paged. */
export const getStoreOrders = (page: number, signal?: AbortSignal) =>
  apiGet<Paged<Order>>(apiPaths.order.getAllByStore, { page_number: page }, signal);

export const storeOrdersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: dashboardKeys.orderList(page),
    queryFn: ({ signal }) => getStoreOrders(page, signal),
    placeholderData: keepPreviousData,
    // The realtime connection coming back refetches them (lib/use-live-orders.ts).
    refetchOnReconnect: false,
  });

export const useStoreOrders = (page: number) => useQuery(storeOrdersQueryOptions(page));
