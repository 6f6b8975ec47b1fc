/**
 * Order status everywhere (issue 14 item 6): while a farmer is signed in, each `order:status` push for
 * one of their orders updates the cached order pages, shows a toast naming the order and its new
 * status, and — unless /myorders is on screen — marks it for the badge on "طلباتي"
 * (stores/order-updates.ts). Started by app/signed-in-effects.tsx (not in the first load).
 */
import { orderStatusLabels } from '@agrivet/shared';
import type { QueryClient } from '@tanstack/react-query';
import { notify } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { currentLang, i18n } from '@/i18n';
import { useOrderUpdates } from '@/stores/order-updates';
import { onRealtime } from '@/stores/realtime';
import { applyOrder } from '@/api/orders';
import '@/i18n/shop';

export function watchOrderStatus(
  queryClient: QueryClient,
  userId: number,
  currentPath: () => string = () => globalThis.location?.pathname ?? '',
): () => void {
  return onRealtime('order:status', ({ order }) => {
    // Store accounts and the admin hear their stores' orders too: only the buyer is told here.
    if (order.user_id !== userId) return;
    applyOrder(queryClient, order);
    if (currentPath() !== paths.myOrders.getHref()) useOrderUpdates.getState().add(order.id);
    notify.info(
      i18n.t('reviews.statusChanged', { id: order.id, status: orderStatusLabels[currentLang()][order.status] }),
      { action: `order-status-${order.id}` },
    );
  });
}
