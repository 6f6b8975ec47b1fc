/** /: hero, market sections, plans and the join button (SPEC.md §1, §2; signed in: components/join-button.tsx). */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Container } from '@chakra-ui/react/container';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { TruckIcon } from '@/components/ui/icons';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { JoinButton } from '@/features/landing/components/join-button';
import { Plans } from '@/features/landing/components/plans';
import { Sections } from '@/features/landing/components/sections';

export default function LandingRoute() {
  const { t } = useTranslation();
  // The site's title (lib/page-title.ts siteTitle, the server's), back from another page's.
  const title = `${t('app.name')} — ${t('app.tagline')}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <>
      <Box
        as="section"
        bgGradient="to-b"
        gradientFrom="green.700"
        gradientTo="green.600"
        color="white"
        py={{ base: '10', md: '16' }}
      >
        <Container maxW="6xl" px={{ base: '4', md: '6' }}>
          <Stack gap="5" maxW="2xl">
            <Heading as="h1" size={{ base: '3xl', md: '5xl' }} lineHeight="1.3">
              {t('landing.heroTitle')}
            </Heading>
            <Text fontSize={{ base: 'md', md: 'xl' }} opacity={0.95}>
              {t('landing.heroText')}
            </Text>
            <HStack gap="3" flexWrap="wrap">
              <Button asChild size="lg" bg="white" color="green.800" _hover={{ bg: 'green.50' }}>
                <RouterLink to={paths.pharmacies.getHref()}>{t('landing.browse')}</RouterLink>
              </Button>
              <JoinButton
                size="lg"
                variant="outline"
                color="white"
                borderColor="whiteAlpha.800"
                _hover={{ bg: 'whiteAlpha.200' }}
              />
            </HStack>
            <HStack gap="2">
              <TruckIcon aria-hidden />
              <Text fontWeight="bold">{t('landing.freeDelivery')}</Text>
            </HStack>
          </Stack>
        </Container>
      </Box>
      <Container maxW="6xl" px={{ base: '4', md: '6' }} py="10">
        <Stack gap="12">
          <Sections />
          <Plans />
        </Stack>
      </Container>
    </>
  );
}
