/**
 * Shown on every dashboard screen to a disabled store account (status 1): its subscription has ended,
 * what that blocks (the API refuses its dashboard writes, CONTRACT.md §5; its store takes no orders),
 * and how to renew — the support messaging link.
 */
import { Alert } from '@chakra-ui/react/alert';
import { Button } from '@chakra-ui/react/button';
import { MdChat } from 'react-icons/md';
import { env, messagingLink } from '@/config/env';
import { useDashboardT } from '@/features/dashboard/i18n/register';
import { alertRecipe } from '@/features/dashboard/lib/recipes';

export function ExpiredBanner() {
  const { t } = useDashboardT();
  return (
    <Alert.Root
      recipe={alertRecipe}
      status="warning"
      rounded="none"
      borderBottomWidth="1px"
      flexWrap="wrap"
      alignItems="center"
      data-testid="expired-banner"
    >
      <Alert.Indicator />
      <Alert.Content flex="1" minW="48">
        <Alert.Title>{t('expired.title')}</Alert.Title>
        <Alert.Description>{t('expired.text')}</Alert.Description>
      </Alert.Content>
      <Button asChild size="sm" colorPalette="green">
        <a href={messagingLink(env.supportPhone)} target="_blank" rel="noopener noreferrer">
          <MdChat aria-hidden />
          {t('expired.renew')}
        </a>
      </Button>
    </Alert.Root>
  );
}
