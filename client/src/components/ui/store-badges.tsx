/**
 * A store's rating (average of 5 and the number of ratings) and its verified badge (CONTRACT.md §7),
 * shown on store cards and store pages. Strings: `storeState.*`, `reviews.*`.
 */
import { Badge } from '@chakra-ui/react/badge';
import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useTranslation } from 'react-i18next';
import { MdStar, MdVerified } from 'react-icons/md';

export function StoreRating({ avg, count }: { avg: number | null; count: number }) {
  const { t } = useTranslation();
  if (avg === null || count === 0)
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="store-rating">
        {t('storeState.noRating')}
      </Text>
    );
  const value = avg.toFixed(1);
  return (
    <HStack
      gap="1"
      fontSize="sm"
      data-testid="store-rating"
      role="img"
      aria-label={t('storeState.ratingShort', { avg: value, count })}
    >
      <MdStar aria-hidden color="var(--chakra-colors-orange-500)" />
      <Text as="span" fontWeight="bold">
        {value}
      </Text>
      <Text as="span" color="fg.muted">
        ({count})
      </Text>
    </HStack>
  );
}

export function VerifiedBadge() {
  const { t } = useTranslation();
  return (
    <Badge colorPalette="blue" variant="subtle" gap="1" data-testid="verified-badge">
      <MdVerified aria-hidden />
      {t('storeState.verified')}
    </Badge>
  );
}

export function UnavailableBadge() {
  const { t } = useTranslation();
  return (
    <Badge colorPalette="red" variant="subtle" whiteSpace="normal" data-testid="unavailable-badge">
      {t('storeState.unavailable')}
    </Badge>
  );
}
