/**
 * Shown on every dashboard screen to a disabled store account (status 1): its subscription has ended —
 * or, `suspended`, the administration suspended it by hand while its subscription is in force — what
 * that blocks (the API refuses its dashboard writes, CONTRACT.md §5; its store takes no orders), and the
 * support messaging link (to renew, or to ask why).
 */
import { Alert } from '@chakra-ui/react/alert';
import { Button } from '@chakra-ui/react/button';
import { MdChat } from 'react-icons/md';
import { env, messagingLink } from '@/config/env';
import { useDashboardT } from '@/features/dashboard/lib/i18n';
import { alertRecipe } from '@/features/dashboard/lib/recipes';

export function ExpiredBanner({ suspended = false }: { suspended?: boolean }) {
  const { t } = useDashboardT();
  const words = suspended ? 'suspended' : 'expired';
  return (
    <Alert.Root
      recipe={alertRecipe}
      status="warning"
      rounded="none"
      borderBottomWidth="1px"
      flexWrap="wrap"
      alignItems="center"
      data-testid="expired-banner"
      data-state={words}
    >
      <Alert.Indicator />
      <Alert.Content flex="1" minW="48">
        <Alert.Title>{t(`${words}.title`)}</Alert.Title>
        <Alert.Description>{t(`${words}.text`)}</Alert.Description>
      </Alert.Content>
      <Button asChild size="sm" colorPalette="green">
        <a href={messagingLink(env.supportPhone)} target="_blank" rel="noopener noreferrer">
          <MdChat aria-hidden />
          {t(`${words}.renew`)}
        </a>
      </Button>
    </Alert.Root>
  );
}
