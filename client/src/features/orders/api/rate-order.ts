import { apiPaths, type Order, type Paged } from '@agrivet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { orderKeys } from './keys';

export interface RateInput {
  orderId: number;
  rating: number;
  comment?: string | null;
}

/** POST order/rate/{id} {rating, comment?}: the buyer rates a completed order; again edits it (CONTRACT.md §7). */
export const rateOrder = ({ orderId, rating, comment }: RateInput): Promise<Order> =>
  apiPost<Order>(apiPaths.order.rate(orderId), { rating, ...(comment ? { comment } : {}) });

/** Rates, and puts the answered order (with its `review`) in the order pages held. */
export function useRateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rateOrder,
    onSuccess: (order) => {
      queryClient.setQueriesData<Paged<Order>>({ queryKey: orderKeys.all }, (page) =>
        page ? { ...page, data: page.data.map((o) => (o.id === order.id ? order : o)) } : page,
      );
    },
  });
}
