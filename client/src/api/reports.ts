/**
 * Abuse (CONTRACT.md §8): reports of a message or a conversation, the admin's queue (live: `report:new`
 * puts a new report at the top of the open queue) and its count, its one-click actions, and blocks — of the other side
 * of a conversation (either participant) and of an account (the admin).
 */
import {
  type ConversationBlockState,
  oversightPaths,
  type Paged,
  type Report,
  type ReportAction,
  type ReportReason,
  type User,
} from '@agrivet/shared';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api-lazy';
import { applyPushed, scope } from '@/lib/query-client';
import { userKeys } from './keys';

export type ReportState = 'open' | 'closed';

export const reportKeys = {
  all: [scope.account, 'reports'] as const,
  lists: (state: ReportState) => [scope.account, 'reports', state] as const,
  list: (state: ReportState, page: number) => [scope.account, 'reports', state, page] as const,
  block: (conversationId: number) => [scope.account, 'conversation-block', conversationId] as const,
};

export interface ReportInput {
  message_id?: number;
  conversation_id?: number;
  reason: ReportReason;
  note?: string;
}

export const reportsQueryOptions = (state: ReportState, page: number) =>
  queryOptions({
    queryKey: reportKeys.list(state, page),
    queryFn: ({ signal }) => apiGet<Paged<Report>>(oversightPaths.report.getAll, { state, page_number: page }, signal),
    placeholderData: keepPreviousData,
  });
export const useReports = (state: ReportState, page: number) => useQuery(reportsQueryOptions(state, page));

/** Under reportKeys.all (refetched with the queue), beside the lists (never a page of them). */
const openCountKey = [...reportKeys.all, 'open-count'] as const;

/**
 * How many reports wait for the admin (the open queue's `total`): the badge on "البلاغات", wherever the
 * admin is in the dashboard. Asked when the dashboard opens, after each report push or resolution, and
 * when the live connection comes up (the dashboard layout).
 */
export const openReportsCountQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: openCountKey,
    queryFn: ({ signal }) =>
      apiGet<Paged<Report>>(oversightPaths.report.getAll, { state: 'open', page_number: 1, per_page: 1 }, signal).then(
        (page) => page.total,
      ),
    enabled,
    refetchOnReconnect: false,
  });
export const useOpenReportsCount = (enabled: boolean): number =>
  useQuery(openReportsCountQueryOptions(enabled)).data ?? 0;

/** The count again; a request under way may predate the change: cancelled and asked again. */
export function refreshOpenReportsCount(client: QueryClient): void {
  void client
    .cancelQueries({ queryKey: openCountKey })
    .then(() => client.invalidateQueries({ queryKey: openCountKey }));
}

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

/** POST report/create: a participant reports a message or the conversation. */
export const createReport = (input: ReportInput) => apiPost<{ report: Report }>(oversightPaths.report.create, input);
export const useCreateReport = () => useMutation({ mutationFn: createReport });

/** POST report/resolve/{id} (admin); `reason` goes with `block_user` (the block's reason). */
export const resolveReport = ({ id, action, reason }: { id: number; action: ReportAction; reason?: string }) =>
  apiPost<{ report: Report }>(oversightPaths.report.resolve(id), reason ? { action, reason } : { action });

export function useResolveReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resolveReport,
    onSuccess: ({ report }) => {
      client.setQueriesData<Paged<Report>>({ queryKey: reportKeys.lists('open') }, (page) =>
        page
          ? { ...page, data: page.data.filter((r) => r.id !== report.id), total: Math.max(0, page.total - 1) }
          : page,
      );
      void client.invalidateQueries({ queryKey: reportKeys.lists('closed') });
      void client.invalidateQueries({ queryKey: userKeys.lists() });
      refreshOpenReportsCount(client);
    },
  });
}

/** GET/POST conversation/block/{id}: who blocked whom in a conversation (a participant). */
export const conversationBlockQueryOptions = (conversationId: number) =>
  queryOptions({
    queryKey: reportKeys.block(conversationId),
    queryFn: ({ signal }) =>
      apiGet<ConversationBlockState>(oversightPaths.conversation.block(conversationId), undefined, signal),
  });
export const useConversationBlock = (conversationId: number, enabled = true) =>
  useQuery({ ...conversationBlockQueryOptions(conversationId), enabled });

export function useSetConversationBlock(conversationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (blocked: boolean) =>
      apiPost<ConversationBlockState>(oversightPaths.conversation.block(conversationId), { blocked }),
    onSuccess: (state) => client.setQueryData(reportKeys.block(conversationId), state),
  });
}

/** POST user/block/{id} (admin): any account but the admin; its sessions end at once. */
export const setUserBlocked = ({ id, blocked, reason }: { id: number; blocked: boolean; reason?: string }) =>
  apiPost<{ user: User }>(oversightPaths.user.block(id), reason ? { blocked, reason } : { blocked });

export function useSetUserBlocked() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setUserBlocked,
    onSuccess: ({ user }) => {
      client.setQueriesData<Paged<User>>({ queryKey: userKeys.lists() }, (page) =>
        page?.data ? { ...page, data: page.data.map((u) => (u.id === user.id ? user : u)) } : page,
      );
      void client.invalidateQueries({ queryKey: reportKeys.all });
    },
  });
}
