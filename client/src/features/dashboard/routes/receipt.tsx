/**
 * /dashboard/receipt/{id} (admin, the paying store account; CONTRACT.md §8): a printable receipt of one
 * subscription payment, Arabic and right-to-left. On paper (A4) only the receipt prints — the dashboard's
 * bars, the side bar and the print button are hidden by the print stylesheet; on a phone it reads as a card.
 */
import { paymentMethodLabels, planLabels } from '@agrivet/shared';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { MdPrint } from 'react-icons/md';
import { useParams } from 'react-router-dom';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { usePayment } from '@/api/subscriptions';
import { failureOf } from '@/lib/query-client';
import { useOversightT } from '@/features/dashboard/lib/i18n';
import { formatDay, formatMoment } from '@/features/dashboard/lib/oversight-format';
import './receipt-print.css';

function Line({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <HStack justify="space-between" gap="4" py="2" borderBottomWidth="1px" borderStyle="dashed" flexWrap="wrap">
      <Text color="fg.muted">{label}</Text>
      <Text fontWeight="bold" data-testid={testId} textAlign="end">
        {value}
      </Text>
    </HStack>
  );
}

export default function ReceiptRoute() {
  const { t, lang } = useOversightT();
  const id = Number(useParams().id);
  const query = usePayment(Number.isInteger(id) ? id : 0);
  if (!query.data) {
    const error = failureOf(query);
    return (
      <Box p="4">{error ? <ErrorState error={error} onRetry={() => void query.refetch()} /> : <LoadingState />}</Box>
    );
  }
  const p = query.data;
  return (
    <Box p={{ base: '3', md: '6' }} className="agv-receipt-page">
      <HStack justify="end" mb="3" className="agv-no-print">
        <Button colorPalette="green" onClick={() => window.print()}>
          <MdPrint aria-hidden />
          {t('receipt.print')}
        </Button>
      </HStack>
      <Box
        as="article"
        className="agv-receipt"
        bg="bg"
        borderWidth="1px"
        rounded="lg"
        p={{ base: '4', md: '8' }}
        maxW="2xl"
        mx="auto"
        aria-labelledby="receipt-title"
        data-testid="receipt"
      >
        <Stack gap="1" mb="4" textAlign="center">
          <Text fontSize="sm" color="green.700" fontWeight="bold">
            {t('receipt.brand')}
          </Text>
          <Heading as="h1" size="xl" id="receipt-title">
            {t('receipt.title')}
          </Heading>
          <Text dir="ltr" fontFamily="mono" data-testid="receipt-no">
            {p.receipt_no}
          </Text>
        </Stack>
        <Line label={t('payments.date')} value={formatMoment(p.created_at, lang)} />
        <Line label={t('receipt.received')} value={p.user.name} />
        {p.user.store_name && <Line label={t('receipt.store')} value={p.user.store_name} />}
        <Line label={t('receipt.phone')} value={<span dir="ltr">{p.user.phone}</span>} />
        <Line label={t('payments.plan')} value={planLabels[lang][p.plan]} />
        <Line
          label={t('payments.period')}
          value={`${formatDay(p.period_start, lang)} – ${formatDay(p.period_end, lang)}`}
        />
        <Line label={t('payments.method')} value={paymentMethodLabels[lang][p.method]} />
        {p.reference && <Line label={t('payments.reference')} value={<span dir="ltr">{p.reference}</span>} />}
        <Line label={t('payments.amount')} value={<span dir="ltr">{p.amount} $</span>} testId="receipt-amount" />
        <Line label={t('receipt.recordedBy')} value={p.recorded_by.name} />
        <Text mt="6" textAlign="center" color="fg.muted">
          {t('receipt.thanks')}
        </Text>
      </Box>
    </Box>
  );
}
