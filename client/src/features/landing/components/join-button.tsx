/**
 * The landing's «انضم الآن» (SPEC.md §2: to /createAcount), in the hero and under the plans. A signed-in
 * account has nothing to join: the same button leads to its own part of the site instead — «طلباتي» for a
 * farmer, «لوحة التحكم» (the dashboard's home) for a store account or the admin, as the top bar does.
 *
 * The server renders the landing for a visitor, and the session store's first state is the anonymous one
 * (stores/session.ts), so the page hydrates as the server drew it and switches right after: only the
 * button's words and link change, in its place (no layout shift). The account type comes from the user
 * saved beside the token (lib/saved-user.ts), read only once signed in — the user query (api/auth.ts)
 * stays out of the landing's first load.
 */
import { Button, type ButtonProps } from '@chakra-ui/react/button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { dashboardHome, paths } from '@/config/paths';
import { readSavedUser } from '@/lib/saved-user';
import { selectIsLoggedIn, useSession } from '@/stores/session';

export function JoinButton(props: ButtonProps) {
  const { t } = useTranslation();
  const user = useSession(selectIsLoggedIn) ? (readSavedUser() ?? { type: 2 }) : null;
  const [to, label] = !user
    ? [paths.createAccount.getHref(), 'landing.join']
    : user.type === 2
      ? [paths.myOrders.getHref(), 'nav.myOrders']
      : [dashboardHome(user.type), 'nav.dashboard'];
  return (
    <Button asChild {...props}>
      <RouterLink to={to}>{t(label)}</RouterLink>
    </Button>
  );
}
