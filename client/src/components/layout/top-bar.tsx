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
import { LogInIcon, LogOutIcon } from '@/components/ui/icons';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { logout } from '@/api/auth';
import { paths } from '@/config/paths';
import { LOGO_URL } from '@/lib/images';
import { selectIsLoggedIn, useSession } from '@/stores/session';
import { notify } from '@/components/ui/toaster';
import { InstallButton } from './install-button';
import { LanguageSwitch } from './language-switch';
import { SearchBox } from './search-box';
import { SectionNav } from './section-nav';

const SignedInNav = lazy(() => import('./signed-in-nav'));

export function TopBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useSession(selectIsLoggedIn);

  const signOut = async () => {
    try {
      await logout();
      notify.success(t('auth.logoutDone'));
    } catch (err) {
      notify.error(err, t('auth.logoutFailed'));
    }
    navigate(paths.login.getHref());
  };

  return (
    <Box
      as="header"
      bg="bg"
      borderBottomWidth="1px"
      position="sticky"
      top="0"
      zIndex="sticky"
      shadow="xs"
      data-toasts-below="public"
    >
      <Container maxW="6xl" px={{ base: '3', md: '6' }} py="2">
        <HStack justify="space-between" gap="2">
          <HStack asChild gap="2" flexShrink={0}>
            <RouterLink to={paths.home.getHref()} aria-label={t('nav.homeLink')}>
              <Image src={LOGO_URL} alt="" boxSize="9" />
              <Text fontWeight="bold" fontSize="lg" color="green.800" display={{ base: 'none', sm: 'block' }}>
                {t('app.name')}
              </Text>
            </RouterLink>
          </HStack>
          <Box display={{ base: 'none', md: 'flex' }} flex="1" justifyContent="center">
            <SearchBox />
          </Box>
          {/* One row at 360 px: the install button is icon-only there, "English" never wraps. */}
          <HStack gap="1" flexWrap="nowrap" justify="flex-end" minW="0">
            <InstallButton />
            {loggedIn && (
              <Suspense fallback={null}>
                <SignedInNav />
              </Suspense>
            )}
            {loggedIn ? (
              <Button size="sm" variant="outline" onClick={signOut} aria-label={t('nav.logout')}>
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
        <SectionNav />
      </Container>
    </Box>
  );
}
