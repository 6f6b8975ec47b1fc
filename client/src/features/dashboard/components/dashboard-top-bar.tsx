/**
 * Dashboard top bar (SPEC.md §2): menu (drawer on phones, with the count of new orders since the
 * drawer is closed there) or collapse toggle, the site link, the new-order sound switch (store
 * accounts; the first tap or key press unlocks audio for the beep), a chat link, the user name
 * linking to /profile/info, language and logout.
 */
import type { User } from '@agrivet/shared';
import { Box } from '@chakra-ui/react/box';
import { Badge } from '@chakra-ui/react/badge';
import { Button, IconButton } from '@chakra-ui/react/button';
import { Image } from '@chakra-ui/react/image';
import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useEffect } from 'react';
import { MdChatBubbleOutline, MdLogout, MdMenu, MdMenuOpen, MdPerson, MdVolumeOff, MdVolumeUp } from 'react-icons/md';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { LanguageSwitch } from '@/components/layout/language-switch';
import { notify } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { LOGO_URL } from '@/lib/images';
import { useLogout } from '@/api/auth';
import { useUnreadTotal } from '@/api/conversations';
import { useDashboardT } from '@/features/dashboard/lib/i18n';
import { unlockAudioOnGesture } from '@/features/dashboard/lib/beep';
import { canOpen } from '@/features/dashboard/lib/access';
import { dashboardPaths } from '@/features/dashboard/lib/dashboard-paths';
import { useOrderAlerts } from '@/features/dashboard/stores/order-alerts';
import { useWaitingOrders } from '@/api/orders';
import { useOpenReportsCount } from '@/api/report-queue';
import { useOpenRenewalsCount } from '@/api/renewal-queue';
import { currentLang } from '@/i18n';

interface TopBarProps {
  user: User;
  collapsed: boolean;
  onToggleCollapse: () => void;
  onOpenDrawer: () => void;
  /** The finger is down on the menu button: its drawer's code can start coming before the tap ends. */
  onPreloadDrawer?: () => void;
}

export function DashboardTopBar({ user, collapsed, onToggleCollapse, onOpenDrawer, onPreloadDrawer }: TopBarProps) {
  const { t, common } = useDashboardT();
  const navigate = useNavigate();
  const soundOn = useOrderAlerts((s) => s.soundOn);
  const isStore = user.type === 1 || user.type === 3;
  const newOrders = useWaitingOrders(canOpen(user, 'orderList'));
  // the admin's phone menu counts what waits for it (open reports, renewal requests), as a store's counts
  // the orders waiting for it
  const openReports = useOpenReportsCount(canOpen(user, 'reports'));
  const openRenewals = useOpenRenewalsCount(canOpen(user, 'subscriptions'));
  const waiting = isStore ? newOrders : openReports + openRenewals;
  const waitingText = isStore
    ? t('nav.newOrders', { count: newOrders })
    : new Intl.ListFormat(currentLang()).format(
        [
          openReports > 0 ? t('nav.openReports', { count: openReports }) : '',
          openRenewals > 0 ? t('nav.openRenewals', { count: openRenewals }) : '',
        ].filter(Boolean),
      );
  const menuLabel = waiting > 0 ? `${t('nav.openMenu')} (${waitingText})` : t('nav.openMenu');

  useEffect(() => (isStore && soundOn ? unlockAudioOnGesture() : undefined), [isStore, soundOn]);
  const chatTo = user.type === 0 ? dashboardPaths.conversationList.getHref() : dashboardPaths.chats.getHref();
  // the store's unread chats on the chat icon (the admin reads every chat: no count of its own)
  const unread = useUnreadTotal(isStore && user.status !== 1);
  const chatLabel =
    unread > 0 ? `${common('nav.chats')} (${common('nav.unread', { count: unread })})` : common('nav.chats');

  const logoutMutation = useLogout();
  const logout = async () => {
    try {
      await logoutMutation.mutateAsync();
      notify.success(common('auth.logoutDone'));
    } catch (err) {
      notify.error(err, common('auth.logoutFailed'));
    }
    navigate(paths.login.getHref());
  };

  return (
    <Box
      as="header"
      bg="green.800"
      color="white"
      position="sticky"
      top="0"
      zIndex="sticky"
      shadow="sm"
      data-toasts-below="dashboard"
    >
      <HStack justify="space-between" gap="1" px={{ base: '2', md: '4' }} py="2">
        <HStack gap="1" flexShrink={0}>
          <IconButton
            display={{ base: 'inline-flex', md: 'none' }}
            variant="ghost"
            color="white"
            _hover={{ bg: 'green.700' }}
            aria-label={menuLabel}
            onClick={onOpenDrawer}
            onPointerDown={onPreloadDrawer}
            position="relative"
          >
            <MdMenu />
            {waiting > 0 && (
              <Badge
                position="absolute"
                top="0.5"
                insetEnd="0.5"
                minW="4.5"
                h="4.5"
                px="1"
                justifyContent="center"
                rounded="full"
                colorPalette="red"
                variant="solid"
                fontSize="2xs"
                aria-hidden
                data-testid={isStore ? 'menu-new-orders' : 'menu-admin-waiting'}
              >
                {waiting > 99 ? '99+' : waiting}
              </Badge>
            )}
          </IconButton>
          <IconButton
            display={{ base: 'none', md: 'inline-flex' }}
            variant="ghost"
            color="white"
            _hover={{ bg: 'green.700' }}
            aria-label={collapsed ? t('nav.expand') : t('nav.collapse')}
            aria-expanded={!collapsed}
            _expanded={{ bg: 'transparent' }}
            onClick={onToggleCollapse}
          >
            {collapsed ? <MdMenu /> : <MdMenuOpen />}
          </IconButton>
          {/* The logo goes to the site; the title beside it names this place, outside the link (a link
              named "website" must not show "dashboard": voice control says what it sees). */}
          <HStack gap="2" flexShrink={0} minW="0">
            <RouterLink to={paths.home.getHref()} aria-label={t('nav.site')}>
              <Image src={LOGO_URL} alt="" boxSize="8" flexShrink={0} bg="white" rounded="full" p="0.5" />
            </RouterLink>
            <Text fontWeight="bold" display={{ base: 'none', sm: 'block' }} truncate>
              {common('nav.dashboard')}
            </Text>
          </HStack>
        </HStack>
        <HStack gap="0.5" minW="0">
          {isStore && (
            <IconButton
              variant="ghost"
              color="white"
              _hover={{ bg: 'green.700' }}
              size="sm"
              aria-label={soundOn ? t('nav.soundOff') : t('nav.soundOn')}
              aria-pressed={soundOn}
              onClick={() => useOrderAlerts.getState().setSound(!soundOn)}
            >
              {soundOn ? <MdVolumeUp /> : <MdVolumeOff />}
            </IconButton>
          )}
          {user.type !== 2 && (
            <IconButton
              asChild
              variant="ghost"
              color="white"
              _hover={{ bg: 'green.700' }}
              size="sm"
              position="relative"
            >
              <RouterLink to={chatTo} aria-label={chatLabel}>
                <MdChatBubbleOutline />
                {unread > 0 && (
                  <Badge
                    position="absolute"
                    top="0"
                    insetEnd="0"
                    minW="4.5"
                    h="4.5"
                    px="1"
                    justifyContent="center"
                    rounded="full"
                    colorPalette="red"
                    variant="solid"
                    fontSize="2xs"
                    aria-hidden
                    data-testid="topbar-unread"
                  >
                    {unread > 99 ? '99+' : unread}
                  </Badge>
                )}
              </RouterLink>
            </IconButton>
          )}
          <Button
            asChild
            variant="ghost"
            color="white"
            _hover={{ bg: 'green.700' }}
            size="sm"
            maxW={{ base: '28', sm: '48' }}
          >
            <RouterLink to={dashboardPaths.profile.getHref()} aria-label={`${t('nav.profile')}: ${user.name}`}>
              <MdPerson aria-hidden />
              <Text as="span" truncate>
                {user.name}
              </Text>
            </RouterLink>
          </Button>
          {/* under sm: in the side drawer (side-drawer.tsx) */}
          <Box
            display={{ base: 'none', sm: 'block' }}
            color="white"
            css={{ '& button': { color: 'white' }, '& button:hover': { bg: 'green.700' } }}
          >
            <LanguageSwitch />
          </Box>
          <IconButton
            variant="ghost"
            color="white"
            _hover={{ bg: 'green.700' }}
            size="sm"
            aria-label={common('nav.logout')}
            onClick={() => void logout()}
          >
            <MdLogout />
          </IconButton>
        </HStack>
      </HStack>
    </Box>
  );
}
