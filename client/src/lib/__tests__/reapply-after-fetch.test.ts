/**
 * reapplyAfterFetch (lib/query-client.ts), with a real QueryClient: a push's change is applied again once
 * the requests under way for its queries have settled — also a request paused offline, which resumes
 * later — and nothing is left listening when the query is removed meanwhile.
 */
import { onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reapplyAfterFetch } from '@/lib/query-client';

const KEY = ['account', 'things'] as const;

/** A query holding [1], observed, whose requests the test answers. */
function held() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.mount(); // hears the network come back, as under QueryClientProvider
  client.setQueryData(KEY, [1]);
  const answers: ((v: number[]) => void)[] = [];
  const off = new QueryObserver(client, {
    queryKey: KEY,
    queryFn: () => new Promise<number[]>((resolve) => answers.push(resolve)),
    staleTime: Number.POSITIVE_INFINITY,
  }).subscribe(() => {});
  const push = () => {
    const put = () => client.setQueryData<number[]>(KEY, (d) => (d && !d.includes(2) ? [...d, 2] : d));
    put();
    reapplyAfterFetch(client, KEY, put);
  };
  const listeners = () => (client.getQueryCache() as unknown as { listeners: Set<unknown> }).listeners.size;
  return { client, answers, off, push, listeners, data: () => client.getQueryData<number[]>(KEY) };
}

describe('reapplyAfterFetch', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('does nothing more when no request is under way', () => {
    const { push, data, listeners, off } = held();
    const before = listeners();
    push();
    expect(data()).toEqual([1, 2]);
    expect(listeners()).toBe(before);
    off();
  });

  it('a request paused offline: the push is applied again after it resumes and answers', async () => {
    const { client, answers, push, data, off } = held();
    onlineManager.setOnline(false);
    void client.refetchQueries({ queryKey: KEY });
    await vi.waitFor(() => expect(client.getQueryState(KEY)?.fetchStatus).toBe('paused'));
    push();
    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    answers[0]([1]);
    await vi.waitFor(() => expect(client.getQueryState(KEY)?.fetchStatus).toBe('idle'));
    await new Promise((r) => setTimeout(r, 10));
    expect(data()).toEqual([1, 2]);
    off();
    client.unmount();
  });

  it('a query removed while its request runs leaves nothing listening', async () => {
    const { client, answers, push, listeners, off } = held();
    const before = listeners();
    void client.refetchQueries({ queryKey: KEY });
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    push();
    expect(listeners()).toBe(before + 1);
    off();
    client.removeQueries({ queryKey: KEY });
    await vi.waitFor(() => expect(listeners()).toBe(0));
  });
});
