/**
 * The store's steps for an order in progress (CONTRACT.md §8): accept it (with an optional delivery
 * date), send it out for delivery, mark it delivered, or reject it with a reason the buyer sees.
 * A closed order shows its reason and who closed it. Each step answers the order as it is now.
 */
import { type Order, orderStageLabels } from '@agrivet/shared';
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { useId, useState } from 'react';
import { type OrderChange, nextStage, updateOrder } from '@/api/orders';
import { notify } from '@/components/ui/toaster';
import { formatCalendarDay } from '@/lib/format';
import { useDashboardT } from '@/features/dashboard/lib/i18n';
import { fieldRecipe, textareaRecipe } from '@/features/dashboard/lib/recipes';

/** The box the order's steps (or how it closed) sit in on the order's page. */
const FRAME = { bg: 'bg', borderWidth: '1px', rounded: 'lg', p: '4' } as const;

export function OrderStageBadge({ order }: { order: Pick<Order, 'status' | 'stage'> }) {
  const { lang } = useDashboardT();
  if (order.status !== 0) return null;
  const palette = order.stage === 'new' ? 'blue' : order.stage === 'accepted' ? 'purple' : 'teal';
  return (
    <Badge colorPalette={palette} data-testid="order-stage">
      {orderStageLabels[lang][order.stage]}
    </Badge>
  );
}

export function OrderStageActions({
  order,
  disabled,
  onChanged,
}: {
  order: Order;
  disabled?: boolean;
  onChanged: (order: Order) => void;
}) {
  const { t, common, lang } = useDashboardT();
  const etaId = useId();
  const reasonId = useId();
  const [eta, setEta] = useState(order.eta ?? '');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (what: string, change: OrderChange) => {
    setBusy(what);
    try {
      const updated = await updateOrder(order.id, change);
      onChanged(updated);
      notify.success(common('errors.done'));
      setReason('');
    } catch (err) {
      notify.error(err, common('errors.requestFailed'));
    } finally {
      setBusy(null);
    }
  };

  if (order.status !== 0) {
    // a completed order with nothing to say about how it closed: no empty box
    if (order.cancelled_by !== 'buyer' && !order.reason) return null;
    return (
      <Stack gap="1" data-testid="order-closed" {...FRAME}>
        {order.cancelled_by === 'buyer' && <Text fontWeight="bold">{t('orders.cancelledByBuyer')}</Text>}
        {order.reason && (
          <Text dir="auto">
            {t('orders.reason')}: {order.reason}
          </Text>
        )}
      </Stack>
    );
  }

  const next = nextStage(order);
  return (
    <Stack gap="3" as="section" aria-label={t('orders.stageActions')} {...FRAME}>
      {order.eta && (
        <Text>
          {t('orders.eta')}: <bdi>{formatCalendarDay(order.eta, lang)}</bdi>
        </Text>
      )}
      <HStack gap="3" flexWrap="wrap" align="end">
        {order.stage === 'new' && (
          <Field.Root recipe={fieldRecipe} w="auto">
            <Field.Label htmlFor={etaId}>{t('orders.etaOptional')}</Field.Label>
            <Input id={etaId} type="date" value={eta} onChange={(e) => setEta(e.currentTarget.value)} size="sm" />
          </Field.Root>
        )}
        {next && (
          <Button
            size="sm"
            colorPalette="green"
            disabled={disabled}
            loading={busy === 'next'}
            onClick={() => void run('next', next === 'accepted' && eta ? { stage: next, eta } : { stage: next })}
          >
            {next === 'accepted' ? t('orders.accept') : t('orders.outForDelivery')}
          </Button>
        )}
        <Button
          size="sm"
          variant="outline"
          colorPalette="green"
          disabled={disabled}
          loading={busy === 'done'}
          onClick={() => void run('done', { status: 1 })}
        >
          {t('orders.delivered')}
        </Button>
      </HStack>
      <Box borderTopWidth="1px" pt="3">
        <Field.Root recipe={fieldRecipe}>
          <Field.Label htmlFor={reasonId}>{t('orders.rejectReason')}</Field.Label>
          <Textarea
            recipe={textareaRecipe}
            id={reasonId}
            rows={2}
            dir="auto"
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
        </Field.Root>
        <Button
          mt="2"
          size="sm"
          colorPalette="red"
          variant="outline"
          disabled={disabled || reason.trim() === ''}
          loading={busy === 'reject'}
          onClick={() => void run('reject', { status: 2, reason: reason.trim() })}
        >
          {t('orders.reject')}
        </Button>
      </Box>
    </Stack>
  );
}
