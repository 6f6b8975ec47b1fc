/**
 * Keeps the cached orders live anywhere in the dashboard (mounted by the layout): a new order
 * (order:new) goes on top of page 1, a status change (order:status, or our own order:update's answer)
 * replaces the order in every page and its details (api/orders.ts); when the realtime connection comes back, pushes
 * sent meanwhile were missed, so the orders are refetched.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onRealtime, useRealtime } from '@/stores/realtime';
import { addStoreOrder, applyOrder, orderKeys } from '@/api/orders';

export function useLiveOrders(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    // The session's first connection is not a reconnect: what was fetched before it is still current.
    let everOnline = useRealtime.getState().status === 'online';
    const offs = [
      onRealtime('order:new', ({ order }) => addStoreOrder(queryClient, order)),
      onRealtime('order:status', ({ order }) => applyOrder(queryClient, order)),
      useRealtime.subscribe((state, previous) => {
        if (state.status === previous.status) return;
        if (state.status === 'online') {
          if (everOnline) void queryClient.invalidateQueries({ queryKey: orderKeys.all });
          everOnline = true;
        } else if (state.status === 'idle') everOnline = false;
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [queryClient]);
}
