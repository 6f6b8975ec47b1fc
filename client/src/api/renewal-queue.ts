/**
 * The store accounts' renewal requests as the whole admin dashboard needs them (api/subscriptions.ts has
 * the screens' calls): how many wait — the badge on "الاشتراكات" — and a `subscription:request` push
 * taken in. A module of its own, like api/report-queue.ts, so the dashboard's first screen carries only this.
 */
import { oversightPaths } from '@agrivet/shared';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { refetchFresh } from '@/lib/query-client';
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
