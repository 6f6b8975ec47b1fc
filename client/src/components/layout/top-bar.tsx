/**
 * Top bar (SPEC.md §2): logo, section links, search, login/logout, install button, language switch,
 * and for signed-in accounts signed-in-nav.tsx (my orders, chats with an unread badge, dashboard).
 */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Container } from '@chakra-ui/react/container';
import { Image } from '@chakra-ui/react/image';
import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LogInIcon, LogOutIcon } from '../ui/icons';
import { NavLink, Link as RouterLink, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { LOGO_URL } from '../../lib/images';
import { selectIsLoggedIn, useSession } from '../../stores/session';
import { notify } from '../ui/toaster';
import { InstallButton } from './install-button';
import { LanguageSwitch } from './language-switch';
import { SearchBox } from './search-box';

const SignedInNav = lazy(() => import('./signed-in-nav'));

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
            {loggedIn && (
              <Suspense fallback={null}>
                <SignedInNav />
              </Suspense>
            )}
            {loggedIn ? (
              <Button size="sm" variant="outline" onClick={logout} aria-label={t('nav.logout')}>
                <LogOutIcon aria-hidden />
                <Box as="span" display={{ base: 'none', sm: 'inline' }}>
                  {t('nav.logout')}
                </Box>
              </Button>
            ) : (
              <Button asChild size="sm" colorPalette="green">
                <RouterLink to={paths.login.getHref()}>
                  <LogInIcon aria-hidden />
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
