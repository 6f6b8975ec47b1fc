/**
 * Top bar (SPEC.md §2): logo, section links, search, login/logout, my orders, chats with an unread
 * badge, install button, dashboard link (hidden for farmers); orders and chats hidden for disabled
 * accounts (status 1).
 */
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Container } from '@chakra-ui/react/container';
import { Image } from '@chakra-ui/react/image';
import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useTranslation } from 'react-i18next';
import { MdChatBubbleOutline, MdDashboard, MdLogin, MdLogout, MdReceiptLong } from 'react-icons/md';
import { NavLink, Link as RouterLink, useNavigate } from 'react-router-dom';
import { dashboardHome, paths } from '../../config/paths';
import { LOGO_URL } from '../../lib/images';
import { selectUnreadTotal, useChat } from '../../stores/chat';
import { selectCanOrderAndChat, selectIsLoggedIn, useSession } from '../../stores/session';
import { notify } from '../ui/toaster';
import { InstallButton } from './install-button';
import { LanguageSwitch } from './language-switch';
import { SearchBox } from './search-box';

const sectionLinks = [
  { to: paths.pharmacies.getHref(), key: 'nav.pharmacies' },
  { to: paths.clinics.getHref(), key: 'nav.clinics' },
  { to: paths.nurseries.getHref(), key: 'nav.nurseries' },
  { to: paths.blog.getHref(), key: 'nav.blog' },
] as const;

export function TopBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useSession(selectIsLoggedIn);
  const user = useSession((s) => s.user);
  const canOrderAndChat = useSession(selectCanOrderAndChat);
  const unread = useChat(selectUnreadTotal);

  const logout = async () => {
    try {
      await useSession.getState().logout();
      notify.success(t('auth.logoutDone'));
    } catch (err) {
      notify.error(err, t('auth.logoutFailed'));
    }
    navigate(paths.login.getHref());
  };

  return (
    <Box as="header" bg="bg" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky" shadow="xs">
      <Container maxW="6xl" px={{ base: '3', md: '6' }} py="2">
        <HStack justify="space-between" gap="2">
          <HStack asChild gap="2" flexShrink={0}>
            <RouterLink to={paths.home.getHref()} aria-label={t('nav.home')}>
              <Image src={LOGO_URL} alt="" boxSize="9" />
              <Text fontWeight="bold" fontSize="lg" color="green.800" display={{ base: 'none', sm: 'block' }}>
                {t('app.name')}
              </Text>
            </RouterLink>
          </HStack>
          <Box display={{ base: 'none', md: 'flex' }} flex="1" justifyContent="center">
            <SearchBox />
          </Box>
          <HStack gap="1" flexWrap="wrap" justify="flex-end">
            <InstallButton />
            {loggedIn && canOrderAndChat && (
              <>
                <Button asChild size="sm" variant="ghost" position="relative">
                  <RouterLink
                    to={paths.chatList.getHref()}
                    aria-label={
                      unread > 0 ? `${t('nav.chats')} — ${t('nav.unread', { count: unread })}` : t('nav.chats')
                    }
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
            {loggedIn ? (
              <Button size="sm" variant="outline" onClick={logout} aria-label={t('nav.logout')}>
                <MdLogout aria-hidden />
                <Box as="span" display={{ base: 'none', sm: 'inline' }}>
                  {t('nav.logout')}
                </Box>
              </Button>
            ) : (
              <Button asChild size="sm" colorPalette="green">
                <RouterLink to={paths.login.getHref()}>
                  <MdLogin aria-hidden />
                  {t('nav.login')}
                </RouterLink>
              </Button>
            )}
            <LanguageSwitch />
          </HStack>
        </HStack>
        <Box display={{ base: 'flex', md: 'none' }} mt="2">
          <SearchBox />
        </Box>
        <HStack
          as="nav"
          aria-label={t('nav.mainNav')}
          gap="1"
          mt="2"
          overflowX="auto"
          whiteSpace="nowrap"
          css={{ scrollbarWidth: 'none' }}
        >
          {sectionLinks.map((l) => (
            <Button
              key={l.to}
              asChild
              size="sm"
              variant="ghost"
              flexShrink={0}
              css={{ '&.active': { bg: 'green.100', color: 'green.800' } }}
            >
              <NavLink to={l.to} end>
                {t(l.key)}
              </NavLink>
            </Button>
          ))}
        </HStack>
      </Container>
    </Box>
  );
}
