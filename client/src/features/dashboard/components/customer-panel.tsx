/**
 * The customer beside a conversation of the store's inbox (CONTRACT.md §8, issue 21 item 2): name,
 * phone (a tap calls, another copies it), province, and this customer's orders with the store —
 * stage or status (a buyer's cancel reads as cancelled), total and a link to each
 * (order/getAll-byStore?user_id). A side column on a wide screen (xl), a sheet from the screen's
 * foot on a phone or a narrow desk (`customer-sheet.tsx`, its own chunk: loaded when first opened).
 */
import {
  type InboxConversation,
  type Order,
  orderStageLabels,
  orderStatusLabels,
  provinceLabel,
} from '@agrivet/shared';
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button, IconButton } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useQuery } from '@tanstack/react-query';
import { MdCall, MdContentCopy, MdLocationOn } from 'react-icons/md';
import { Link as RouterLink } from 'react-router-dom';
import { customerOrdersQueryOptions } from '@/api/orders';
import { LoadingState } from '@/components/ui/loading-state';
import { ErrorState } from '@/components/ui/states';
import { notify } from '@/components/ui/toaster';
import { failureOf } from '@/lib/query-client';
import { useDashboardT } from '@/features/dashboard/lib/i18n';
import { dashboardPaths } from '@/features/dashboard/lib/dashboard-paths';

const SHOWN = 10;

/** This customer's orders with the store, newest first (under the order keys: live order changes apply). */
const useCustomerOrders = (userId: number) => useQuery(customerOrdersQueryOptions(userId, SHOWN));

function OrderState({ order }: { order: Order }) {
  const { t, lang } = useDashboardT();
  if (order.status === 2 && order.cancelled_by === 'buyer') {
    return (
      <Badge colorPalette="gray" size="sm">
        {t('inbox.cancelled')}
      </Badge>
    );
  }
  const label = order.status === 0 ? orderStageLabels[lang][order.stage] : orderStatusLabels[lang][order.status];
  return (
    <Badge colorPalette={order.status === 1 ? 'green' : order.status === 2 ? 'red' : 'orange'} size="sm">
      {label}
    </Badge>
  );
}

function CustomerOrders({ c }: { c: InboxConversation }) {
  const { t } = useDashboardT();
  const query = useCustomerOrders(c.customer.id);
  const failure = failureOf(query);
  const orders = query.data?.data;
  return (
    <Stack as="section" gap="2" aria-labelledby={`customer-orders-${c.id}`}>
      <Heading as="h3" size="sm" id={`customer-orders-${c.id}`}>
        {t('inbox.ordersTitle', { n: query.data?.total ?? c.customer.orders_count })}
      </Heading>
      {!orders ? (
        failure ? (
          <ErrorState error={failure} onRetry={() => void query.refetch()} />
        ) : (
          <LoadingState />
        )
      ) : orders.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('inbox.noOrders')}
        </Text>
      ) : (
        <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
          {orders.map((o) => (
            <Box as="li" key={o.id}>
              <HStack
                asChild
                gap="2"
                p="2"
                rounded="md"
                borderWidth="1px"
                justify="space-between"
                _hover={{ bg: 'gray.50' }}
              >
                <RouterLink to={dashboardPaths.orderDetailsOf.getHref(o.id)} data-testid="customer-order">
                  <Stack gap="0.5" minW="0">
                    <Text fontWeight="bold" fontSize="sm">
                      {t('inbox.order', { id: o.id })}
                    </Text>
                    <OrderState order={o} />
                  </Stack>
                  <Text fontSize="sm" dir="ltr" flexShrink={0}>
                    {o.total} $
                  </Text>
                </RouterLink>
              </HStack>
            </Box>
          ))}
        </Stack>
      )}
      {query.data && query.data.total > orders!.length && (
        <Button asChild size="xs" variant="ghost" alignSelf="start">
          <RouterLink to={dashboardPaths.orderList.getHref()}>{t('inbox.allOrders')}</RouterLink>
        </Button>
      )}
    </Stack>
  );
}

/** Name, phone (call, copy), province and orders. */
export function CustomerDetails({ c }: { c: InboxConversation }) {
  const { t, lang } = useDashboardT();
  const copy = () => {
    const done = () => notify.success(t('inbox.copied'));
    if (navigator.clipboard) void navigator.clipboard.writeText(c.customer.phone).then(done, () => {});
  };
  return (
    <Stack gap="4" data-testid="customer-details">
      <Stack gap="1">
        <Text fontWeight="bold" fontSize="lg" dir="auto">
          {c.customer.name}
        </Text>
        <HStack gap="1">
          <Button asChild size="sm" variant="outline" colorPalette="green">
            <a href={`tel:${c.customer.phone}`} aria-label={`${t('inbox.call')} ${c.customer.phone}`}>
              <MdCall aria-hidden />
              <Text as="span" dir="ltr">
                {c.customer.phone}
              </Text>
            </a>
          </Button>
          <IconButton size="sm" variant="ghost" aria-label={t('inbox.copy')} onClick={copy}>
            <MdContentCopy />
          </IconButton>
        </HStack>
        <HStack gap="1" color="fg.muted" fontSize="sm" data-testid="customer-province">
          <MdLocationOn aria-hidden />
          <Text>
            {t('inbox.province')}:{' '}
            {c.customer.province ? provinceLabel(c.customer.province, lang) : t('inbox.noProvince')}
          </Text>
        </HStack>
      </Stack>
      <CustomerOrders c={c} />
    </Stack>
  );
}
