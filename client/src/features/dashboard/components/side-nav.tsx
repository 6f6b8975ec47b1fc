/** The side bar's links for the signed-in role, with live badges (new orders, unread chats, open reports, renewal requests). */
import type { User } from '@agrivet/shared';
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import type { IconType } from 'react-icons';
import {
  MdArticle,
  MdBarChart,
  MdChat,
  MdQuickreply,
  MdCardMembership,
  MdFlag,
  MdHistory,
  MdPayments,
  MdForum,
  MdInventory2,
  MdLock,
  MdPeople,
  MdPerson,
  MdReceiptLong,
  MdStore,
  MdStorefront,
} from 'react-icons/md';
import { NavLink } from 'react-router-dom';
import { useUnreadTotal } from '@/api/conversations';
import { useWaitingOrders } from '@/api/orders';
import { useOpenReportsCount } from '@/api/report-queue';
import { useOpenRenewalsCount } from '@/api/renewal-queue';
import { useDashboardT } from '@/features/dashboard/lib/i18n';
import { type DashboardScreen, sideLinksFor } from '@/features/dashboard/lib/access';

const icons: Partial<Record<DashboardScreen, IconType>> = {
  home: MdBarChart,
  blogList: MdArticle,
  userList: MdPeople,
  storeList: MdStorefront,
  conversationList: MdForum,
  chats: MdChat,
  quickReplies: MdQuickreply,
  orderList: MdReceiptLong,
  productList: MdInventory2,
  storeAdd: MdStore,
  profile: MdPerson,
  changePassword: MdLock,
  subscription: MdCardMembership,
  subscriptions: MdPayments,
  reports: MdFlag,
  audit: MdHistory,
};

interface SideNavProps {
  user: Pick<User, 'type' | 'has_store'> & { store?: { id: number } | null };
  /** Icons only (collapsed side bar); names stay as accessible labels. */
  collapsed?: boolean;
  onNavigate?: () => void;
}

export function SideNav({ user, collapsed = false, onNavigate }: SideNavProps) {
  const { t } = useDashboardT();
  const links = sideLinksFor(user);
  const hasLink = (screen: DashboardScreen) => links.some((link) => link.screen === screen);
  // each count is asked only by the accounts with its screen (the orders: a store account with its store)
  const newOrders = useWaitingOrders(hasLink('orderList'));
  const unread = useUnreadTotal(hasLink('chats'));
  const openReports = useOpenReportsCount(hasLink('reports'));
  const openRenewals = useOpenRenewalsCount(hasLink('subscriptions'));
  const badges: Partial<Record<DashboardScreen, number>> = {
    orderList: newOrders,
    chats: unread,
    reports: openReports,
    subscriptions: openRenewals,
  };
  const badgeOf = (screen: DashboardScreen) => badges[screen] ?? 0;

  return (
    <Box as="nav" aria-label={t('nav.sidebar')}>
      <Stack as="ul" gap="1" listStyleType="none" p="2">
        {links.map((link) => {
          const Icon = icons[link.screen] ?? MdBarChart;
          const label = t(link.label);
          const badge = badgeOf(link.screen);
          return (
            <li key={link.screen}>
              <Button
                asChild
                variant="ghost"
                width="full"
                justifyContent={collapsed ? 'center' : 'flex-start'}
                gap="3"
                px={collapsed ? '0' : '3'}
                color="fg"
                css={{ '&.active': { bg: 'green.100', color: 'green.900', fontWeight: 'bold' } }}
              >
                <NavLink
                  to={link.to}
                  end
                  onClick={onNavigate}
                  aria-label={collapsed ? (badge > 0 ? `${label} (${badge})` : label) : undefined}
                  title={collapsed ? label : undefined}
                >
                  <Box as="span" position="relative" display="inline-flex">
                    <Icon aria-hidden size="20" />
                    {collapsed && badge > 0 && (
                      <Box
                        as="span"
                        position="absolute"
                        top="-1"
                        insetEnd="-1"
                        boxSize="2.5"
                        bg="red.500"
                        rounded="full"
                        aria-hidden
                      />
                    )}
                  </Box>
                  {!collapsed && (
                    <>
                      <Box as="span" flex="1" textAlign="start">
                        {label}
                      </Box>
                      {badge > 0 && (
                        <Badge colorPalette="red" variant="solid" rounded="full" data-testid={`badge-${link.screen}`}>
                          {badge}
                        </Badge>
                      )}
                    </>
                  )}
                </NavLink>
              </Button>
            </li>
          );
        })}
      </Stack>
    </Box>
  );
}
