/**
 * Top bar links of a signed-in account (loaded only when someone is signed in): chats with the unread
 * badge and my orders (hidden for disabled accounts, status 1), the dashboard (hidden for farmers).
 */
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { useTranslation } from 'react-i18next';
import { MdChatBubbleOutline, MdDashboard, MdPerson, MdReceiptLong, MdShoppingCart } from 'react-icons/md';
import { Link as RouterLink } from 'react-router-dom';
import { canOrderAndChat as mayOrderAndChat, useUser } from '@/api/auth';
import { dashboardHome, paths } from '@/config/paths';
import { selectTotalCount, useCart } from '@/stores/cart';
import { useUnreadTotal } from '@/api/conversations';
import { useOrderUpdates } from '@/stores/order-updates';
import '@/i18n/shop';

export default function SignedInNav() {
  const { t } = useTranslation();
  const user = useUser();
  const canOrderAndChat = mayOrderAndChat(user);
  const unread = useUnreadTotal(canOrderAndChat);
  const cartTotal = useCart(selectTotalCount);
  const orderUpdates = useOrderUpdates((s) => s.changed.length);
  return (
    <>
      {canOrderAndChat && (
        <>
          <Button asChild size="sm" variant="ghost" position="relative">
            <RouterLink
              to={paths.chatList.getHref()}
              aria-label={unread > 0 ? `${t('nav.chats')} — ${t('nav.unread', { count: unread })}` : t('nav.chats')}
            >
              <MdChatBubbleOutline aria-hidden />
              <Box as="span" display={{ base: 'none', lg: 'inline' }}>
                {t('nav.chats')}
              </Box>
              {unread > 0 && (
                <Badge colorPalette="red" variant="solid" rounded="full" size="sm" data-testid="unread-badge">
                  {unread}
                </Badge>
              )}
            </RouterLink>
          </Button>
          <Button asChild size="sm" variant="ghost">
            <RouterLink
              to={paths.myOrders.getHref()}
              aria-label={
                orderUpdates > 0
                  ? `${t('nav.myOrders')} — ${t('reviews.changedBadge', { count: orderUpdates })}`
                  : t('nav.myOrders')
              }
            >
              <MdReceiptLong aria-hidden />
              <Box as="span" display={{ base: 'none', lg: 'inline' }}>
                {t('nav.myOrders')}
              </Box>
              {orderUpdates > 0 && (
                <Badge colorPalette="orange" variant="solid" rounded="full" size="sm" data-testid="orders-badge">
                  {orderUpdates}
                </Badge>
              )}
            </RouterLink>
          </Button>
          <Button asChild size="sm" variant="ghost">
            <RouterLink to={paths.carts.getHref()} aria-label={t('checkout.cartLink', { count: cartTotal })}>
              <MdShoppingCart aria-hidden />
              {cartTotal > 0 && (
                <Badge colorPalette="green" variant="solid" rounded="full" size="sm" data-testid="cart-count">
                  {cartTotal}
                </Badge>
              )}
            </RouterLink>
          </Button>
        </>
      )}
      {user && user.type === 2 && (
        <Button asChild size="sm" variant="ghost">
          <RouterLink to={paths.account.getHref()} aria-label={t('account.link')}>
            <MdPerson aria-hidden />
          </RouterLink>
        </Button>
      )}
      {user && user.type !== 2 && (
        <Button asChild size="sm" variant="ghost">
          <RouterLink to={dashboardHome(user.type)} aria-label={t('nav.dashboard')}>
            <MdDashboard aria-hidden />
            <Box as="span" display={{ base: 'none', lg: 'inline' }}>
              {t('nav.dashboard')}
            </Box>
          </RouterLink>
        </Button>
      )}
    </>
  );
}
