/**
 * Keeps chosen queries of a QueryClient in IndexedDB (idb-keyval) through TanStack's persister, and
 * reads them back on the next visit: what the filter lets through is saved (throttled) after each
 * change of the cache; a copy older than `maxAge` or written by another build is dropped, not restored.
 * Private queries (`isPrivate`) are written with their owner (the signed-in account) and restored only
 * into the same owner's session; `trim` bounds what is written of them (docs/decisions.md, issue 25).
 */
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import { type PersistedClient, persistQueryClient } from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';

/** What the filter sees of a query. */
export interface PersistCandidate {
  queryKey: readonly unknown[];
  state: { status: string; dataUpdatedAt: number };
}

export interface PersistOptions {
  /** Which queries are written (successful ones only are ever passed on). */
  shouldPersist: (query: PersistCandidate) => boolean;
  maxAge: number;
  /** A copy saved under another buster is thrown away (the build changed). */
  buster?: string;
  /** Where the copy lives; IndexedDB through idb-keyval by default. */
  storage?: PersistStorage;
  /** Saves at most this often (ms). */
  throttleTime?: number;
  /** Queries that belong to an account: restored only when `owner()` is the one they were saved by. */
  isPrivate?: (queryKey: readonly unknown[]) => boolean;
  /** The account whose session this is (null: signed out), read when saving and when restoring. */
  owner?: () => string | null;
  /** What of the dehydrated queries is written (bounds the private part: fewer queries, fewer pages). */
  trim?: (queries: DehydratedQuery[]) => DehydratedQuery[];
}

export type DehydratedQuery = DehydratedState['queries'][number];

/** The saved copy: TanStack's own, with the account its private queries belong to. */
interface SavedCopy extends PersistedClient {
  owner?: string | null;
}

export interface PersistStorage {
  getItem: (key: string) => Promise<string | null | undefined>;
  setItem: (key: string, value: string) => Promise<void>;
  removeItem: (key: string) => Promise<void>;
}

export const PERSIST_KEY = 'agrivet:query-cache';

const indexedDbStorage: PersistStorage = {
  getItem: (key) => get<string>(key),
  setItem: (key, value) => set(key, value),
  removeItem: (key) => del(key),
};

/**
 * This build's identity: the entry script's URL carries the hash of the whole module graph (a changed
 * chunk renames its importers up to the entry), so data saved by an older build is not restored into
 * code that may read it differently.
 */
export function buildId(): string {
  if (typeof document === 'undefined') return 'none';
  const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]');
  return entry?.getAttribute('src') ?? 'none';
}

/** Restores the saved copy into `client`, then saves it on every change; resolves once restored. */
export function persistQueries(client: QueryClient, options: PersistOptions): Promise<void> {
  const { isPrivate = () => false, owner = () => null, trim = (queries) => queries } = options;
  const persister = createAsyncStoragePersister({
    storage: options.storage ?? indexedDbStorage,
    key: PERSIST_KEY,
    throttleTime: options.throttleTime ?? 1_000,
    serialize: (copy) => {
      const queries = trim(copy.clientState.queries);
      const saved: SavedCopy = { ...copy, clientState: { ...copy.clientState, queries }, owner: owner() };
      return JSON.stringify(saved);
    },
    deserialize: (text) => {
      const saved = JSON.parse(text) as SavedCopy;
      const me = owner();
      // Another account's (or nobody's) copy: its private queries are not restored.
      if (me !== null && saved.owner === me) return saved;
      const queries = saved.clientState.queries.filter((q) => !isPrivate(q.queryKey));
      return { ...saved, clientState: { ...saved.clientState, queries } };
    },
  });
  const [, restored] = persistQueryClient({
    queryClient: client,
    persister,
    maxAge: options.maxAge,
    buster: options.buster ?? buildId(),
    dehydrateOptions: {
      shouldDehydrateQuery: (query) => query.state.status === 'success' && options.shouldPersist(query),
      // Writes are never kept (a paused one would carry private input).
      shouldDehydrateMutation: () => false,
    },
  });
  // A storage that fails (private mode, quota) only costs the offline copy.
  return restored.catch(() => undefined);
}
