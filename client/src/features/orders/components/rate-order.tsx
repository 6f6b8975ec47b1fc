/**
 * Rating a completed order (CONTRACT.md §7): 1-5 stars (a radio group: arrow keys, one tab stop) and an
 * optional comment; once rated the card shows the rating with "عدّل تقييمك", which opens the same form
 * filled in. Only shown for completed orders (status 1); the API refuses any other.
 */
import { LIMITS, type Order } from '@agrivet/shared';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MdStar, MdStarBorder } from 'react-icons/md';
import { notify } from '@/components/ui/toaster';
import { fieldRecipe, textareaRecipe } from '@/lib/theme/slot-recipes';
import { useRateOrder } from '@/api/orders';

function StarsShown({ rating }: { rating: number }) {
  const { t } = useTranslation();
  return (
    <HStack gap="0" color="orange.500" role="img" aria-label={t('reviews.yours', { rating })}>
      {[1, 2, 3, 4, 5].map((n) =>
        n <= rating ? <MdStar key={n} aria-hidden /> : <MdStarBorder key={n} aria-hidden />,
      )}
    </HStack>
  );
}

/**
 * The stars under the legend «التقييم»; «اختر عدد النجوم» shows once, as the error of a form sent without
 * a star (it was the legend too: the same words twice, one of them red).
 */
function StarPicker({
  value,
  onChange,
  name,
  error,
}: {
  value: number;
  onChange: (n: number) => void;
  name: string;
  error: string | null;
}) {
  const { t } = useTranslation();
  const errorId = useId();
  return (
    <Box
      as="fieldset"
      border="none"
      p="0"
      m="0"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <Text as="legend" fontWeight="medium" mb="1">
        {t('reviews.rating')}
      </Text>
      <HStack gap="1">
        {[1, 2, 3, 4, 5].map((n) => (
          <Box
            as="label"
            key={n}
            cursor="pointer"
            fontSize="3xl"
            color={n <= value ? 'orange.500' : 'gray.400'}
            position="relative"
            css={{ '&:focus-within': { outline: '2px solid var(--chakra-colors-green-600)', borderRadius: '4px' } }}
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              aria-label={t('reviews.stars', { count: n })}
              style={{ position: 'absolute', opacity: 0, width: '100%', height: '100%', margin: 0, cursor: 'pointer' }}
            />
            {n <= value ? <MdStar aria-hidden /> : <MdStarBorder aria-hidden />}
          </Box>
        ))}
      </HStack>
      {error && (
        <Text id={errorId} color="fg.error" fontSize="sm" role="alert" mt="1">
          {error}
        </Text>
      )}
    </Box>
  );
}

export function RateOrder({ order }: { order: Order }) {
  const { t } = useTranslation();
  const review = order.review;
  const [open, setOpen] = useState(false);
  const [rating, setRating] = useState(review?.rating ?? 0);
  const [comment, setComment] = useState(review?.comment ?? '');
  const [error, setError] = useState<string | null>(null);
  const mutation = useRateOrder();
  const name = useId();
  const commentId = useId();
  if (order.status !== 1) return null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (rating < 1) {
      setError(t('reviews.choose'));
      return;
    }
    setError(null);
    mutation.mutate(
      { orderId: order.id, rating, comment: comment.trim() || null },
      {
        onSuccess: () => {
          notify.success(t('reviews.saved'), { action: `rate-${order.id}` });
          setOpen(false);
        },
        onError: (err) => notify.error(err, t('errors.requestFailed'), { action: `rate-${order.id}` }),
      },
    );
  };

  if (!open)
    return (
      <HStack justify="space-between" flexWrap="wrap" gap="2" borderTopWidth="1px" pt="2">
        {review ? (
          <Stack gap="0">
            <StarsShown rating={review.rating} />
            {review.comment && (
              <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere" dir="auto">
                {review.comment}
              </Text>
            )}
          </Stack>
        ) : (
          <span />
        )}
        <Button
          size="sm"
          variant={review ? 'ghost' : 'solid'}
          colorPalette={review ? 'gray' : 'orange'}
          onClick={() => {
            setRating(review?.rating ?? 0);
            setComment(review?.comment ?? '');
            setError(null);
            setOpen(true);
          }}
        >
          <MdStar aria-hidden />
          {review ? t('reviews.edit') : t('reviews.rate')}
        </Button>
      </HStack>
    );

  return (
    <form onSubmit={submit} noValidate aria-label={t('reviews.rate')}>
      <Stack gap="3" borderTopWidth="1px" pt="3">
        <StarPicker
          value={rating}
          onChange={(n) => {
            setRating(n);
            setError(null);
          }}
          name={name}
          error={error}
        />
        <Field.Root recipe={fieldRecipe}>
          <Field.Label htmlFor={commentId}>{t('reviews.comment')}</Field.Label>
          <Textarea
            recipe={textareaRecipe}
            id={commentId}
            rows={2}
            dir="auto"
            maxLength={LIMITS.reviewCommentMax}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
          />
        </Field.Root>
        <HStack gap="2" justify="flex-end">
          <Button variant="outline" size="sm" type="button" onClick={() => setOpen(false)}>
            {t('product.cancel')}
          </Button>
          <Button colorPalette="green" size="sm" type="submit" loading={mutation.isPending}>
            {t('reviews.save')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
