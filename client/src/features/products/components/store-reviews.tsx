/** A store page's reviews (GET store/reviews/{id}), paged: stars, comment, buyer's first name, date. */
import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MdStar, MdStarBorder } from 'react-icons/md';
import { Pager } from '@/components/ui/pager';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { formatDate } from '@/lib/format';
import { failureOf } from '@/lib/query-client';
import { useStoreReviews } from '@/api/stores';

export function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation();
  return (
    <HStack gap="0" color="orange.500" role="img" aria-label={t('reviews.stars', { count: rating })}>
      {[1, 2, 3, 4, 5].map((n) =>
        n <= rating ? <MdStar key={n} aria-hidden /> : <MdStarBorder key={n} aria-hidden />,
      )}
    </HStack>
  );
}

export function StoreReviews({ storeId }: { storeId: number }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useStoreReviews(storeId, page);
  const failure = failureOf(query);
  return (
    <Stack as="section" gap="3" aria-labelledby="reviews-heading" pt="4">
      <Heading as="h2" size="lg" id="reviews-heading">
        {t('storeState.reviews')}
      </Heading>
      {!query.data ? (
        failure ? (
          <ErrorState error={failure} onRetry={() => void query.refetch()} />
        ) : (
          <LoadingState />
        )
      ) : query.data.data.length === 0 ? (
        <Text color="fg.muted">{t('storeState.noReviews')}</Text>
      ) : (
        <>
          <Stack as="ul" gap="3" aria-label={t('storeState.reviews')}>
            {query.data.data.map((review) => (
              <Box as="li" key={review.id} listStyleType="none" borderWidth="1px" rounded="lg" p="3">
                <HStack justify="space-between" flexWrap="wrap" gap="2">
                  <HStack gap="2">
                    <Stars rating={review.rating} />
                    <Text fontWeight="bold">{review.user.name}</Text>
                  </HStack>
                  <Text fontSize="sm" color="fg.muted">
                    {formatDate(review.updated_at, i18n.language)}
                  </Text>
                </HStack>
                {review.comment && (
                  <Text mt="2" overflowWrap="anywhere" dir="auto">
                    {review.comment}
                  </Text>
                )}
              </Box>
            ))}
          </Stack>
          <Pager page={query.data.current_page} lastPage={query.data.last_page} onChange={setPage} />
        </>
      )}
    </Stack>
  );
}
