/**
 * A store's times (CONTRACT.md §8): open now or closed, how soon it usually answers (`reply_minutes`,
 * null under 5 answered conversations) and its week's hours (Asia/Damascus; none: always open). Shown
 * on the product page and the store page, from the store's JSON; fields a store lacks are left out.
 */
import type { Store } from '@agrivet/shared';
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useTranslation } from 'react-i18next';
import { MdAccessTime } from 'react-icons/md';
import { currentLang } from '@/i18n';

type Times = Partial<Pick<Store, 'open_now' | 'reply_minutes' | 'hours'>>;

/** The weekday's name in the UI language (0 Sunday); Western digits elsewhere, names only here. */
function dayName(day: number, lang: string): string {
  // 2026-01-04 is a Sunday (UTC).
  return new Intl.DateTimeFormat(lang === 'en' ? 'en' : 'ar-SY', { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2026, 0, 4 + day)),
  );
}

export function StoreTimes({ store }: { store: Times }) {
  const { t } = useTranslation();
  const reply = store.reply_minutes;
  const hours = store.hours ?? [];
  const hasReply = reply !== undefined && reply !== null;
  if (store.open_now === undefined && !hasReply && hours.length === 0) return null;
  const lang = currentLang();
  const days = [0, 1, 2, 3, 4, 5, 6]
    .map((day) => ({ day, spans: hours.filter((h) => h.day === day).sort((a, b) => a.open.localeCompare(b.open)) }))
    .filter((d) => d.spans.length > 0);
  return (
    <Stack gap="2" fontSize="sm" data-testid="store-times">
      <HStack gap="3" flexWrap="wrap">
        {store.open_now !== undefined && (
          <Badge colorPalette={store.open_now ? 'green' : 'gray'} variant="subtle">
            <MdAccessTime aria-hidden />
            {store.open_now ? t('productPage.openNow') : t('productPage.closedNow')}
          </Badge>
        )}
        {hasReply && (
          <Text color="fg.muted">
            {reply < 90
              ? t('productPage.replyMinutes', { count: Math.max(1, Math.round(reply)) })
              : t('productPage.replyHours', { count: Math.round(reply / 60) })}
          </Text>
        )}
        {store.hours !== undefined && hours.length === 0 && <Text color="fg.muted">{t('productPage.alwaysOpen')}</Text>}
      </HStack>
      {days.length > 0 && <Text srOnly>{t('productPage.hours')}</Text>}
      {days.length > 0 && (
        <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="3" rowGap="0.5" color="fg.muted">
          {days.map(({ day, spans }) => (
            <Box key={day} display="contents">
              <Box as="dt">{dayName(day, lang)}</Box>
              <Box as="dd" dir="ltr" textAlign="start">
                {spans.map((s) => `${s.open}–${s.close}`).join('، ')}
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Stack>
  );
}
