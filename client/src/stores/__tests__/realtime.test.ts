import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxResultListener, RealtimePort } from '@/lib/realtime/port';

// A fake connection records what the store asks of it (the real one needs a relay).
const calls: string[] = [];
const fake = vi.hoisted(() => ({ resultListeners: new Set<OutboxResultListener>(), loaded: Promise.resolve() }));
vi.mock('@/lib/realtime/connect', async () => {
  await fake.loaded;
  return { connectRealtime };
});
const connectRealtime = (): RealtimePort => ({
  status: 'online',
  onStatus: (l) => {
    l('online');
    return () => {};
  },
  onSessionEnded: () => () => {},
  on: () => () => {},
  write: (event, _payload, clientId) => {
    calls.push(`write ${event} ${clientId ?? '-'}`);
    return { client_id: clientId ?? 'c1', result: Promise.resolve({} as never) };
  },
  typing: (id, typing) => calls.push(`typing ${id} ${typing}`),
  deleteMessage: (id) => {
    calls.push(`delete ${id}`);
    return Promise.resolve({} as never);
  },
  openConversation: (id, last) => calls.push(`open ${id} after ${last}`),
  closeConversation: (id) => calls.push(`close ${id}`),
  onOutbox: (l) => {
    l([]);
    return () => {};
  },
  onOutboxResult: (l) => {
    fake.resultListeners.add(l);
    return () => fake.resultListeners.delete(l);
  },
  refreshIdentity: () => calls.push('refresh'),
  close: () => calls.push('close'),
});

const { onOutboxResult, useRealtime } = await import('@/stores/realtime');

afterEach(() => {
  useRealtime.getState().disconnect();
  calls.length = 0;
});

describe('realtime store', () => {
  it('remembers conversations opened before the connection exists and joins them once it does', async () => {
    useRealtime.getState().openConversation(4, 17);
    useRealtime.getState().openConversation(5, 0);
    useRealtime.getState().closeConversation(5);
    expect(calls).toEqual([]);
    await useRealtime.getState().connect('token', 1);
    expect(calls).toEqual(['open 4 after 17']);
    expect(useRealtime.getState().status).toBe('online');
  });

  it('a write made while the connection code is still loading is sent once it is ready, under the client_id it returned', async () => {
    const connecting = useRealtime.getState().connect('token', 1);
    const { client_id, result } = useRealtime
      .getState()
      .write('order:create', { store_id: 1, total: '1.00', items: [] });
    expect(client_id).toMatch(/^[0-9a-f-]{36}$/);
    await connecting;
    await result;
    expect(calls).toContain(`write order:create ${client_id}`);
    // Once connected, writes go straight to the connection (which picks the id).
    expect(useRealtime.getState().write('order:update', { order_id: 1, status: 1 }).client_id).toBe('c1');
  });

  it('refuses a write still waiting for the connection code when the user signs out meanwhile', async () => {
    let release = () => {};
    fake.loaded = new Promise<void>((r) => {
      release = r;
    });
    vi.resetModules();
    const store = await import('@/stores/realtime');
    const connecting = store.useRealtime.getState().connect('token', 1);
    const { result } = store.useRealtime.getState().write('order:create', { store_id: 1, total: '1.00', items: [] });
    store.useRealtime.getState().disconnect();
    release();
    await connecting;
    await expect(result).rejects.toThrow();
    expect(calls.filter((c) => c.startsWith('write'))).toEqual([]);
    fake.loaded = Promise.resolve();
  });

  it('forwards outbox results to its listeners, across reconnects', async () => {
    const heard: string[] = [];
    const off = onOutboxResult((id, outcome, error) => heard.push(`${id} ${outcome} ${error ?? ''}`.trim()));
    await useRealtime.getState().connect('token', 1);
    for (const l of fake.resultListeners) l('c1', 'sent');
    useRealtime.getState().disconnect();
    expect(fake.resultListeners.size).toBe(0);
    await useRealtime.getState().connect('token-2', 1);
    for (const l of fake.resultListeners) l('c2', 'failed', 'مرفوض');
    off();
    for (const l of fake.resultListeners) l('c3', 'sent');
    expect(heard).toEqual(['c1 sent', 'c2 failed مرفوض']);
  });

  it('refreshIdentity reconnects the same connection instead of closing it', async () => {
    await useRealtime.getState().connect('token', 1);
    calls.length = 0;
    useRealtime.getState().refreshIdentity();
    expect(calls).toEqual(['refresh']);
    expect(useRealtime.getState().status).toBe('online');
  });

  it('refuses writes when nobody is signed in', async () => {
    await expect(
      useRealtime.getState().write('order:create', { store_id: 1, total: '1.00', items: [] }).result,
    ).rejects.toThrow();
  });
});
