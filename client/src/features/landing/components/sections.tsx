/** Links to the market sections: pharmacies, clinics, nurseries, articles. */
import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Text } from '@chakra-ui/react/text';
import { BookOpenIcon, type IconComponent, PawPrintIcon, PillIcon, SproutIcon } from '@/components/ui/icons';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';

function SectionLink({
  to,
  icon: Icon,
  title,
  text,
}: {
  to: string;
  icon: IconComponent;
  title: string;
  text: string;
}) {
  return (
    <Box
      asChild
      display="flex"
      gap="4"
      alignItems="center"
      p="4"
      rounded="xl"
      borderWidth="1px"
      _hover={{ bg: 'green.50', borderColor: 'green.400' }}
    >
      <RouterLink to={to}>
        <Box as="span" fontSize="3xl" color="green.600" flexShrink={0}>
          <Icon aria-hidden />
        </Box>
        <Box>
          <Text fontWeight="bold" fontSize="lg">
            {title}
          </Text>
          <Text color="fg.muted" fontSize="sm">
            {text}
          </Text>
        </Box>
      </RouterLink>
    </Box>
  );
}

export function Sections() {
  const { t } = useTranslation();
  return (
    <Box as="section" aria-labelledby="sections-title">
      <Heading as="h2" id="sections-title" size="2xl" mb="4">
        {t('landing.sectionsTitle')}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <SectionLink
          to={paths.pharmacies.getHref()}
          icon={PillIcon}
          title={t('nav.pharmacies')}
          text={t('landing.pharmaciesText')}
        />
        <SectionLink
          to={paths.clinics.getHref()}
          icon={PawPrintIcon}
          title={t('nav.clinics')}
          text={t('landing.clinicsText')}
        />
        <SectionLink
          to={paths.nurseries.getHref()}
          icon={SproutIcon}
          title={t('nav.nurseries')}
          text={t('landing.nurseriesText')}
        />
        <SectionLink to={paths.blog.getHref()} icon={BookOpenIcon} title={t('nav.blog')} text={t('landing.blogText')} />
      </SimpleGrid>
    </Box>
  );
}
