/**
 * The buyer's view of an order's life (CONTRACT.md §8): the steps new → accepted → out for delivery →
 * delivered (or rejected), the store's delivery date and reason, a cancel while the order is still new,
 * and the chat with the store where its cards are.
 */
import { type Order, orderStageLabels, orderStatusLabels } from '@agrivet/shared';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MdCancel, MdCheckCircle, MdRadioButtonUnchecked, MdTimelapse } from 'react-icons/md';
import { Link as RouterLink } from 'react-router-dom';
import { applyOrder, cancelOrder, trackerSteps } from '@/api/orders';
import { confirm } from '@/components/ui/confirm-dialog';
import { notify } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { currentLang } from '@/i18n';
import { formatCalendarDay } from '@/lib/format';

export function OrderTracker({ order }: { order: Order }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const steps = trackerSteps(order);
  // The buyer's own cancel is no rejection by the store: «ملغى», as on the order's badge and its chat card.
  const cancelled = order.status === 2 && order.cancelled_by === 'buyer';
  const label = (step: (typeof steps)[number]['step']) =>
    step === 'completed'
      ? orderStatusLabels[lang][1]
      : step === 'rejected'
        ? cancelled
          ? t('orders.cancelled')
          : orderStatusLabels[lang][2]
        : orderStageLabels[lang][step];

  const cancel = async () => {
    // The dismiss button says «تراجع», not «إلغاء» beside «إلغاء الطلب».
    const sure = await confirm({
      title: t('tracker.cancelConfirm'),
      confirmLabel: t('tracker.cancel'),
      cancelLabel: t('tracker.keep'),
      destructive: true,
    });
    if (!sure) return;
    setBusy(true);
    try {
      const updated = await cancelOrder(order.id);
      applyOrder(queryClient, updated);
      notify.success(t('tracker.cancelled'));
    } catch (err) {
      notify.error(err, t('tracker.cancelFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="2" data-testid="order-tracker">
      {/* One row at any width: a column per step, its icon on the line that joins the steps and its label
          under it (a label too long for its column wraps inside it, never the steps onto a second row). */}
      <Box
        as="ol"
        display="grid"
        gridTemplateColumns={`repeat(${steps.length}, minmax(0, 1fr))`}
        maxW="md"
        aria-label={t('tracker.steps')}
      >
        {steps.map(({ step, state }, i) => (
          <Stack
            as="li"
            key={step}
            gap="1"
            align="center"
            position="relative"
            listStyleType="none"
            data-step={step}
            data-state={state}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            {i > 0 && (
              <Box
                position="absolute"
                top="calc(0.625rem - 1px)"
                insetInlineStart="calc(-50% + 0.875rem)"
                w="calc(100% - 1.75rem)"
                h="0.5"
                rounded="full"
                bg={state === 'todo' ? 'gray.300' : 'green.500'}
                aria-hidden
              />
            )}
            <Box fontSize="xl" lineHeight="0">
              {state === 'done' ? (
                <MdCheckCircle color="var(--chakra-colors-green-600)" aria-hidden />
              ) : state === 'current' && step === 'rejected' ? (
                <MdCancel
                  color={cancelled ? 'var(--chakra-colors-gray-500)' : 'var(--chakra-colors-red-600)'}
                  aria-hidden
                />
              ) : state === 'current' ? (
                <MdTimelapse color="var(--chakra-colors-orange-500)" aria-hidden />
              ) : (
                <MdRadioButtonUnchecked color="var(--chakra-colors-gray-400)" aria-hidden />
              )}
            </Box>
            <Text
              fontSize="sm"
              lineHeight="short"
              textAlign="center"
              overflowWrap="anywhere"
              fontWeight={state === 'current' ? 'bold' : 'normal'}
              color={state === 'todo' ? 'fg.muted' : undefined}
            >
              {label(step)}
            </Text>
          </Stack>
        ))}
      </Box>
      {order.eta && order.status === 0 && (
        <Text fontSize="sm">
          {t('tracker.eta')}: <bdi>{formatCalendarDay(order.eta, currentLang())}</bdi>
        </Text>
      )}
      {order.reason && (
        <Text fontSize="sm" color="fg.muted" dir="auto">
          {t('tracker.reason')}: {order.reason}
        </Text>
      )}
      <HStack gap="2" flexWrap="wrap">
        {order.status === 0 && order.stage === 'new' && (
          <Button size="sm" variant="outline" colorPalette="red" loading={busy} onClick={() => void cancel()}>
            {t('tracker.cancel')}
          </Button>
        )}
        {order.conversation_id && (
          <Button size="sm" variant="ghost" asChild>
            <RouterLink to={paths.chat.getHref(order.conversation_id)}>{t('tracker.chat')}</RouterLink>
          </Button>
        )}
      </HStack>
    </Stack>
  );
}
