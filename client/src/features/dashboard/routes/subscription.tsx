/**
 * /dashboard/subscription (store accounts, CONTRACT.md §8): the plan, its state and the days left; the
 * renew form (plan, method, reference of the transfer) or the open request under review; the payments
 * with their receipts. Works for an expired account too (it can renew).
 */
import {
  PAYMENT_METHODS,
  PLAN_PRICE_CENTS,
  type PaidPlan,
  type PaymentMethod,
  paymentMethodLabels,
  planLabels,
  SUBSCRIPTION_PLANS,
  type Subscription,
  subscriptionStateLabels,
} from '@agrivet/shared';
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PlainInput } from '@/components/ui/plain-input';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { notify } from '@/components/ui/toaster';
import { useMySubscription, usePayments, useRequestRenewal } from '@/api/subscriptions';
import { failureOf } from '@/lib/query-client';
import { type Column, DataTable } from '@/features/dashboard/components/data-table';
import { NativeChoice } from '@/features/dashboard/components/native-choice';
import { ScreenFrame } from '@/features/dashboard/components/screen-frame';
import { StatCard } from '@/features/dashboard/components/stat-card';
import { useOversightT } from '@/features/dashboard/lib/i18n';
import { dashboardPaths } from '@/features/dashboard/lib/dashboard-paths';
import { fieldRecipe } from '@/features/dashboard/lib/recipes';
import { centsText, formatDay } from '@/features/dashboard/lib/oversight-format';
import { usePageParam } from '@/features/dashboard/lib/use-page-param';
import type { SubscriptionPayment } from '@agrivet/shared';

export const statePalette = { trial: 'blue', active: 'green', grace: 'orange', expired: 'red' } as const;

function PlanSummary({ sub }: { sub: Subscription }) {
  const { t, lang } = useOversightT();
  const ended = sub.days_left < 0;
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" data-testid="plan-summary">
      <StatCard label={t('plan.current')} value={planLabels[lang][sub.plan]} />
      <Box bg="bg" borderWidth="1px" rounded="lg" p="4">
        <Text fontSize="sm" color="fg.muted">
          {t('plan.state')}
        </Text>
        <Badge mt="2" size="lg" colorPalette={statePalette[sub.state]} data-testid="plan-state">
          {subscriptionStateLabels[lang][sub.state]}
        </Badge>
      </Box>
      <Box bg="bg" borderWidth="1px" rounded="lg" p="4" borderTopWidth="4px" borderTopColor="blue.700">
        <Text fontSize="sm" color="fg.muted">
          {t('plan.endsAt')}
        </Text>
        <Text fontSize={{ base: 'md', md: 'xl' }} fontWeight="bold" color="blue.700" data-testid="plan-ends">
          {formatDay(sub.ends_at, lang)}
        </Text>
      </Box>
      <StatCard
        label={ended ? t('plan.endedLabel') : t('plan.daysLeftLabel')}
        value={Math.abs(sub.days_left)}
        color={sub.days_left <= 7 ? 'orange.600' : 'green.700'}
      />
    </SimpleGrid>
  );
}

function RenewForm() {
  const { t, common, lang } = useOversightT();
  const [plan, setPlan] = useState<PaidPlan>('monthly');
  const [method, setMethod] = useState<PaymentMethod>('syriatel_cash');
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const referenceId = useId();
  const send = useRequestRenewal();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await send.mutateAsync({ plan, method, reference: reference.trim() || undefined });
      notify.success(t('renew.sent'));
      setReference('');
    } catch (err) {
      notify.error(err, common('errors.requestFailed'));
      const fields = (err as { fields?: Record<string, string> }).fields;
      if (fields) setError(Object.values(fields)[0] ?? null);
    }
  };
  return (
    <Box as="form" onSubmit={submit} bg="bg" borderWidth="1px" rounded="lg" p="4" aria-labelledby="renew-title">
      <Stack gap="3">
        <Heading as="h2" size="md" id="renew-title">
          {t('renew.title')}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {t('renew.hint')}
        </Text>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
          <NativeChoice
            label={t('renew.plan')}
            name="plan"
            value={plan}
            onChange={setPlan}
            options={SUBSCRIPTION_PLANS.map((p) => ({
              value: p,
              label: `${planLabels[lang][p]} — ${centsText(PLAN_PRICE_CENTS[p])} $`,
            }))}
          />
          <NativeChoice
            label={t('renew.method')}
            name="method"
            value={method}
            onChange={setMethod}
            options={PAYMENT_METHODS.map((m) => ({ value: m, label: paymentMethodLabels[lang][m] }))}
          />
          <Field.Root recipe={fieldRecipe} invalid={error !== null}>
            <Field.Label htmlFor={referenceId}>{t('renew.reference')}</Field.Label>
            <PlainInput
              id={referenceId}
              size="lg"
              name="reference"
              dir="ltr"
              value={reference}
              maxLength={100}
              onChange={(e) => setReference(e.currentTarget.value)}
            />
            {error && <Field.ErrorText>{error}</Field.ErrorText>}
          </Field.Root>
        </SimpleGrid>
        <Text fontWeight="bold">{t('renew.amount', { amount: centsText(PLAN_PRICE_CENTS[plan]) })}</Text>
        <Box>
          <Button type="submit" colorPalette="green" loading={send.isPending}>
            {t('renew.send')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function Payments() {
  const { t, lang } = useOversightT();
  const [page, setPage] = usePageParam();
  const query = usePayments(null, page);
  const columns: Column<SubscriptionPayment>[] = [
    { key: 'receipt', header: t('payments.receiptNo'), cell: (p) => <span dir="ltr">{p.receipt_no}</span> },
    { key: 'plan', header: t('payments.plan'), cell: (p) => planLabels[lang][p.plan] },
    { key: 'amount', header: t('payments.amount'), cell: (p) => `${p.amount} $` },
    {
      key: 'period',
      header: t('payments.period'),
      cell: (p) => `${formatDay(p.period_start, lang)} – ${formatDay(p.period_end, lang)}`,
    },
    {
      key: 'actions',
      header: t('payments.receipt'),
      cell: (p) => (
        <Button asChild size="xs" variant="outline" colorPalette="green">
          <RouterLink to={dashboardPaths.receipt.getHref(p.id)}>{t('payments.receipt')}</RouterLink>
        </Button>
      ),
    },
  ];
  return (
    <Stack gap="2">
      <Heading as="h2" size="md">
        {t('payments.title')}
      </Heading>
      <DataTable
        empty={t('payments.empty')}
        caption={t('payments.title')}
        columns={columns}
        rows={query.data?.data}
        rowKey={(p) => p.id}
        error={failureOf(query)}
        onRetry={() => void query.refetch()}
        page={page}
        lastPage={query.data?.last_page ?? 1}
        onPage={setPage}
      />
    </Stack>
  );
}

export default function SubscriptionRoute() {
  const { t, lang } = useOversightT();
  const query = useMySubscription();
  if (!query.data) {
    const error = failureOf(query);
    return (
      <ScreenFrame title={t('plan.title')}>
        {error ? <ErrorState error={error} onRetry={() => void query.refetch()} /> : <LoadingState />}
      </ScreenFrame>
    );
  }
  const { subscription, open_request: open } = query.data;
  return (
    <ScreenFrame title={t('plan.title')}>
      {subscription ? <PlanSummary sub={subscription} /> : <Text>{t('plan.none')}</Text>}
      {open ? (
        <Box bg="blue.50" borderWidth="1px" borderColor="blue.200" rounded="lg" p="4" data-testid="open-request">
          <Text>
            {t('renew.open', {
              plan: planLabels[lang][open.plan],
              method: paymentMethodLabels[lang][open.method],
              date: formatDay(open.created_at, lang),
            })}
          </Text>
        </Box>
      ) : (
        <RenewForm />
      )}
      <Payments />
    </ScreenFrame>
  );
}
