/** The two plans of SPEC.md §1: free farmer plan, business plan 5$/month or 50$/year. */
import { PLANS } from '@agrivet/shared';
import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useTranslation } from 'react-i18next';
import { JoinButton } from '@/features/landing/components/join-button';

/** "5$" kept left-to-right inside Arabic text (LRI … PDI). */
const usd = (n: number) => `\u2066${n}$\u2069`;

function Plan({
  title,
  price,
  features,
  highlight,
}: {
  title: string;
  price: string;
  features: string;
  highlight?: boolean;
}) {
  return (
    <Stack
      as="article"
      gap="3"
      p="6"
      rounded="2xl"
      borderWidth="2px"
      borderColor={highlight ? 'green.500' : 'border'}
      bg={highlight ? 'green.50' : 'bg'}
    >
      <Heading as="h3" size="lg">
        {title}
      </Heading>
      <Text fontSize="2xl" fontWeight="bold" color="green.700">
        {price}
      </Text>
      <Text color="fg.muted">{features}</Text>
    </Stack>
  );
}

export function Plans() {
  const { t } = useTranslation();
  return (
    <Box as="section" aria-labelledby="plans-title">
      <Heading as="h2" id="plans-title" size="2xl" mb="4">
        {t('landing.plansTitle')}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Plan title={t('landing.farmerPlan')} price={t('landing.farmerPrice')} features={t('landing.farmerFeatures')} />
        <Plan
          title={t('landing.businessPlan')}
          price={t('landing.businessPrice', {
            monthly: usd(PLANS.businessMonthlyUsd),
            yearly: usd(PLANS.businessYearlyUsd),
          })}
          features={t('landing.businessFeatures')}
          highlight
        />
      </SimpleGrid>
      <Box textAlign="center" mt="6">
        <JoinButton size="xl" colorPalette="green" rounded="full" px="10" />
      </Box>
    </Box>
  );
}
