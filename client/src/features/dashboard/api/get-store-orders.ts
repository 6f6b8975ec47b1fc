import { apiPaths, type Order, type Paged } from '@agrivet/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { dashboardKeys } from './keys';

/** The store's list filtered by stage (in progress) or by how it closed (CONTRACT.md §8). */
export type OrderFilter = 'all' | 'new' | 'accepted' | 'out_for_delivery' | 'completed' | 'rejected';
export const ORDER_FILTERS: OrderFilter[] = ['all', 'new', 'accepted', 'out_for_delivery', 'completed', 'rejected'];

const filterParams = (filter: OrderFilter) =>
  filter === 'all'
    ? {}
    : filter === 'completed'
      ? { status: 1 }
      : filter === 'rejected'
        ? { status: 2 }
        : { stage: filter };

/** The store's orders (admin: all), newest first, paged. */
export const getStoreOrders = (page: number, signal?: AbortSignal, filter: OrderFilter = 'all') =>
  apiGet<Paged<Order>>(apiPaths.order.getAllByStore, { page_number: page, ...filterParams(filter) }, signal);

export const storeOrdersQueryOptions = (page: number, filter: OrderFilter = 'all') =>
  queryOptions({
    // the unfiltered list keeps its key: live orders go on top of its first page (lib/use-live-orders.ts)
    queryKey: filter === 'all' ? dashboardKeys.orderList(page) : [...dashboardKeys.orderList(page), filter],
    queryFn: ({ signal }) => getStoreOrders(page, signal, filter),
    placeholderData: keepPreviousData,
    // The realtime connection coming back refetches them (lib/use-live-orders.ts).
    refetchOnReconnect: false,
  });

export const useStoreOrders = (page: number, filter: OrderFilter = 'all') =>
  useQuery(storeOrdersQueryOptions(page, filter));
