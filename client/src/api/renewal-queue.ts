/**
 * The store accounts' renewal requests as the whole admin dashboard needs them (api/subscriptions.ts has
 * the screens' calls): how many wait — the badge on "الاشتراكات" — and a `subscription:request` push
 * taken in; and, for a store account, its payment recorded by the admin (`subscription:payment`). A module
 * of its own, like api/report-queue.ts, so the dashboard's first screen carries only this.
 */
import { oversightPaths, type SubscriptionPayment } from '@agrivet/shared';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { refetchFresh } from '@/lib/query-client';
import { authKeys } from './auth';
import { subscriptionKeys } from './keys';
import { listTotalQueryOptions } from './list-total';

/**
 * How many renewal requests wait for the admin (GET subscription/requests?state=open's `total`). Asked
 * when the dashboard opens, after a request's push or a payment (which refreshes every subscription
 * query), and when the live connection comes up (the dashboard layout).
 */
export const useOpenRenewalsCount = (enabled: boolean): number =>
  useQuery(
    listTotalQueryOptions(
      subscriptionKeys.openCount(),
      oversightPaths.subscription.requests,
      { state: 'open' },
      enabled,
    ),
  ).data ?? 0;

/**
 * A request arrived (a push), or the connection came up: the requests' pages, the count and the figures
 * («طلبات مفتوحة») again, after any answer under way, which may predate it. Payments and receipts are not
 * changed by a request.
 */
export function refreshRenewals(client: QueryClient): void {
  for (const queryKey of [subscriptionKeys.allRequests(), subscriptionKeys.openCount(), subscriptionKeys.stats()])
    refetchFresh(client, queryKey);
}

/**
 * A store account hears the admin record its payment (`subscription:payment`): the receipt kept, its
 * plan, open request and receipts refetched, and the signed-in user (its status and `subscription`,
 * which the dashboard's banner reads).
 */
export function applyPaymentRecorded(client: QueryClient, payment: SubscriptionPayment): void {
  client.setQueryData(subscriptionKeys.payment(payment.id), payment);
  void client.invalidateQueries({ queryKey: subscriptionKeys.all });
  void client.invalidateQueries({ queryKey: authKeys.user() });
}
