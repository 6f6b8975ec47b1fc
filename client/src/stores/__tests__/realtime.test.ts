import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RealtimePort } from '../../lib/realtime/port';

// A fake connection records what the store asks of it (the real one needs a relay).
const calls: string[] = [];
vi.mock('../../lib/realtime/connect', () => ({
  connectRealtime: (): RealtimePort => ({
    status: 'online',
    onStatus: (l) => {
      l('online');
      return () => {};
    },
    onSessionEnded: () => () => {},
    on: () => () => {},
    write: (event) => {
      calls.push(`write ${event}`);
      return { client_id: 'c1', result: Promise.resolve({} as never) };
    },
    typing: (id, typing) => calls.push(`typing ${id} ${typing}`),
    openConversation: (id, last) => calls.push(`open ${id} after ${last}`),
    closeConversation: (id) => calls.push(`close ${id}`),
    onOutbox: (l) => {
      l([]);
      return () => {};
    },
    refreshIdentity: () => calls.push('refresh'),
    close: () => calls.push('close'),
  }),
}));

const { useRealtime } = await import('../realtime');

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

  it('a write made while the connection code is still loading is sent once it is ready', async () => {
    const connecting = useRealtime.getState().connect('token', 1);
    const { result } = useRealtime.getState().write('order:create', { store_id: 1, total: '1.00', items: [] });
    await connecting;
    await result;
    expect(calls).toContain('write order:create');
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
