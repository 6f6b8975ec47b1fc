/**
 * Abuse (CONTRACT.md §8): reports of a message or a conversation, the admin's queue (its keys, the live
 * `report:new` and the open count are in api/report-queue.ts), its one-click actions, and blocks — of the
 * other side of a conversation (either participant) and of an account (the admin).
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
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api-client';
import { userKeys } from './keys';
import { refreshOpenReportsCount, type ReportState, reportKeys } from './report-queue';

export { type ReportState, reportKeys };

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
