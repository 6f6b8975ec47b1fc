/**
 * conversation/inbox and conversation/resolve/{id} (CONTRACT.md §8): a store's conversations (the
 * admin's: every store's) by filter — needs_reply, open, resolved, all — and search, each with who
 * waits since when and the customer; resolve or re-open one. Pushes (`message:new`,
 * `conversation:updated`) make the lists refetch (useLiveInbox).
 */
import { apiPaths, type InboxConversation, type InboxFilter, type Paged } from '@agrivet/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api-client';
import { queryClient as appQueryClient, queryCacheRestored, scope } from '@/lib/query-client';

export const inboxKeys = {
  all: [scope.account, 'inbox'] as const,
  list: (filter: InboxFilter, q: string, page: number) => [scope.account, 'inbox', filter, q, page] as const,
};

export const getInbox = (filter: InboxFilter, q: string, page: number, signal?: AbortSignal) =>
  apiGet<Paged<InboxConversation>>(apiPaths.conversation.inbox, { filter, q, page_number: page, per_page: 30 }, signal);

/** One conversation's inbox row (`?id=`), whatever the filters; none when it is not in the caller's inbox. */
export const getInboxRow = (id: number, signal?: AbortSignal) =>
  apiGet<Paged<InboxConversation>>(apiPaths.conversation.inbox, { id }, signal);

export const inboxQueryOptions = (filter: InboxFilter, q: string, page = 1) =>
  queryOptions({
    queryKey: inboxKeys.list(filter, q, page),
    queryFn: ({ signal }) => getInbox(filter, q, page, signal),
    placeholderData: keepPreviousData,
  });

export const useInbox = (filter: InboxFilter, q: string, page = 1) => useQuery(inboxQueryOptions(filter, q, page));

/**
 * The store's inbox opened cold (app/router.tsx): its two default tabs — "needs a reply", and "open" that
 * the screen falls back to when nobody waits — asked for as the app starts, beside each other, instead of
 * after the screen's first render and one after the other. Lists the saved copy brought back are shown
 * from it and revalidated by the screen.
 */
export async function prefetchInbox(): Promise<void> {
  await queryCacheRestored();
  const tabs: InboxFilter[] = ['needs_reply', 'open'];
  await Promise.all(
    tabs.map((tab) =>
      appQueryClient.getQueryData(inboxKeys.list(tab, '', 1)) === undefined
        ? appQueryClient.prefetchQuery(inboxQueryOptions(tab, ''))
        : null,
    ),
  );
}

export const resolveConversation = (id: number, resolved: boolean) =>
  apiPost<InboxConversation>(apiPaths.conversation.resolve(id), { resolved });

/** Minutes since `since` (never negative). */
export const waitedMinutes = (since: string, now = Date.now()) =>
  Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
