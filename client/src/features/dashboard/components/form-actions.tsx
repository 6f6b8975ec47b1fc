/** Save and cancel buttons at the bottom of a dashboard form. */
import { Button } from '@chakra-ui/react/button';
import { HStack } from '@chakra-ui/react/stack';
import { Link as RouterLink } from 'react-router-dom';
import { useDashboardT } from '@/features/dashboard/lib/i18n';

export function FormActions({ submitting, cancelTo }: { submitting: boolean; cancelTo?: string }) {
  const { t } = useDashboardT();
  return (
    <HStack gap="3" pt="2">
      <Button type="submit" colorPalette="green" loading={submitting} loadingText={t('form.saving')} minW="32">
        {t('form.save')}
      </Button>
      {cancelTo && (
        <Button asChild variant="outline">
          <RouterLink to={cancelTo}>{t('form.cancel')}</RouterLink>
        </Button>
      )}
    </HStack>
  );
}
