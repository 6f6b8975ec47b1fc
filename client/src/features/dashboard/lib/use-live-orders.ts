/**
 * Keeps the cached orders live anywhere in the dashboard (mounted by the layout): a new order
 * (order:new) goes on top of page 1, a status change (order:status, or our own order:update's answer)
 * replaces the order in every page and its details (api/orders.ts). Each time the realtime connection comes up
 * — the session's first connection too — the orders on screen are refetched: a push sent before the socket
 * had joined its rooms (while the page loaded, or while the link was down) was not heard.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onConnected, onRealtime } from '@/stores/realtime';
import { addStoreOrder, applyOrder, orderKeys } from '@/api/orders';

export function useLiveOrders(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const offs = [
      onRealtime('order:new', ({ order }) => addStoreOrder(queryClient, order)),
      onRealtime('order:status', ({ order }) => applyOrder(queryClient, order)),
      // (only the queries on screen are asked again; the others are marked stale)
      onConnected(() => void queryClient.invalidateQueries({ queryKey: orderKeys.all })),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [queryClient]);
}
