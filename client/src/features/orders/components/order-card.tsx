import { type Order, type OrderStatus, orderStatusLabels, provinceLabel } from '@agrivet/shared';
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useTranslation } from 'react-i18next';
import { Price } from '@/components/ui/price';
import { currentLang } from '@/i18n';
import { formatDateTime } from '@/lib/format';
import { OrderTracker } from './order-tracker';
import { RateOrder } from './rate-order';

const statusColor: Record<OrderStatus, string> = { 0: 'orange', 1: 'green', 2: 'red' };

export function OrderCard({ order }: { order: Order }) {
  const { t } = useTranslation();
  const lang = currentLang();
  // The buyer's own cancel reads «ملغى» (gray), as its chat card does — «مرفوض» (red) is the store's refusal.
  const cancelled = order.status === 2 && order.cancelled_by === 'buyer';
  return (
    <Box
      as="li"
      listStyleType="none"
      borderWidth="1px"
      rounded="lg"
      p="4"
      aria-label={t('orders.order', { id: order.id })}
    >
      <Stack gap="2">
        <HStack justify="space-between" flexWrap="wrap">
          <Heading as="h2" size="md" minW="0" overflowWrap="anywhere">
            {order.store.name_store} — {t('orders.order', { id: order.id })}
          </Heading>
          <Badge
            colorPalette={cancelled ? 'gray' : statusColor[order.status]}
            variant="solid"
            size="lg"
            data-testid="order-status"
            data-cancelled={cancelled ? 'buyer' : undefined}
          >
            {cancelled ? t('orders.cancelled') : orderStatusLabels[lang][order.status]}
          </Badge>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {formatDateTime(order.created_at, lang)}
        </Text>
        <Stack as="ul" gap="1" ps="4">
          {order.items.map((item) => (
            <Text as="li" key={item.product_id} fontSize="sm">
              <bdi>{item.name}</bdi> × {item.quantity} — <Price amount={item.price_cents * item.quantity} />
            </Text>
          ))}
        </Stack>
        {order.delivery && (
          <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
            {t('checkout.deliveryTo')}: {provinceLabel(order.delivery.province, lang, order.delivery.province_name)} —{' '}
            {order.delivery.address}
          </Text>
        )}
        <HStack justify="space-between">
          <Text fontWeight="bold">{t('orders.total')}</Text>
          <Text fontWeight="bold" color="green.700" data-testid="order-total">
            <Price amount={order.total_cents} />
          </Text>
        </HStack>
        <OrderTracker order={order} />
        <RateOrder order={order} />
      </Stack>
    </Box>
  );
}
