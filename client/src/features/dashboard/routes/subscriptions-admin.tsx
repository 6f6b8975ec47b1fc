/**
 * /dashboard/subscriptions (admin, CONTRACT.md §8): the figures (revenue this month and last, stores by
 * state, renewals due this week), the renewal requests (open first) and the payment form — filled from
 * a request ("تسجيل دفعة") or typed directly. The amount follows the plan; a recorded payment links to
 * its printable receipt.
 */
import {
  PAYMENT_METHODS,
  PLAN_PRICE_CENTS,
  type PaidPlan,
  type PaymentMethod,
  paymentMethodLabels,
  planLabels,
  SUBSCRIPTION_PLANS,
  SUBSCRIPTION_STATES,
  type SubscriptionPayment,
  type SubscriptionRequest,
  subscriptionStateLabels,
  toLatinDigits,
} from '@agrivet/shared';
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useId, useRef, useState } from 'react';
import { MdPayments } from 'react-icons/md';
import { Link as RouterLink } from 'react-router-dom';
import { PlainInput } from '@/components/ui/plain-input';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { notify } from '@/components/ui/toaster';
import { useRecordPayment, useSubscriptionRequests, useSubscriptionStats } from '@/api/subscriptions';
import { failureOf } from '@/lib/query-client';
import { type Column, DataTable } from '@/features/dashboard/components/data-table';
import { NativeChoice } from '@/features/dashboard/components/native-choice';
import { ScreenFrame } from '@/features/dashboard/components/screen-frame';
import { StatCard } from '@/features/dashboard/components/stat-card';
import { useOversightT } from '@/features/dashboard/lib/i18n';
import { dashboardPaths } from '@/features/dashboard/lib/dashboard-paths';
import { centsText, formatDay } from '@/features/dashboard/lib/oversight-format';
import { fieldRecipe } from '@/features/dashboard/lib/recipes';
import { usePageParam } from '@/features/dashboard/lib/use-page-param';

function Figures() {
  const { t, lang } = useOversightT();
  const query = useSubscriptionStats();
  if (!query.data) {
    const error = failureOf(query);
    return error ? <ErrorState error={error} onRetry={() => void query.refetch()} /> : <LoadingState />;
  }
  const s = query.data;
  return (
    <Stack gap="3">
      <SimpleGrid columns={{ base: 2, md: 3 }} gap="3">
        <StatCard label={t('admin.revenueThisMonth')} value={`${centsText(s.revenue_this_month_cents)} $`} />
        <StatCard
          label={t('admin.revenueLastMonth')}
          value={`${centsText(s.revenue_last_month_cents)} $`}
          color="blue.700"
        />
        <StatCard label={t('admin.openRequests')} value={s.open_requests} color="orange.600" />
      </SimpleGrid>
      <Box bg="bg" borderWidth="1px" rounded="lg" p="4">
        <Heading as="h2" size="sm" mb="2">
          {t('admin.byState')}
        </Heading>
        <HStack gap="2" flexWrap="wrap">
          {SUBSCRIPTION_STATES.map((state) => (
            <Badge
              key={state}
              size="lg"
              colorPalette={{ trial: 'blue', active: 'green', grace: 'orange', expired: 'red' }[state]}
            >
              {subscriptionStateLabels[lang][state]}: {s.stores_by_state[state]}
            </Badge>
          ))}
          <Badge size="lg" colorPalette="gray">
            {t('admin.suspended')}: {s.stores_by_state.suspended}
          </Badge>
        </HStack>
      </Box>
      <Box bg="bg" borderWidth="1px" rounded="lg" p="4">
        <Heading as="h2" size="sm" mb="2">
          {t('admin.dueThisWeek')}
        </Heading>
        {s.renewals_due.length === 0 ? (
          <Text color="fg.muted">{t('admin.noneDue')}</Text>
        ) : (
          <Stack as="ul" gap="1" ps="0">
            {s.renewals_due.map((r) => (
              <Box as="li" key={r.user_id} listStyleType="none">
                {r.name} — <span dir="ltr">{r.phone}</span> — {planLabels[lang][r.plan]} — {formatDay(r.ends_at, lang)}
              </Box>
            ))}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}

interface Draft {
  userId: string;
  plan: PaidPlan;
  method: PaymentMethod;
  reference: string;
  requestId: number | null;
  name: string | null;
}

const emptyDraft: Draft = { userId: '', plan: 'monthly', method: 'cash', reference: '', requestId: null, name: null };

function PaymentForm({ draft, setDraft }: { draft: Draft; setDraft: (d: Draft) => void }) {
  const { t, common, lang } = useOversightT();
  const record = useRecordPayment();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [done, setDone] = useState<SubscriptionPayment | null>(null);
  const ids = { user: useId(), reference: useId() };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const userId = toLatinDigits(draft.userId.trim());
    // an account number is digits: said beside the field, without a request
    if (!/^[1-9]\d{0,9}$/.test(userId)) {
      setFields({ user_id: t('admin.badUserId') });
      return;
    }
    setFields({});
    try {
      const { payment } = await record.mutateAsync({
        user_id: Number(userId),
        plan: draft.plan,
        method: draft.method,
        amount_cents: PLAN_PRICE_CENTS[draft.plan],
        reference: draft.reference.trim() || undefined,
        request_id: draft.requestId,
      });
      setDone(payment);
      setDraft(emptyDraft);
      notify.success(t('admin.recorded', { no: payment.receipt_no }));
    } catch (err) {
      const refused = (err as { fields?: Record<string, string> }).fields ?? {};
      setFields(refused);
      // a refusal about a field is said beside it (or under the form); a toast for the rest
      if (Object.keys(refused).length === 0) notify.error(err, common('errors.requestFailed'));
    }
  };
  return (
    <Box
      as="form"
      id="payment-form"
      onSubmit={submit}
      bg="bg"
      borderWidth="1px"
      rounded="lg"
      p="4"
      aria-labelledby="payment-title"
    >
      <Stack gap="3">
        <Heading as="h2" size="md" id="payment-title">
          {draft.name ? t('admin.recordFor', { name: draft.name }) : t('admin.recordDirect')}
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 4 }} gap="3">
          <Field.Root recipe={fieldRecipe} invalid={Boolean(fields.user_id)}>
            <Field.Label htmlFor={ids.user}>{t('admin.userId')}</Field.Label>
            <PlainInput
              id={ids.user}
              size="lg"
              name="user_id"
              inputMode="numeric"
              dir="ltr"
              value={draft.userId}
              onChange={(e) =>
                setDraft({ ...draft, userId: toLatinDigits(e.currentTarget.value), requestId: null, name: null })
              }
            />
            {fields.user_id && <Field.ErrorText>{fields.user_id}</Field.ErrorText>}
          </Field.Root>
          <NativeChoice
            label={t('renew.plan')}
            name="plan"
            value={draft.plan}
            // a renewal request is paid for the plan it asked for
            disabled={draft.requestId !== null}
            onChange={(plan) => setDraft({ ...draft, plan })}
            options={SUBSCRIPTION_PLANS.map((p) => ({
              value: p,
              label: `${planLabels[lang][p]} — ${centsText(PLAN_PRICE_CENTS[p])} $`,
            }))}
          />
          <NativeChoice
            label={t('renew.method')}
            name="method"
            value={draft.method}
            onChange={(method) => setDraft({ ...draft, method })}
            options={PAYMENT_METHODS.map((m) => ({ value: m, label: paymentMethodLabels[lang][m] }))}
          />
          <Field.Root recipe={fieldRecipe} invalid={Boolean(fields.reference)}>
            <Field.Label htmlFor={ids.reference}>{t('payments.reference')}</Field.Label>
            <PlainInput
              id={ids.reference}
              size="lg"
              name="reference"
              dir="ltr"
              value={draft.reference}
              maxLength={100}
              onChange={(e) => setDraft({ ...draft, reference: e.currentTarget.value })}
            />
          </Field.Root>
        </SimpleGrid>
        {(fields.amount_cents || fields.request_id || fields.plan) && (
          <Text color="red.600">{fields.amount_cents ?? fields.request_id ?? fields.plan}</Text>
        )}
        <HStack gap="3" flexWrap="wrap">
          <Text fontWeight="bold">{t('renew.amount', { amount: centsText(PLAN_PRICE_CENTS[draft.plan]) })}</Text>
          <Button type="submit" colorPalette="green" loading={record.isPending} disabled={draft.userId.trim() === ''}>
            <MdPayments aria-hidden />
            {t('admin.record')}
          </Button>
          {draft.requestId !== null && (
            <Button variant="ghost" onClick={() => setDraft(emptyDraft)}>
              {t('common.cancel')}
            </Button>
          )}
        </HStack>
        {done && (
          <Box bg="green.50" borderWidth="1px" borderColor="green.200" rounded="md" p="3" data-testid="payment-done">
            <HStack gap="3" flexWrap="wrap">
              <Text>{t('admin.recorded', { no: done.receipt_no })}</Text>
              <Button asChild size="sm" variant="outline" colorPalette="green">
                <RouterLink to={dashboardPaths.receipt.getHref(done.id)}>{t('admin.viewReceipt')}</RouterLink>
              </Button>
            </HStack>
          </Box>
        )}
      </Stack>
    </Box>
  );
}

export default function SubscriptionsAdminRoute() {
  const { t, lang } = useOversightT();
  const [page, setPage] = usePageParam();
  const requests = useSubscriptionRequests(page);
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const formRef = useRef<HTMLDivElement>(null);
  const fromRequest = (r: SubscriptionRequest) => {
    setDraft({
      userId: String(r.user.id),
      plan: r.plan,
      method: r.method,
      reference: r.reference ?? '',
      requestId: r.id,
      name: r.user.store_name ?? r.user.name,
    });
    formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const columns: Column<SubscriptionRequest>[] = [
    {
      key: 'account',
      header: t('payments.account'),
      cell: (r) => `${r.user.store_name ?? r.user.name} (${r.user.id})`,
    },
    { key: 'phone', header: t('receipt.phone'), cell: (r) => <span dir="ltr">{r.user.phone}</span> },
    { key: 'plan', header: t('renew.plan'), cell: (r) => planLabels[lang][r.plan] },
    { key: 'method', header: t('renew.method'), cell: (r) => paymentMethodLabels[lang][r.method] },
    { key: 'reference', header: t('payments.reference'), cell: (r) => <span dir="ltr">{r.reference ?? '—'}</span> },
    { key: 'date', header: t('payments.date'), cell: (r) => formatDay(r.created_at, lang) },
    {
      key: 'state',
      header: t('admin.requestState'),
      cell: (r) => (
        <Badge colorPalette={r.state === 'open' ? 'orange' : 'gray'}>
          {t(r.state === 'open' ? 'admin.open' : 'admin.closed')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('admin.record'),
      cell: (r) =>
        r.state === 'open' ? (
          <Button
            size="xs"
            colorPalette="green"
            onClick={() => fromRequest(r)}
            aria-label={t('admin.recordFor', { name: r.user.store_name ?? r.user.name })}
          >
            <MdPayments aria-hidden />
            {t('admin.record')}
          </Button>
        ) : r.payment_id ? (
          <Button asChild size="xs" variant="outline">
            <RouterLink to={dashboardPaths.receipt.getHref(r.payment_id)}>{t('payments.receipt')}</RouterLink>
          </Button>
        ) : null,
    },
  ];
  return (
    <ScreenFrame title={t('admin.title')}>
      <Figures />
      <Heading as="h2" size="md">
        {t('admin.requests')}
      </Heading>
      <DataTable
        empty={t('admin.noRequests')}
        caption={t('admin.requests')}
        columns={columns}
        rows={requests.data?.data}
        rowKey={(r) => r.id}
        error={failureOf(requests)}
        onRetry={() => void requests.refetch()}
        page={page}
        lastPage={requests.data?.last_page ?? 1}
        onPage={setPage}
      />
      <Box ref={formRef}>
        <PaymentForm draft={draft} setDraft={setDraft} />
      </Box>
    </ScreenFrame>
  );
}
