/**
 * Top bar links of a signed-in account (loaded only when someone is signed in): chats with the unread
 * badge and my orders (hidden for disabled accounts, status 1), the dashboard (hidden for farmers).
 */
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { useTranslation } from 'react-i18next';
import { MdChatBubbleOutline, MdDashboard, MdReceiptLong } from 'react-icons/md';
import { Link as RouterLink } from 'react-router-dom';
import { dashboardHome, paths } from '../../config/paths';
import { useUnreadTotal } from '../../stores/chat';
import { selectCanOrderAndChat, useSession } from '../../stores/session';

export default function SignedInNav() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const canOrderAndChat = useSession(selectCanOrderAndChat);
  const unread = useUnreadTotal(canOrderAndChat);
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
            <RouterLink to={paths.myOrders.getHref()} aria-label={t('nav.myOrders')}>
              <MdReceiptLong aria-hidden />
              <Box as="span" display={{ base: 'none', lg: 'inline' }}>
                {t('nav.myOrders')}
              </Box>
            </RouterLink>
          </Button>
        </>
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
