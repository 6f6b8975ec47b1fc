import { type Order, type OrderStatus, orderStatusLabels } from '@agrivet/shared';
import { Badge } from '@chakra-ui/react/badge';
import { useDashboardT } from '@/features/dashboard/lib/i18n';

const palette: Record<OrderStatus, string> = { 0: 'orange', 1: 'green', 2: 'red' };

/**
 * The order's status; an order its buyer cancelled reads «ألغاه المشتري» (gray), not the store's own
 * «مرفوض» (red) — as the inbox's customer panel and the chat card tell them apart.
 */
export function OrderStatusBadge({ order }: { order: Pick<Order, 'status' | 'cancelled_by'> }) {
  const { t, lang } = useDashboardT();
  const cancelled = order.status === 2 && order.cancelled_by === 'buyer';
  return (
    <Badge
      colorPalette={cancelled ? 'gray' : palette[order.status]}
      data-testid="order-status"
      data-cancelled={cancelled ? 'buyer' : undefined}
    >
      {cancelled ? t('orders.cancelledBadge') : orderStatusLabels[lang][order.status]}
    </Badge>
  );
}
