/**
 * Keeps a loaded order page live: new orders (order:new) go on top of page 1, status changes
 * (order:status) replace the order in place.
 */
import type { Order, Paged } from '@agrivet/shared';
import { useEffect } from 'react';
import { onRealtime } from '../../../stores/realtime';

type Setter = (update: (previous: Paged<Order> | undefined) => Paged<Order> | undefined) => void;

export function useLiveOrders(setData: Setter, page: number, onNew?: () => void): void {
  useEffect(() => {
    const offNew = onRealtime('order:new', ({ order }) => {
      onNew?.();
      if (page !== 1) return;
      setData((prev) =>
        prev && !prev.data.some((o) => o.id === order.id)
          ? { ...prev, data: [order, ...prev.data], total: prev.total + 1 }
          : prev,
      );
    });
    const offStatus = onRealtime('order:status', ({ order }) =>
      setData((prev) => (prev ? { ...prev, data: prev.data.map((o) => (o.id === order.id ? order : o)) } : prev)),
    );
    return () => {
      offNew();
      offStatus();
    };
  }, [setData, page, onNew]);
}
