/**
 * The view of components/ui/missing-page.tsx, loaded when a page turns out to be missing; the tab's title
 * is the server's 404 page's.
 */
import { Button } from '@chakra-ui/react/button';
import { Container } from '@chakra-ui/react/container';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { notFoundTitle, usePageTitle } from '@/lib/page-title';

export interface MissingPageProps {
  /** What is missing: «المتجر غير موجود», «المنتج غير موجود», «المقال غير موجود». */
  what: 'store' | 'product' | 'article';
}

export default function MissingPageView({ what }: MissingPageProps) {
  const { t } = useTranslation();
  usePageTitle(notFoundTitle(t));
  // where to look instead: the three store lists, or the articles
  const links =
    what !== 'article'
      ? [
          { to: paths.pharmacies.getHref(), label: t('nav.pharmacies') },
          { to: paths.clinics.getHref(), label: t('nav.clinics') },
          { to: paths.nurseries.getHref(), label: t('nav.nurseries') },
        ]
      : [{ to: paths.blog.getHref(), label: t('blog.back') }];
  return (
    <Container maxW="6xl" px={{ base: '3', md: '6' }} py={{ base: '6', md: '10' }}>
      {/* the marker components/ui/missing-page.tsx looks for in the server's HTML */}
      <Stack gap="4" maxW="2xl" data-missing-page="">
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
          {t(`missing.${what}`)}
        </Heading>
        <Text color="fg.muted" fontSize="lg">
          {t('missing.hint')}
        </Text>
        <HStack gap="2" flexWrap="wrap">
          {links.map((l) => (
            <Button key={l.to} asChild variant="outline" colorPalette="green">
              <RouterLink to={l.to}>{l.label}</RouterLink>
            </Button>
          ))}
        </HStack>
        <Button asChild variant="ghost" colorPalette="green" alignSelf="flex-start">
          <RouterLink to={paths.home.getHref()}>{t('errors.goHome')}</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
