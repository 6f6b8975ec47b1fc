/**
 * A badge's count as the server counts it: the `total` of a paged list asked for a page of one (the orders
 * waiting for a store, the open reports, the renewal requests that wait). Not refetched on the browser's
 * reconnect: the dashboard asks again when its live connection comes up, and after the pushes that move it.
 */
import type { Paged } from '@agrivet/shared';
import { type QueryKey, queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export const listTotalQueryOptions = <K extends QueryKey>(
  queryKey: K,
  path: string,
  filter: Record<string, string>,
  enabled: boolean,
) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) =>
      apiGet<Paged<unknown>>(path, { ...filter, page_number: 1, per_page: 1 }, signal).then((page) => page.total),
    enabled,
    refetchOnReconnect: false,
  });
