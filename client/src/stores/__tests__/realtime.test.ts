/** The realtime module over a fake RealtimeClient (the real one runs against a relay in relay/test). */
import { afterEach, describe, expect, it, vi } from 'vitest';

// A fake connection records what the store asks of it.
const calls: string[] = [];
const fake = vi.hoisted(() => ({
  loaded: Promise.resolve(),
  instances: [] as { outbox: ((c: unknown) => void)[]; listeners: { fire(name: string, arg: unknown): void } }[],
}));
vi.mock('@agrivet/realtime', async () => {
  await fake.loaded;
  class RealtimeClient {
    status = 'offline';
    readonly outbox: ((c: unknown) => void)[] = [];
    readonly listeners: { fire(name: string, arg: unknown): void };
    constructor(options: { listeners: { fire(name: string, arg: unknown): void } }) {
      this.listeners = options.listeners; // the app's own: pushes are fired into it
      fake.instances.push(this);
    }
    connect = () => calls.push('connect');
    onStatus = (l: (s: string) => void) => {
      l('online');
      return () => {};
    };
    onSessionEnded = () => () => {};
    onOutbox = (l: (c: unknown) => void) => {
      this.outbox.push(l);
      return () => this.outbox.splice(this.outbox.indexOf(l), 1);
    };
    write = (event: string, _payload: unknown, options?: { client_id?: string }) => {
      calls.push(`write ${event} ${options?.client_id ?? '-'}`);
      return { item: { client_id: options?.client_id ?? 'c1' }, done: Promise.resolve({ status: 200, data: {} }) };
    };
    pending = () => [];
    typing = (id: number, typing: boolean) => calls.push(`typing ${id} ${typing}`);
    openConversation = (id: number, last: number) => {
      calls.push(`open ${id} after ${last}`);
      return Promise.resolve({ status: 200, data: {} });
    };
    closeConversation = (id: number) => calls.push(`close ${id}`);
    refreshIdentity = () => calls.push('refresh');
    reconnectNow = () => calls.push('reconnect now');
    close = () => calls.push('close');
  }
  class LocalStorageOutboxStorage {}
  return { RealtimeClient, LocalStorageOutboxStorage };
});

const { onConnected, onOutboxResult, onRealtime, outboxPrefix, useRealtime } = await import('@/stores/realtime');
const { onlineManager } = await import('@tanstack/react-query');

afterEach(() => {
  useRealtime.getState().disconnect();
  calls.length = 0;
  fake.instances.length = 0;
  localStorage.clear();
});

describe('realtime store', () => {
  it('remembers conversations opened before the connection exists and joins them once it does', async () => {
    useRealtime.getState().openConversation(4, 17);
    useRealtime.getState().openConversation(5, 0);
    useRealtime.getState().closeConversation(5);
    expect(calls).toEqual([]);
    await useRealtime.getState().connect('token', 1);
    expect(calls).toEqual(['open 4 after 17', 'connect']);
    expect(useRealtime.getState().status).toBe('online');
    useRealtime.getState().closeConversation(4);
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

  it('hands outbox results (with the result or the UI-language error) and pushes to their listeners, across reconnects', async () => {
    const heard: string[] = [];
    const off = onOutboxResult((id, outcome, { event, error }) =>
      heard.push(`${id} ${outcome} ${event} ${error ?? ''}`.trim()),
    );
    const orders: number[] = [];
    const offPush = onRealtime('order:new', ({ order }) => orders.push(order.id));
    await useRealtime.getState().connect('token', 1);
    const [first] = fake.instances;
    for (const l of first.outbox) l({ type: 'sent', item: { client_id: 'c1', event: 'order:create', result: {} } });
    first.listeners.fire('order:new', { order: { id: 5 } });
    useRealtime.getState().disconnect();
    expect(first.outbox).toHaveLength(0);
    await useRealtime.getState().connect('token-2', 1);
    const [, second] = fake.instances;
    const refusal = { status: 422, code: 'validation_failed', message: 'x' };
    for (const l of second.outbox)
      l({ type: 'failed', item: { client_id: 'c2', event: 'message:send', error: refusal } });
    second.listeners.fire('order:new', { order: { id: 6 } });
    off();
    offPush();
    second.listeners.fire('order:new', { order: { id: 7 } });
    expect(heard[0]).toBe('c1 sent order:create');
    expect(heard[1]).toMatch(/^c2 failed message:send \S/);
    expect(heard).toHaveLength(2);
    expect(orders).toEqual([5, 6]);
  });

  it('moves writes an older version saved (one array per tab) to one key each', async () => {
    const item = { client_id: 'old-1', event: 'message:send', payload: { conversation_id: 1, message: 'x' } };
    localStorage.setItem('outbox:1:tab-a', JSON.stringify([item]));
    localStorage.setItem('outbox-alive:1:tab-a', '0');
    localStorage.setItem('outbox:2:tab-b', JSON.stringify([{ ...item, client_id: 'other' }]));
    await useRealtime.getState().connect('token', 1);
    expect(JSON.parse(localStorage.getItem(`${outboxPrefix(1)}old-1`) ?? 'null')).toMatchObject(item);
    expect(localStorage.getItem('outbox:1:tab-a')).toBeNull();
    expect(localStorage.getItem('outbox-alive:1:tab-a')).toBeNull();
    expect(localStorage.getItem('outbox:2:tab-b')).not.toBeNull(); // another account's stays
  });

  it('reconnects at once when the browser comes back online (onlineManager)', async () => {
    await useRealtime.getState().connect('token', 1);
    onlineManager.setOnline(false);
    onlineManager.setOnline(true);
    expect(calls).toContain('reconnect now');
  });

  it('refreshIdentity reconnects the same connection instead of closing it', async () => {
    await useRealtime.getState().connect('token', 1);
    calls.length = 0;
    useRealtime.getState().refreshIdentity();
    expect(calls).toEqual(['refresh']);
  });

  it('refuses writes when nobody is signed in', async () => {
    await expect(
      useRealtime.getState().write('order:create', { store_id: 1, total: '1.00', items: [] }).result,
    ).rejects.toThrow();
  });

  it('onConnected hears each time the connection comes up, the first one included', () => {
    const heard = vi.fn();
    const stop = onConnected(heard);
    useRealtime.setState({ status: 'connecting' });
    useRealtime.setState({ status: 'online' }); // the session's first connection
    useRealtime.setState({ status: 'online' }); // no change: not heard again
    expect(heard).toHaveBeenCalledTimes(1);
    useRealtime.setState({ status: 'offline' });
    useRealtime.setState({ status: 'connecting' });
    useRealtime.setState({ status: 'online' }); // back after a drop
    expect(heard).toHaveBeenCalledTimes(2);
    stop();
    useRealtime.setState({ status: 'offline' });
    useRealtime.setState({ status: 'online' });
    expect(heard).toHaveBeenCalledTimes(2);
  });
});
