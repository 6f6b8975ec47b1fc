import type { Paged, Store } from '@agrivet/shared';
import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@test/render';
import { useStoresByCity } from '@/api/stores';
import { useSession } from '@/stores/session';
import { signInForTest } from '@test/session';
import { ApiError } from '@/lib/api-error';
import { reportUnauthorized } from '@/lib/api-client';
import { PERSIST_KEY, type PersistStorage, persistQueries } from '@/lib/persist-queries';
import {
  CATALOGUE_MAX_AGE_MS,
  createQueryClient,
  failureOf,
  followSession,
  isPersistedQuery,
  SAVED_THREADS,
  scope,
  sessionOwner,
  shouldRetry,
  trimSavedChats,
} from '@/lib/query-client';

const apiGet = vi.hoisted(() => vi.fn());
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  apiGet,
}));

const storesPage = (names: string[]): Paged<Store> =>
  ({
    data: names.map((name_store, i) => ({ id: i + 1, name_store })),
    current_page: 1,
    last_page: 1,
    per_page: 12,
    total: names.length,
  }) as unknown as Paged<Store>;

/** An in-memory stand-in for IndexedDB with what was written last. */
function memoryStorage(): PersistStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: async (key) => data.get(key),
    setItem: async (key, value) => {
      data.set(key, value);
    },
    removeItem: async (key) => {
      data.delete(key);
    },
  };
}

afterEach(() => {
  apiGet.mockReset();
  useSession.getState().clear();
});

describe('server state through the query cache', () => {
  it('two components asking for the same store list share one request', async () => {
    apiGet.mockResolvedValue(storesPage(['صيدلية الربيع']));
    function Names({ label }: { label: string }) {
      const query = useStoresByCity({ type: 0, page: 1, city: 5 });
      return <p>{query.data ? `${label}: ${query.data.data[0].name_store}` : `${label}: …`}</p>;
    }
    renderWithProviders(
      <>
        <Names label="top" />
        <Names label="side" />
      </>,
    );
    expect(await screen.findByText('top: صيدلية الربيع')).toBeInTheDocument();
    expect(screen.getByText('side: صيدلية الربيع')).toBeInTheDocument();
    expect(apiGet).toHaveBeenCalledTimes(1);
    expect(apiGet).toHaveBeenCalledWith(
      'store/get-By-city',
      { type: 0, page_number: 1, city: 5 },
      expect.any(AbortSignal),
    );
  });

  it('retries what may pass next time (no answer, 5xx, 429), never a refusal, at most three times', () => {
    const answer = (status: number, code: ConstructorParameters<typeof ApiError>[2]) => new ApiError(status, 'x', code);
    expect(shouldRetry(0, answer(400, 'network'))).toBe(true);
    expect(shouldRetry(0, answer(400, 'timeout'))).toBe(true);
    expect(shouldRetry(0, answer(500, 'internal'))).toBe(true);
    expect(shouldRetry(0, answer(429, 'rate_limited'))).toBe(true);
    for (const [status, code] of [
      [401, 'unauthenticated'],
      [403, 'forbidden'],
      [404, 'not_found'],
      [422, 'validation_failed'],
      [501, 'canceled'],
    ] as const) {
      expect(shouldRetry(0, answer(status, code)), code).toBe(false);
    }
    expect(shouldRetry(2, answer(500, 'internal'))).toBe(true);
    expect(shouldRetry(3, answer(500, 'internal'))).toBe(false);
  });

  it('shows the first failure at once, and a loading state while a retry the user asked for runs', () => {
    const failed = new ApiError(400, 'لا يوجد رد من الخادم', 'network');
    expect(failureOf({ error: null, failureReason: failed, isFetching: true })).toBe(failed);
    expect(failureOf({ error: failed, failureReason: null, isFetching: true })).toBeNull();
    expect(failureOf({ error: failed, failureReason: null, isFetching: false })).toBe(failed);
    expect(failureOf({ error: null, failureReason: null, isFetching: true })).toBeNull();
  });

  it('drops the previous account’s private answers when the account changes, and keeps the catalogue', () => {
    const client = createQueryClient();
    const stop = followSession(client);
    try {
      client.setQueryData([scope.catalogue, 'stores', 'by-city', 0, null, 1], storesPage(['مشتل']));
      client.setQueryData([scope.account, 'my-orders', 1], { data: [] });
      signInForTest({ token: 'a', user: { id: 1 } as never });
      expect(client.getQueryData([scope.account, 'my-orders', 1])).toBeUndefined();
      expect(client.getQueryData([scope.catalogue, 'stores', 'by-city', 0, null, 1])).toBeDefined();
      expect(client.getQueryState([scope.catalogue, 'stores', 'by-city', 0, null, 1])?.isInvalidated).toBe(true);
    } finally {
      stop();
    }
  });
});

describe('the catalogue saved in IndexedDB', () => {
  const keys = {
    stores: [scope.catalogue, 'stores', 'by-city', 0, null, 1],
    post: [scope.catalogue, 'posts', 'detail', 3],
    search: [scope.public, 'search', 'قمح', 1],
    orders: [scope.account, 'my-orders', 1],
    chats: [scope.account, 'chat', 'conversations'],
    users: [scope.account, 'dashboard', 'users', 1],
  };

  it('writes only the catalogue queries, never search, orders, conversations or users', async () => {
    const storage = memoryStorage();
    const client = createQueryClient();
    await persistQueries(client, {
      shouldPersist: (q) => isPersistedQuery(q),
      maxAge: CATALOGUE_MAX_AGE_MS,
      buster: 'build-1',
      storage,
      throttleTime: 0,
    });
    client.setQueryData(keys.stores, storesPage(['صيدلية الربيع']));
    client.setQueryData(keys.post, { id: 3, title: 'ري القمح' });
    client.setQueryData(keys.search, { stores: storesPage([]) });
    client.setQueryData(keys.orders, { data: [{ id: 9 }] });
    client.setQueryData(keys.chats, [{ id: 4 }]);
    client.setQueryData(keys.users, { data: [{ id: 12, phone: '0933000000' }] });
    await waitFor(() => expect(storage.data.get(PERSIST_KEY)).toBeDefined());
    await waitFor(() => {
      const saved = JSON.parse(storage.data.get(PERSIST_KEY) ?? '{}');
      expect(saved.clientState.queries.map((q: { queryKey: unknown[] }) => q.queryKey)).toEqual([
        keys.stores,
        keys.post,
      ]);
    });
    const saved = JSON.parse(storage.data.get(PERSIST_KEY) ?? '{}');
    expect(saved.buster).toBe('build-1');
    expect(saved.clientState.mutations).toEqual([]);
    expect(storage.data.get(PERSIST_KEY)).not.toContain('0933000000');
  });

  it('a catalogue answer older than the saved copy may be is not written', () => {
    const now = Date.now();
    const query = (key: unknown[], age: number) => ({
      queryKey: key,
      state: { status: 'success', dataUpdatedAt: now - age },
    });
    expect(isPersistedQuery(query(keys.stores, 60_000), now)).toBe(true);
    expect(isPersistedQuery(query(keys.stores, CATALOGUE_MAX_AGE_MS + 1), now)).toBe(false);
    expect(isPersistedQuery(query(keys.orders, 0), now)).toBe(false);
    // the chat list and opened threads are kept for an offline reload; other account data is not
    expect(isPersistedQuery(query(['account', 'conversations', 'mine'], 0), now)).toBe(true);
    expect(isPersistedQuery(query(['account', 'conversations', 'thread', 4], 0), now)).toBe(true);
    expect(isPersistedQuery(query(['account', 'conversations', 'list', 1], 0), now)).toBe(false);
  });

  it('a repeat visit gets the saved catalogue back before any request, unless the build changed', async () => {
    const storage = memoryStorage();
    const first = createQueryClient();
    await persistQueries(first, {
      shouldPersist: (q) => isPersistedQuery(q),
      maxAge: CATALOGUE_MAX_AGE_MS,
      buster: 'build-1',
      storage,
      throttleTime: 0,
    });
    first.setQueryData(keys.stores, storesPage(['صيدلية الربيع']));
    await waitFor(() => expect(storage.data.get(PERSIST_KEY)).toContain('صيدلية الربيع'));

    const again = createQueryClient();
    await persistQueries(again, {
      shouldPersist: (q) => isPersistedQuery(q),
      maxAge: CATALOGUE_MAX_AGE_MS,
      buster: 'build-1',
      storage,
    });
    expect(again.getQueryData<Paged<Store>>(keys.stores)?.data[0].name_store).toBe('صيدلية الربيع');

    const newBuild = createQueryClient();
    await persistQueries(newBuild, {
      shouldPersist: (q) => isPersistedQuery(q),
      maxAge: CATALOGUE_MAX_AGE_MS,
      buster: 'build-2',
      storage,
    });
    expect(newBuild.getQueryData(keys.stores)).toBeUndefined();
    expect(storage.data.has(PERSIST_KEY)).toBe(false);
  });
});

describe('chats saved for an offline reload (issue 24)', () => {
  it('keeps the chat list and an opened thread in the saved copy, and drops them at sign-out', async () => {
    const storage = memoryStorage();
    const client = createQueryClient();
    const stop = followSession(client);
    try {
      signInForTest({ token: 'a', user: { id: 1 } as never });
      await persistQueries(client, {
        shouldPersist: (q) => isPersistedQuery(q),
        maxAge: CATALOGUE_MAX_AGE_MS,
        buster: 'b',
        storage,
        throttleTime: 0,
      });
      client.setQueryData([scope.account, 'conversations', 'thread', 4], {
        pages: [{ id: 4, messages: [{ id: 1, message: 'هل وصل اللقاح؟' }], has_more: false }],
        pageParams: [undefined],
      });
      client.setQueryData([scope.account, 'my-orders', 1], { data: ['طلب خاص'] });
      await waitFor(() => expect(storage.data.get(PERSIST_KEY)).toContain('هل وصل اللقاح؟'));
      expect(storage.data.get(PERSIST_KEY)).not.toContain('طلب خاص');

      const reloaded = createQueryClient();
      await persistQueries(reloaded, {
        shouldPersist: (q) => isPersistedQuery(q),
        maxAge: CATALOGUE_MAX_AGE_MS,
        buster: 'b',
        storage,
      });
      expect(reloaded.getQueryData([scope.account, 'conversations', 'thread', 4])).toBeDefined();

      useSession.getState().clear(); // sign-out
      await waitFor(() => expect(storage.data.get(PERSIST_KEY)).not.toContain('هل وصل اللقاح؟'));
    } finally {
      stop();
    }
  });
});

describe('threads saved for a repeat visit (issue 25): per account, bounded', () => {
  const thread = (id: number) => [scope.account, 'conversations', 'thread', id];
  const pages = (id: number, texts: string[]) => ({
    pages: texts.map((message, i) => ({ id, messages: [{ id: 100 - i, message }], has_more: i < texts.length - 1 })),
    pageParams: texts.map((_, i) => (i === 0 ? undefined : 100 - i + 1)),
  });
  const persist = (client: QueryClient, storage: PersistStorage) =>
    persistQueries(client, {
      shouldPersist: (q) => isPersistedQuery(q),
      maxAge: CATALOGUE_MAX_AGE_MS,
      buster: 'b',
      storage,
      throttleTime: 0,
      isPrivate: (key) => key[0] === scope.account,
      owner: sessionOwner,
      trim: trimSavedChats,
    });

  it("writes each thread's newest page only, and only the last threads updated", async () => {
    const storage = memoryStorage();
    const client = createQueryClient();
    signInForTest({ token: 'a', user: { id: 1, type: 2 } as never });
    await persist(client, storage);
    const now = Date.now();
    client.setQueryData(thread(4), pages(4, ['الأحدث', 'أقدم منها']), { updatedAt: now - 60_000 });
    for (let id = 10; id < 10 + SAVED_THREADS; id++)
      client.setQueryData(thread(id), pages(id, [`محادثة ${id}`]), { updatedAt: now - 50_000 + id });
    await waitFor(() => expect(storage.data.get(PERSIST_KEY)).toContain(`محادثة ${9 + SAVED_THREADS}`));
    const saved = JSON.parse(storage.data.get(PERSIST_KEY) ?? '{}');
    const keys = saved.clientState.queries.map((q: { queryKey: unknown[] }) => q.queryKey[3]);
    // thread 4 was updated first: with SAVED_THREADS newer ones it is not kept
    expect(keys).toHaveLength(SAVED_THREADS);
    expect(keys).not.toContain(4);
    expect(saved.owner).toBe('user:1');

    const one = createQueryClient();
    const only = memoryStorage();
    await persist(one, only);
    one.setQueryData(thread(4), pages(4, ['الأحدث', 'أقدم منها']));
    await waitFor(() => expect(only.data.get(PERSIST_KEY)).toContain('الأحدث'));
    expect(only.data.get(PERSIST_KEY)).not.toContain('أقدم منها');
  });

  it('restores a thread into the same account only, marked for a refetch when shown', async () => {
    const storage = memoryStorage();
    const client = createQueryClient();
    signInForTest({ token: 'a', user: { id: 1, type: 2 } as never });
    await persist(client, storage);
    client.setQueryData(thread(4), pages(4, ['هل وصل اللقاح؟']));
    client.setQueryData([scope.catalogue, 'stores', 'by-city', 0, null, 1], storesPage(['صيدلية الربيع']));
    await waitFor(() => expect(storage.data.get(PERSIST_KEY)).toContain('هل وصل اللقاح؟'));

    const same = createQueryClient();
    await persist(same, storage);
    expect(same.getQueryData(thread(4))).toBeDefined();

    // another account on this device (its token and saved user, the copy not yet rewritten)
    signInForTest({ token: 'b', user: { id: 2, type: 2 } as never });
    const other = createQueryClient();
    await persist(other, storage);
    expect(other.getQueryData(thread(4))).toBeUndefined();
    expect(other.getQueryData([scope.catalogue, 'stores', 'by-city', 0, null, 1])).toBeDefined();

    // signed out: nobody's private data comes back
    useSession.getState().clear();
    const nobody = createQueryClient();
    await persist(nobody, storage);
    expect(nobody.getQueryData(thread(4))).toBeUndefined();
  });

  it("a 401 (the session cleared by the api client's handler) drops the saved threads", async () => {
    const storage = memoryStorage();
    const client = createQueryClient();
    const stop = followSession(client);
    try {
      signInForTest({ token: 'a', user: { id: 1, type: 2 } as never });
      await persist(client, storage);
      client.setQueryData(thread(4), pages(4, ['هل وصل اللقاح؟']));
      await waitFor(() => expect(storage.data.get(PERSIST_KEY)).toContain('هل وصل اللقاح؟'));
      reportUnauthorized('a');
      await waitFor(() => expect(storage.data.get(PERSIST_KEY)).not.toContain('هل وصل اللقاح؟'));
    } finally {
      stop();
    }
  });
});
