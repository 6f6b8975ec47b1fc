/**
 * subscription/* (CONTRACT.md §8): the store's own plan and renewal request, the admin's requests,
 * payments, receipts and figures. A payment or a request changes the user's `subscription` too, so
 * they refetch the signed-in user (api/auth.ts) and the lists they touch.
 */
import {
  oversightPaths,
  type Paged,
  type PaidPlan,
  type PaymentMethod,
  type Subscription,
  type SubscriptionPayment,
  type SubscriptionRequest,
  type SubscriptionStats,
} from '@agrivet/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api-client';
import { subscriptionKeys, userKeys } from './keys';
import { applyPaymentRecorded } from './renewal-queue';

export { subscriptionKeys };

const paths = oversightPaths.subscription;

export interface MySubscription {
  subscription: Subscription | null;
  open_request: SubscriptionRequest | null;
}

export interface RenewInput {
  plan: PaidPlan;
  method: PaymentMethod;
  reference?: string;
}

export interface PaymentInput {
  user_id: number;
  plan: PaidPlan;
  method: PaymentMethod;
  amount_cents: number;
  reference?: string;
  request_id?: number | null;
}

export const mySubscriptionQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionKeys.mine(),
    queryFn: ({ signal }) => apiGet<MySubscription>(paths.mine, undefined, signal),
  });
export const useMySubscription = () => useQuery(mySubscriptionQueryOptions());

export const requestsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: subscriptionKeys.requests(page),
    queryFn: ({ signal }) => apiGet<Paged<SubscriptionRequest>>(paths.requests, { page_number: page }, signal),
    placeholderData: keepPreviousData,
  });
export const useSubscriptionRequests = (page: number) => useQuery(requestsQueryOptions(page));

export const paymentsQueryOptions = (userId: number | null, page: number) =>
  queryOptions({
    queryKey: subscriptionKeys.payments(userId, page),
    queryFn: ({ signal }) =>
      apiGet<Paged<SubscriptionPayment>>(
        paths.payments,
        userId === null ? { page_number: page } : { user_id: userId, page_number: page },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
export const usePayments = (userId: number | null, page: number) => useQuery(paymentsQueryOptions(userId, page));

export const paymentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: subscriptionKeys.payment(id),
    queryFn: ({ signal }) =>
      apiGet<{ payment: SubscriptionPayment }>(paths.paymentOf(id), undefined, signal).then((d) => d.payment),
  });
export const usePayment = (id: number) => useQuery({ ...paymentQueryOptions(id), enabled: id > 0 });

export const statsQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionKeys.stats(),
    queryFn: ({ signal }) => apiGet<SubscriptionStats>(paths.stats, undefined, signal),
  });
export const useSubscriptionStats = () => useQuery(statsQueryOptions());

/** POST subscription/request: the store asks to renew (one open request at a time). */
export const requestRenewal = (input: RenewInput) => apiPost<{ request: SubscriptionRequest }>(paths.request, input);

export function useRequestRenewal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: requestRenewal,
    onSuccess: () => void client.invalidateQueries({ queryKey: subscriptionKeys.mine() }),
  });
}

/** POST subscription/payment (admin): records a payment, extends the plan, closes the request. */
export const recordPayment = (input: PaymentInput) =>
  apiPost<{ payment: SubscriptionPayment; subscription: Subscription | null }>(paths.payment, input);

export function useRecordPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: recordPayment,
    onSuccess: ({ payment }) => {
      // as the paying store takes it in (its push), and the admin's users lists beside
      applyPaymentRecorded(client, payment);
      void client.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}
