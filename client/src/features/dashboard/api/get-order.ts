import { apiPaths, type Order } from '@agrivet/shared';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { dashboardKeys } from './keys';

/** One order (status changes go through the relay: order:update). */
export const getOrder = (id: number, signal?: AbortSignal) => apiGet<Order>(apiPaths.order.get(id), undefined, signal);

export const orderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: dashboardKeys.order(id),
    queryFn: ({ signal }) => getOrder(id, signal),
    refetchOnReconnect: false,
  });

/** `null`: no order named (the screen says so). */
export const useOrder = (id: number | null) =>
  useQuery(id === null ? { queryKey: dashboardKeys.order(0), queryFn: skipToken } : orderQueryOptions(id));
