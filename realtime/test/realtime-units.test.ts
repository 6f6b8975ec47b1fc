/** The realtime wrapper's pure parts: exactly-once delivery, the outbox's ordering and retries, persistence. */
import { errorCodeForStatus, type Message } from '@agrivet/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  deserializeOutbox,
  LocalStorageOutboxStorage,
  MemoryOutboxStorage,
  MessageSync,
  newClientId,
  Outbox,
  type OutboxItem,
  type SendResult,
  serializeOutbox,
} from '../src/index';

const msg = (id: number, conversation_id = 1): Message => ({
  id,
  conversation_id,
  user_id: 1,
  message: `m${id}`,
  image: null,
  attachment: null,
  deleted: false,
  client_id: null,
  card: null,
  auto: false,
  created_at: new Date(0).toISOString(),
});

describe('MessageSync', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('puts live messages that overtook each other back in id order within the reorder window', () => {
    vi.useFakeTimers();
    const got: number[] = [];
    const sync = new MessageSync({ deliver: (m) => got.push(m.id), reorderMs: 100 });
    sync.openConversation(1, 10);
    sync.finishSync(1, sync.beginSync(1)!.generation); // live
    sync.receive(msg(13));
    sync.receive(msg(12));
    sync.receive(msg(12));
    vi.advanceTimersByTime(99);
    expect(got).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(got).toEqual([12, 13]);
    // The window counts from the first message waiting, so a steady stream is not held forever.
    sync.receive(msg(15));
    vi.advanceTimersByTime(60);
    sync.receive(msg(14));
    vi.advanceTimersByTime(40);
    expect(got).toEqual([12, 13, 14, 15]);
    // Later than the window (a re-sync found it): still delivered once; the ordered view is sorted.
    sync.receive(msg(11));
    sync.receive(msg(11));
    vi.advanceTimersByTime(100);
    expect(got).toEqual([12, 13, 14, 15, 11]);
    expect(sync.messages(1).map((m) => m.id)).toEqual([11, 12, 13, 14, 15]);
  });

  it('a periodic catch-up asks after the newest id seen when the last completed re-sync began', () => {
    const sync = new MessageSync({ deliver: () => {}, overlap: 20 });
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => msg(from + i));
    sync.openConversation(1, 10);
    let started = sync.beginSync(1)!;
    expect(started.afterId).toBe(10);
    sync.addFetched(1, range(11, 30));
    sync.finishSync(1, started.generation);
    started = sync.beginSync(1, 'catch-up')!;
    expect(started.afterId).toBe(10); // the last re-sync began when 10 was the newest
    sync.finishSync(1, started.generation);
    sync.receive(msg(31));
    started = sync.beginSync(1, 'catch-up')!;
    expect(started.afterId).toBe(29); // 3 back at most, not the 20 of a reconnect
    sync.finishSync(1, started.generation, false); // given up: the next one asks from the same point
    for (const m of range(32, 40)) sync.receive(m);
    started = sync.beginSync(1, 'catch-up')!;
    expect(started.afterId).toBe(30);
    sync.finishSync(1, started.generation);
    expect(sync.beginSync(1)!.afterId).toBe(21); // a reconnect: the 20th newest
  });

  it('a re-sync takes the messages waiting for the reorder window into its merge', () => {
    vi.useFakeTimers();
    const got: number[] = [];
    const sync = new MessageSync({ deliver: (m) => got.push(m.id), reorderMs: 100 });
    sync.openConversation(1);
    sync.receive(msg(5));
    const started = sync.beginSync(1)!;
    vi.advanceTimersByTime(200);
    expect(got).toEqual([]);
    sync.addFetched(1, [msg(3), msg(4), msg(5)]);
    sync.finishSync(1, started.generation);
    expect(got).toEqual([3, 4, 5]);
    sync.closeConversation(1);
    expect(sync.messages(1)).toEqual([]);
  });

  it('delivers each message once, drops what the UI already has, buffers during a re-sync and merges in order', () => {
    const got: number[] = [];
    const sync = new MessageSync({ deliver: (m) => got.push(m.id), overlap: 2 });
    sync.openConversation(1, 10);
    sync.receive(msg(9)); // the UI already shows up to 10
    sync.receive(msg(11));
    sync.receive(msg(11));
    sync.receive(msg(12));
    expect(got).toEqual([11, 12]);

    const started = sync.beginSync(1);
    expect(started?.afterId).toBe(11); // the 2nd newest seen id: a late push cannot leave a gap
    sync.receive(msg(15)); // live, while syncing: buffered
    sync.addFetched(1, [msg(12), msg(13), msg(14), msg(15)]);
    expect(got).toEqual([11, 12]);
    sync.finishSync(1, started!.generation);
    expect(got).toEqual([11, 12, 13, 14, 15]);
    sync.receive(msg(16));
    sync.receive(msg(14));
    expect(got).toEqual([11, 12, 13, 14, 15, 16]);
  });

  it('a stale re-sync (older generation) does not end the newer one', () => {
    const got: number[] = [];
    const sync = new MessageSync({ deliver: (m) => got.push(m.id) });
    sync.openConversation(1);
    const first = sync.beginSync(1)!;
    const second = sync.beginSync(1)!;
    sync.addFetched(1, [msg(2)]);
    sync.finishSync(1, first.generation);
    expect(got).toEqual([]);
    sync.addFetched(1, [msg(1)]);
    sync.finishSync(1, second.generation);
    expect(got).toEqual([1, 2]);
  });

  it('messages of conversations that are not open are de-duplicated too', () => {
    const got: number[] = [];
    const sync = new MessageSync({ deliver: (m) => got.push(m.id) });
    sync.receive(msg(5, 7));
    sync.receive(msg(5, 7));
    expect(got).toEqual([5]);
  });

  it('remembers a bounded number of ids and treats older ones as seen', () => {
    const got: number[] = [];
    const sync = new MessageSync({ deliver: (m) => got.push(m.id), overlap: 2, memory: 4 });
    sync.openConversation(1);
    for (let id = 1; id <= 10; id++) sync.receive(msg(id));
    sync.receive(msg(3));
    expect(got).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});

/** A relay stand-in whose answers the test scripts, recording what was sent. */
class ScriptedTransport {
  connected = true;
  sent: { event: string; client_id: string }[] = [];
  constructor(private readonly answer: (item: OutboxItem, n: number) => SendResult) {}
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

describe('Outbox', () => {
  it('sends in order, one at a time, and resends a lost write with its original client_id', async () => {
    const transport = new ScriptedTransport((_item, n) => (n === 2 ? { kind: 'lost' } : ok(n)));
    const outbox = new Outbox(transport, { retryBaseMs: 1, retryMaxMs: 2 });
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

  it('a 4xx refusal leaves the outbox and reports the error; 503 and 429 are retried', async () => {
    const answers = [refused(503), refused(429), ok('x'), refused(422)];
    const transport = new ScriptedTransport((_item, n) => answers[n - 1]);
    const outbox = new Outbox(transport, { retryBaseMs: 1, retryMaxMs: 2 });
    const changes: string[] = [];
    outbox.changes.add((c) => changes.push(c.type));
    const first = outbox.enqueue('order:update', { order_id: 1, status: 1 });
    const second = outbox.enqueue('order:update', { order_id: 2, status: 9 });
    expect((await first.done).status).toBe(200);
    const res = await second.done;
    expect(res.status).toBe(422);
    expect(second.item.state).toBe('failed');
    expect(second.item.error).toEqual({ status: 422, code: 'validation_failed', message: 'مرفوض' });
    expect(changes.filter((c) => c === 'retry')).toHaveLength(2);
    expect(outbox.list()).toEqual([]);
  });

  it('waits while disconnected and sends when resumed', async () => {
    const transport = new ScriptedTransport(() => ok(1));
    transport.connected = false;
    const outbox = new Outbox(transport, { retryBaseMs: 1 });
    const q = outbox.enqueue('order:update', { order_id: 1, status: 1 });
    await new Promise((r) => setTimeout(r, 20));
    expect(transport.sent).toEqual([]);
    expect(outbox.list()[0].state).toBe('pending');
    transport.connected = true;
    outbox.resume();
    expect((await q.done).status).toBe(200);
  });

  it('persisted items survive a reload and keep their client_id', async () => {
    const storage = new MemoryOutboxStorage();
    const offline = new ScriptedTransport(() => ok(1));
    offline.connected = false;
    const before = new Outbox(offline, { storage });
    const q = before.enqueue('message:send', { conversation_id: 3, message: 'بلا اتصال' });
    const online = new ScriptedTransport(() => ok(1));
    const after = new Outbox(online, { storage });
    expect(after.list().map((i) => i.client_id)).toEqual([q.item.client_id]);
    after.resume();
    await new Promise((r) => setTimeout(r, 20));
    expect(online.sent).toEqual([{ event: 'message:send', client_id: q.item.client_id }]);
    expect(storage.load()).toEqual([]);
  });
});

describe('outbox storage', () => {
  it('round-trips image bytes through localStorage as base64', () => {
    const map = new Map<string, string>();
    const fake = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
    };
    const storage = new LocalStorageOutboxStorage('agrivet:outbox:7', fake);
    const bytes = new Uint8Array(70_000).map((_, i) => i % 251);
    const item: OutboxItem = {
      client_id: newClientId(),
      event: 'message:send',
      payload: { conversation_id: 1, image: bytes, image_type: 'image/png' },
      state: 'pending',
      attempts: 0,
      queued_at: 1,
    };
    storage.save([item]);
    const [back] = storage.load();
    expect((back.payload as { image: Uint8Array }).image).toEqual(bytes);
    expect(deserializeOutbox(serializeOutbox([item]))[0].client_id).toBe(item.client_id);
    storage.save([]);
    expect(map.size).toBe(0);
  });

  it('client ids are UUID-shaped and unique', () => {
    const ids = new Set(Array.from({ length: 1000 }, newClientId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
