import { type OrderStatus, orderStatusLabels } from '@agrivet/shared';
import { Badge } from '@chakra-ui/react/badge';
import { useDashboardT } from '@/features/dashboard/i18n/register';

const palette: Record<OrderStatus, string> = { 0: 'orange', 1: 'green', 2: 'red' };

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { lang } = useDashboardT();
  return (
    <Badge colorPalette={palette[status]} data-testid="order-status">
      {orderStatusLabels[lang][status]}
    </Badge>
  );
}
