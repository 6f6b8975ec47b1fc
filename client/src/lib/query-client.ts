/**
 * The app's one QueryClient (TanStack Query v5): the server state of every screen. Defaults for weak
 * links: answers stay fresh for a while (no refetch on every back-navigation), unused ones stay in
 * memory for ten minutes, failures without an answer (or 5xx) are retried with a backoff while
 * refusals (4xx) are not (decided on `ApiError.code`), nothing refetches on window focus, everything
 * stale refetches when the connection returns. Each query key starts with a `scope`, which decides where an answer may live:
 * the public catalogue is saved to IndexedDB (a repeat visit shows it at once, even offline); account
 * data stays in memory and is dropped when the account changes.
 */
import { hashKey, QueryClient, type QueryKey } from '@tanstack/react-query';
import { useSession } from '@/stores/session';
import { ApiError, type ApiErrorCode } from './api-error';
import { type DehydratedQuery, type PersistCandidate, persistQueries } from './persist-queries';
import { readSavedUser } from './saved-user';

/** The first element of every query key. */
export const scope = {
  /** Store lists, a store's products, articles: public, saved to IndexedDB for offline visits. */
  catalogue: 'catalogue',
  /** Other public answers (search): in memory only. */
  public: 'public',
  /** Behind sign-in (orders, conversations, the dashboard): in memory only, dropped on sign-out. */
  account: 'account',
} as const;

/** How long the saved catalogue is good for (and how long it stays in memory unused). */
export const CATALOGUE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const MAX_RETRIES = 3;

/**
 * Worth another try: no answer (`network`, `timeout`), a server failure (`internal`, which a 5xx from a
 * proxy maps to too) or `rate_limited`. Any other answer is final (a 4xx refusal stays a refusal), and
 * so is a request the screen itself cancelled.
 */
const RETRIED_CODES: readonly ApiErrorCode[] = ['network', 'timeout', 'internal', 'rate_limited'];

export function isRetriable(error: unknown): boolean {
  return !(error instanceof ApiError) || RETRIED_CODES.includes(error.code);
}

export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && isRetriable(error);
}

/**
 * The chat list and the threads opened before (api/conversations.ts keys), kept for an offline reload
 * (issue 24). They are account data: removed with the account's other queries when the token changes
 * (sign-out, another account), and so from the saved copy too.
 */
const isSavedChat = (key: readonly unknown[]) =>
  key[0] === scope.account && key[1] === 'conversations' && (key[2] === 'mine' || key[2] === 'thread');

/** How many threads the saved copy keeps (the ones updated last), each with its newest page only. */
export const SAVED_THREADS = 5;
const isThreadKey = (key: readonly unknown[]) => isSavedChat(key) && key[2] === 'thread';

/**
 * Bounds the chats of the saved copy: the newest page of the last `SAVED_THREADS` threads (older pages
 * load again on demand), so the private part stays small and recent.
 */
export function trimSavedChats(queries: DehydratedQuery[]): DehydratedQuery[] {
  const threads = queries
    .filter((q) => isThreadKey(q.queryKey))
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .slice(0, SAVED_THREADS);
  return queries.flatMap((q) => {
    if (!isThreadKey(q.queryKey)) return [q];
    if (!threads.includes(q)) return [];
    const data = q.state.data as { pages?: unknown[]; pageParams?: unknown[] } | undefined;
    if (!data?.pages || data.pages.length <= 1) return [q];
    return [
      {
        ...q,
        state: { ...q.state, data: { pages: data.pages.slice(0, 1), pageParams: data.pageParams?.slice(0, 1) } },
      },
    ];
  });
}

/**
 * Whose session this is, for the saved copy's private part: the saved user beside a token (lib/saved-user.ts),
 * or null when signed out. A copy saved by another account restores its catalogue only.
 */
export function sessionOwner(): string | null {
  if (useSession.getState().token === null) return null;
  const id = readSavedUser()?.id;
  return id === undefined ? null : `user:${id}`;
}

/**
 * After the saved copy is back: its threads are shown at once but were not kept live while the app was
 * closed, so each is revalidated when a screen shows it (marked stale; no request until then).
 */
export function afterRestore(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: [scope.account, 'conversations', 'thread'], refetchType: 'none' });
}

/** The persistence filter: catalogue answers and chats not older than a saved copy may be; nothing else, ever. */
export function isPersistedQuery(query: PersistCandidate, now = Date.now()): boolean {
  const kept = query.queryKey[0] === scope.catalogue || isSavedChat(query.queryKey);
  return kept && now - query.state.dataUpdatedAt < CATALOGUE_MAX_AGE_MS;
}

/**
 * What a screen without data shows as its error: the last failed try at once (a weak link should not
 * spin through every retry's back-off before saying so; its retry button skips the wait), and nothing
 * while a retry the user asked for is under way (a loading state instead).
 */
export function failureOf(query: { error: unknown; failureReason: unknown; isFetching: boolean }): unknown {
  return query.failureReason ?? (query.isFetching ? null : query.error);
}

/**
 * After a write whose answer was put in the cache as `kept`: refetch what else under `queryKey` shows
 * it (lists, the public pages), not the copy just set.
 */
export function invalidateAllBut(client: QueryClient, queryKey: QueryKey, kept: QueryKey): Promise<void> {
  const keptHash = hashKey(kept);
  return client.invalidateQueries({ queryKey, predicate: (query) => query.queryHash !== keptHash });
}

/**
 * A push changed what the cache holds under `queryKey` while a request for it was under way (or paused,
 * waiting for the network): that answer may have read the database before the change and would replace
 * what the push applied — and TanStack builds a page of older messages (`fetchNextPage`) on the pages held
 * when it started. So the change is applied again once those requests have settled (or their queries were
 * removed). `change` must be idempotent — merged by id, pointers that only move forward, added once — since
 * the answer may hold it already. No request is cancelled or repeated: on a weak link and a busy inbox,
 * restarting a request per push could keep it from ever finishing.
 */
export function reapplyAfterFetch(client: QueryClient, queryKey: QueryKey, change: () => void): void {
  const cache = client.getQueryCache();
  const waiting = new Set(
    cache.findAll({ queryKey }).filter((q) => q.state.fetchStatus !== 'idle' && q.state.data !== undefined),
  );
  if (waiting.size === 0) return;
  const off = cache.subscribe(({ type, query }) => {
    if (!waiting.has(query) || (type !== 'removed' && query.state.fetchStatus !== 'idle')) return;
    waiting.delete(query);
    if (waiting.size > 0) return;
    off();
    change();
  });
}

/**
 * Asks `queryKey` again after a push changed what it answers. A request under way may have been answered
 * before the change: it is cancelled first (an invalidation alone would join a first request under way).
 */
export function refetchFresh(client: QueryClient, queryKey: QueryKey): void {
  void client.cancelQueries({ queryKey }).then(() => client.invalidateQueries({ queryKey }));
}

/**
 * A push's `change` to the cache: applied now, and again after the requests under way for each of
 * `queryKeys` (`reapplyAfterFetch`, one wait per key, so each query's fix-up comes with its own answer).
 */
export function applyPushed(client: QueryClient, queryKeys: readonly QueryKey[], change: () => void): void {
  change();
  for (const queryKey of queryKeys) reapplyAfterFetch(client, queryKey, change);
}

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 10 * 60_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
      },
      // A write fails at once while offline (the form shows it) instead of waiting, paused, for the link.
      mutations: { networkMode: 'always', retry: false },
    },
  });
  client.setQueryDefaults([scope.catalogue], {
    staleTime: 60_000,
    // As long as the saved copy is good: a page leaves memory only when it would also leave IndexedDB.
    gcTime: CATALOGUE_MAX_AGE_MS,
    // The first try goes out even when the browser says offline: the service worker may answer it.
    networkMode: 'offlineFirst',
  });
  client.setQueryDefaults([scope.public], { networkMode: 'offlineFirst' });
  // Account data changes through other screens and devices (an order placed from the cart, a message
  // elsewhere): shown from memory at once and revalidated on every mount.
  client.setQueryDefaults([scope.account], { staleTime: 0 });
  // Chats saved for offline reloads stay as long as their saved copy may (a query leaving memory
  // leaves the saved copy too).
  client.setQueryDefaults([scope.account, 'conversations'], { gcTime: CATALOGUE_MAX_AGE_MS });
  return client;
}

/**
 * Another account (sign-in, sign-out, a 401): forget the previous one's private answers and revalidate
 * the public ones (a store list says which stores the viewer already chats with).
 */
export function followSession(client: QueryClient): () => void {
  return useSession.subscribe((state, previous) => {
    if (state.token === previous.token) return;
    client.removeQueries({ queryKey: [scope.account] });
    void client.invalidateQueries();
  });
}

export const queryClient = createQueryClient();
followSession(queryClient);

const restored: Promise<void> =
  typeof indexedDB === 'undefined'
    ? Promise.resolve()
    : persistQueries(queryClient, {
        shouldPersist: (query) => isPersistedQuery(query),
        maxAge: CATALOGUE_MAX_AGE_MS,
        isPrivate: (key) => key[0] === scope.account,
        owner: sessionOwner,
        trim: trimSavedChats,
      }).then(() => afterRestore(queryClient));

/** Resolves once the saved copy (IndexedDB) has been read back into `queryClient`. */
export function queryCacheRestored(): Promise<void> {
  return restored;
}
