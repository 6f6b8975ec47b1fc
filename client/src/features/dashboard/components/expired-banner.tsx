/** Shown to a disabled store account (status 1): the API refuses its dashboard writes (CONTRACT.md §5). */
import { Alert } from '@chakra-ui/react/alert';
import { useDashboardT } from '../i18n/register';
import { alertRecipe } from '../lib/recipes';

export function ExpiredBanner() {
  const { common } = useDashboardT();
  return (
    <Alert.Root recipe={alertRecipe} status="warning" rounded="none" borderBottomWidth="1px">
      <Alert.Indicator />
      <Alert.Title>{common('auth.subscriptionExpired')}</Alert.Title>
    </Alert.Root>
  );
}
