/**
 * A store's availability as the chat header and the store page say it (CONTRACT.md §8): open now and
 * until when, or when it opens, and how fast it usually answers (`reply_minutes`) — instead of the
 * viewer's own connection state.
 */
import { apiPaths, closesAt, opensNext, type Store } from '@agrivet/shared';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { scope } from '@/lib/query-client';

export const useStoreStatus = (storeId: number | null | undefined) =>
  useQuery({
    queryKey: [scope.account, 'store-status', storeId],
    queryFn: ({ signal }) => apiGet<Store>(apiPaths.store.get(storeId as number), undefined, signal),
    enabled: typeof storeId === 'number' && storeId > 0,
    staleTime: 60_000,
  });

export interface StoreStatusParts {
  /** 'always' (no hours), 'open' (until `until`), 'closed' (opens `day` at `time`, or never). */
  state: 'always' | 'open' | 'closed';
  until?: string | null;
  opens?: { day: number; time: string } | null;
  replyMinutes: number | null;
}

export function storeStatus(
  store: Pick<Store, 'hours' | 'open_now' | 'reply_minutes'>,
  now = new Date(),
): StoreStatusParts {
  const hours = store.hours ?? [];
  if (hours.length === 0) return { state: 'always', replyMinutes: store.reply_minutes };
  if (store.open_now) return { state: 'open', until: closesAt(hours, now), replyMinutes: store.reply_minutes };
  return { state: 'closed', opens: opensNext(hours, now), replyMinutes: store.reply_minutes };
}
