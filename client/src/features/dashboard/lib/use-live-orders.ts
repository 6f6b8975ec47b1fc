/**
 * Keeps the cached orders live anywhere in the dashboard (mounted by the layout): a new order
 * (order:new) goes on top of page 1, a status change (order:status, or our own order:update's answer)
 * replaces the order in every page and its details; when the realtime connection comes back, pushes
 * sent meanwhile were missed, so the orders are refetched.
 */
import type { Order, Paged } from '@agrivet/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onRealtime, useRealtime } from '@/stores/realtime';
import { dashboardKeys } from '@/features/dashboard/api/keys';

/** A changed order: every page and the details holding it get the new copy. */
export function applyOrder(queryClient: QueryClient, order: Order): void {
  queryClient.setQueriesData<Paged<Order>>({ queryKey: dashboardKeys.orderLists }, (page) =>
    page?.data.some((o) => o.id === order.id)
      ? { ...page, data: page.data.map((o) => (o.id === order.id ? order : o)) }
      : page,
  );
  if (queryClient.getQueryData(dashboardKeys.order(order.id)) !== undefined)
    queryClient.setQueryData(dashboardKeys.order(order.id), order);
  void queryClient.invalidateQueries({ queryKey: dashboardKeys.stats });
}

/** A new order: on top of the first page (once), counted in its total. */
export function addOrder(queryClient: QueryClient, order: Order): void {
  queryClient.setQueryData<Paged<Order>>(dashboardKeys.orderList(1), (page) =>
    page && !page.data.some((o) => o.id === order.id)
      ? { ...page, data: [order, ...page.data], total: page.total + 1 }
      : page,
  );
  void queryClient.invalidateQueries({ queryKey: dashboardKeys.stats });
}

export function useLiveOrders(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    // The session's first connection is not a reconnect: what was fetched before it is still current.
    let everOnline = useRealtime.getState().status === 'online';
    const offs = [
      onRealtime('order:new', ({ order }) => addOrder(queryClient, order)),
      onRealtime('order:status', ({ order }) => applyOrder(queryClient, order)),
      useRealtime.subscribe((state, previous) => {
        if (state.status === previous.status) return;
        if (state.status === 'online') {
          if (everOnline) void queryClient.invalidateQueries({ queryKey: dashboardKeys.orders });
          everOnline = true;
        } else if (state.status === 'idle') everOnline = false;
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [queryClient]);
}
