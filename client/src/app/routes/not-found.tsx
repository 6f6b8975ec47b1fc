import { Button } from '@chakra-ui/react/button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState } from '@/components/ui/states';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { notFoundTitle } from '@/lib/page-title';

export default function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <Page title={t('errors.notFound')} tab={notFoundTitle(t)}>
      <EmptyState message={t('errors.notFound')} />
      <Button asChild colorPalette="green" alignSelf="center">
        <RouterLink to={paths.home.getHref()}>{t('errors.goHome')}</RouterLink>
      </Button>
    </Page>
  );
}
