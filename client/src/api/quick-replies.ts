/** quick-reply/* (CONTRACT.md §8): a store's saved replies — listed, created, changed, deleted. */
import { apiPaths, type QuickReply } from '@agrivet/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api-client';
import { scope } from '@/lib/query-client';

export const quickReplyKeys = { all: [scope.account, 'quick-replies'] as const };

export const quickRepliesQueryOptions = () =>
  queryOptions({
    queryKey: quickReplyKeys.all,
    queryFn: ({ signal }) => apiGet<QuickReply[]>(apiPaths.quickReply.getAll, undefined, signal),
    staleTime: 60_000,
  });

export const useQuickReplies = (enabled = true) => useQuery({ ...quickRepliesQueryOptions(), enabled });

export const saveQuickReply = (input: { id?: number; shortcut: string; text: string }) =>
  apiPost<QuickReply>(input.id ? apiPaths.quickReply.update(input.id) : apiPaths.quickReply.create, {
    shortcut: input.shortcut,
    text: input.text,
  });

export const deleteQuickReply = (id: number) => apiPost<{ id: number }>(apiPaths.quickReply.delete(id));

/** The replies whose shortcut (or text) contains what follows the `/` typed, shortcut matches first. */
export function filterQuickReplies(replies: QuickReply[], typed: string): QuickReply[] {
  const q = typed.toLowerCase();
  const byShortcut = replies.filter((r) => r.shortcut.toLowerCase().includes(q));
  const byText = replies.filter((r) => !byShortcut.includes(r) && r.text.toLowerCase().includes(q));
  return [...byShortcut, ...byText].slice(0, 8);
}
