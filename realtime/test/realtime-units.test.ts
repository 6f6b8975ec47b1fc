/** The outbox and its storage, without a relay (the relay tests run the client against the real one). */
import { errorCodeForStatus, LIMITS } from '@agrivet/shared';
import { describe, expect, it } from 'vitest';
import {
  isUsableClientId,
  Listeners,
  LocalStorageOutboxStorage,
  MemoryOutboxStorage,
  NOT_CONNECTED_AR,
  newClientId,
  Outbox,
  type OutboxChange,
  type OutboxItem,
  RealtimeClient,
  type SendResult,
} from '../src/index';

/** A relay stand-in whose answers the test scripts, recording what was sent. */
class ScriptedTransport {
  connected = true;
  sent: { event: string; client_id: string }[] = [];
  constructor(private readonly answer: (item: OutboxItem, n: number) => SendResult = (i) => ok(i.client_id)) {}
  async send(item: OutboxItem): Promise<SendResult> {
    this.sent.push({ event: item.event, client_id: item.client_id });
    await Promise.resolve();
    return this.answer(item, this.sent.length);
  }
}

const ok = (data: unknown): SendResult => ({ kind: 'ack', response: { status: 200, data } });
const refused = (status: number): SendResult => ({
  kind: 'ack',
  response: { status, error: { code: errorCodeForStatus(status), message: 'مرفوض' } },
});
const fast = { retryBaseMs: 1, retryMaxMs: 2 };
const noop = () => {};

/** A localStorage stand-in. */
function fakeLocalStorage() {
  const map = new Map<string, string>();
  return {
    map,
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('Outbox', () => {
  it('sends in order, one at a time, and resends a lost write with its original client_id', async () => {
    const transport = new ScriptedTransport((item, n) => (n === 2 ? { kind: 'lost' } : ok(item.client_id)));
    const outbox = new Outbox(transport, noop, fast);
    const a = outbox.enqueue('conversation:read', { conversation_id: 1, last_read_message_id: 1 });
    const b = outbox.enqueue('conversation:read', { conversation_id: 1, last_read_message_id: 2 });
    const c = outbox.enqueue('conversation:read', { conversation_id: 1, last_read_message_id: 3 });
    await Promise.all([a.done, b.done, c.done]);
    expect(transport.sent.map((s) => s.client_id)).toEqual([
      a.item.client_id,
      b.item.client_id,
      b.item.client_id,
      c.item.client_id,
    ]);
    expect(outbox.list()).toEqual([]);
    expect(b.item.state).toBe('sent');
    expect(b.item.attempts).toBe(2);
  });

  it('a 4xx refusal leaves the outbox and reports the error; 503 and 429 are retried; a 500 five times fails', async () => {
    const answers = [refused(503), refused(429), ok('x'), refused(422), ...Array(5).fill(refused(500))];
    const transport = new ScriptedTransport((_item, n) => answers[n - 1]);
    const changes: string[] = [];
    const outbox = new Outbox(transport, (c) => changes.push(c.type), fast);
    const first = outbox.enqueue('order:update', { order_id: 1, status: 1 });
    const second = outbox.enqueue('order:update', { order_id: 2, status: 9 });
    const third = outbox.enqueue('order:update', { order_id: 3, status: 1 });
    expect((await first.done).status).toBe(200);
    expect((await second.done).status).toBe(422);
    expect(second.item.state).toBe('failed');
    expect(second.item.error).toEqual({ status: 422, code: 'validation_failed', message: 'مرفوض' });
    expect((await third.done).status).toBe(500);
    expect(third.item.attempts).toBe(5);
    expect(changes.filter((c) => c === 'retry')).toHaveLength(6);
    expect(outbox.list()).toEqual([]);
  });

  it('waits while disconnected and sends when resumed', async () => {
    const transport = new ScriptedTransport();
    transport.connected = false;
    const outbox = new Outbox(transport, noop, fast);
    const q = outbox.enqueue('order:update', { order_id: 1, status: 1 });
    await Promise.resolve();
    expect(transport.sent).toEqual([]);
    expect(outbox.list()[0].state).toBe('pending');
    transport.connected = true;
    outbox.resume();
    expect((await q.done).status).toBe(200);
  });

  it('queues, sends and reports the write under the caller’s client_id; a queued one is not queued twice', async () => {
    const storage = new MemoryOutboxStorage();
    const offline = new ScriptedTransport();
    offline.connected = false;
    const changes: string[] = [];
    const outbox = new Outbox(offline, (c: OutboxChange) => changes.push(`${c.type} ${c.item.client_id}`), {
      storage,
    });
    const id = newClientId();
    const q = outbox.enqueue('message:send', { conversation_id: 1, message: 'أ' }, id);
    const again = outbox.enqueue('message:send', { conversation_id: 1, message: 'أ' }, id);
    expect(again.item).toBe(q.item);
    const other = outbox.enqueue('order:update', { order_id: 1, status: 1 }, id); // another write's id
    expect(other.item.client_id).not.toBe(id);
    offline.connected = true;
    outbox.resume();
    expect((await again.done).status).toBe(200);
    await other.done;
    expect(offline.sent.map((s) => s.client_id)).toEqual([id, other.item.client_id]);
    expect(changes.slice(0, 1)).toEqual([`queued ${id}`]);
    expect(changes).toContain(`sent ${id}`);
  });

  it('a missing, empty, padded, too long or non-string client_id gets a fresh UUID', () => {
    for (const bad of [undefined, '', ' x', 'x '.repeat(40), 'x'.repeat(LIMITS.clientIdMax + 1), 7]) {
      expect(isUsableClientId(bad)).toBe(false);
    }
    const outbox = new Outbox(new ScriptedTransport(), noop);
    const q = outbox.enqueue('order:update', { order_id: 1, status: 1 }, ' padded');
    expect(q.item.client_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('saved writes survive a reload, keep their client_id and leave the storage once acknowledged', async () => {
    const local = fakeLocalStorage();
    const storage = new LocalStorageOutboxStorage('agrivet:outbox:7:', local);
    const offline = new ScriptedTransport();
    offline.connected = false;
    const before = new Outbox(offline, noop, { storage });
    const q = before.enqueue('message:send', { conversation_id: 3, message: 'بلا اتصال' });
    const order = before.enqueue('order:create', { store_id: 1, total: '1.00', items: [] });
    expect([...local.map.keys()].sort()).toEqual(
      [`agrivet:outbox:7:${q.item.client_id}`, `agrivet:outbox:7:${order.item.client_id}`].sort(),
    );
    // Another account's writes are never loaded under this one.
    new LocalStorageOutboxStorage('agrivet:outbox:8:', local).put({ ...q.item, client_id: 'other' });
    const online = new ScriptedTransport();
    const after = new Outbox(online, noop, { storage: new LocalStorageOutboxStorage('agrivet:outbox:7:', local) });
    expect(after.list().map((i) => i.client_id)).toEqual([q.item.client_id, order.item.client_id]);
    after.resume();
    await until(() => after.list().length === 0);
    expect(online.sent.map((s) => s.client_id)).toEqual([q.item.client_id, order.item.client_id]);
    expect([...local.map.keys()]).toEqual(['agrivet:outbox:8:other']);
  });
});

async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((r) => setTimeout(r, 1));
}

describe('RealtimeClient: a conversation opened offline', () => {
  it('closing it before the connection comes back answers its caller and drops its join listener', async () => {
    const listeners = new Listeners();
    const client = new RealtimeClient({ listeners });
    const before = listeners.count('join');
    const first = client.openConversation(7);
    const second = client.openConversation(7);
    const other = client.openConversation(8);
    expect(listeners.count('join')).toBe(before + 3);
    client.closeConversation(7);
    await expect(first).resolves.toMatchObject({ status: 503, error: { message: NOT_CONNECTED_AR } });
    await expect(second).resolves.toMatchObject({ status: 503 });
    expect(listeners.count('join')).toBe(before + 1);
    // the other conversation still waits for its join, and gets it
    listeners.fire('join', [8, { status: 200, data: { id: 8, messages: [] } }]);
    await expect(other).resolves.toMatchObject({ status: 200 });
    expect(listeners.count('join')).toBe(before);
  });
});
