/**
 * The admin's report queue as the whole dashboard needs it (api/reports.ts has the rest): its query keys,
 * a `report:new` push put in the open queue, and the count of open reports on "البلاغات". A module of its
 * own so the dashboard's first screen does not carry the report and block calls of the chat's safety menu.
 */
import { oversightPaths, type Paged, type Report } from '@agrivet/shared';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { listTotalQueryOptions } from './list-total';
import { applyPushed, refetchFresh, scope } from '@/lib/query-client';

export type ReportState = 'open' | 'closed';

export const reportKeys = {
  all: [scope.account, 'reports'] as const,
  lists: (state: ReportState) => [scope.account, 'reports', state] as const,
  list: (state: ReportState, page: number) => [scope.account, 'reports', state, page] as const,
  block: (conversationId: number) => [scope.account, 'conversation-block', conversationId] as const,
};

/** Not under reportKeys.all: the queue's refetch on connecting leaves it to refreshOpenReportsCount. */
const openCountKey = [scope.account, 'reports-open-count'] as const;

/**
 * How many reports wait for the admin (the open queue's `total`): the badge on "البلاغات", wherever the
 * admin is in the dashboard. Asked when the dashboard opens, after each report push or resolution, and
 * when the live connection comes up (the dashboard layout).
 */
export const openReportsCountQueryOptions = (enabled: boolean) =>
  listTotalQueryOptions(openCountKey, oversightPaths.report.getAll, { state: 'open' }, enabled);
export const useOpenReportsCount = (enabled: boolean): number =>
  useQuery(openReportsCountQueryOptions(enabled)).data ?? 0;

/** The count again (after a report, a resolution, a reconnection). */
export const refreshOpenReportsCount = (client: QueryClient): void => refetchFresh(client, openCountKey);

/** A `report:new` push: at the top of the first open page (once), the totals of the others refetched. */
export function applyNewReport(client: QueryClient, report: Report): void {
  // again after a request for that page under way, whose answer may predate it (lib/query-client.ts)
  applyPushed(client, [reportKeys.list('open', 1)], () =>
    client.setQueryData<Paged<Report>>(reportKeys.list('open', 1), (page) =>
      page && !page.data.some((r) => r.id === report.id)
        ? { ...page, data: [report, ...page.data].slice(0, page.per_page), total: page.total + 1 }
        : page,
    ),
  );
  void client.invalidateQueries({
    queryKey: reportKeys.lists('open'),
    predicate: (q) => q.queryKey[3] !== 1,
  });
  refreshOpenReportsCount(client);
}
