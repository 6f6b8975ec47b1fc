/**
 * A store account's subscription banner on every dashboard screen (CONTRACT.md §8): the reminder in force
 * (7, 3, 1 days before the end), the grace period, or the expiry — what still works (replying in chats)
 * and a link to renew. An account disabled without a recorded subscription keeps the older banner (the support
 * link); one suspended by the admin by hand (disabled while its subscription is in force) has it saying so.
 */
import type { User } from '@agrivet/shared';
import { Alert } from '@chakra-ui/react/alert';
import { Button } from '@chakra-ui/react/button';
import { MdAutorenew } from 'react-icons/md';
import { Link as RouterLink } from 'react-router-dom';
import { useOversightT } from '@/features/dashboard/lib/i18n';
import { dashboardPaths } from '@/features/dashboard/lib/dashboard-paths';
import { alertRecipe } from '@/features/dashboard/lib/recipes';
import { formatDay as formatDate } from '@/features/dashboard/lib/oversight-format';
import { ExpiredBanner } from './expired-banner';

export function SubscriptionBanner({ user }: { user: User }) {
  const { t, lang } = useOversightT();
  if (user.type !== 1 && user.type !== 3) return null;
  const sub = user.subscription;
  // disabled without a recorded subscription, or suspended by the admin by hand: the support link
  if (!sub || (user.status === 1 && sub.state !== 'expired')) {
    // suspended by the admin (a subscription in force): said so, not an expiry
    return user.status === 1 ? <ExpiredBanner suspended={sub !== null && sub !== undefined} /> : null;
  }
  const renew = (
    <Button asChild size="sm" colorPalette="green">
      <RouterLink to={dashboardPaths.subscription.getHref()}>
        <MdAutorenew aria-hidden />
        {t('banner.renew')}
      </RouterLink>
    </Button>
  );
  let status: 'info' | 'warning' | 'error';
  let title: string;
  let text: string | null = null;
  if (sub.state === 'expired') {
    status = 'error';
    title = t('banner.expiredTitle');
    text = t('banner.expiredText');
  } else if (sub.state === 'grace') {
    status = 'warning';
    title = t('banner.graceTitle', { date: formatDate(sub.grace_ends_at, lang) });
    text = t('banner.graceText');
  } else if (sub.reminder !== null) {
    status = 'info';
    title =
      sub.days_left <= 0
        ? t('banner.reminderToday')
        : t('banner.reminder', { count: sub.days_left, date: formatDate(sub.ends_at, lang) });
  } else {
    return null;
  }
  return (
    <Alert.Root
      recipe={alertRecipe}
      status={status}
      rounded="none"
      borderBottomWidth="1px"
      flexWrap="wrap"
      alignItems="center"
      gap="3"
      data-testid="subscription-banner"
      data-state={sub.state}
    >
      <Alert.Indicator />
      <Alert.Content flex="1" minW="48">
        <Alert.Title>{title}</Alert.Title>
        {text && <Alert.Description>{text}</Alert.Description>}
      </Alert.Content>
      {renew}
    </Alert.Root>
  );
}
