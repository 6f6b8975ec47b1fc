/** A caller's client_id for a write: used as the outbox item's id when usable, else generated. */
import { LIMITS } from '@agrivet/shared';
import { describe, expect, it } from 'vitest';
import { isUsableClientId } from '../src/outbox';
import {
  MemoryOutboxStorage,
  newClientId,
  Outbox,
  type OutboxChange,
  type OutboxItem,
  RealtimeClient,
  type SendResult,
} from '../src/index';

/** Records what was sent and answers 200 with the client_id. */
class EchoTransport {
  connected = true;
  sent: { event: string; client_id: string }[] = [];
  async send(item: OutboxItem): Promise<SendResult> {
    this.sent.push({ event: item.event, client_id: item.client_id });
    await Promise.resolve();
    return { kind: 'ack', response: { status: 200, data: { client_id: item.client_id } } };
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('Outbox.enqueue with a client_id', () => {
  it('queues, sends and reports the write under the caller’s client_id', async () => {
    const transport = new EchoTransport();
    const outbox = new Outbox(transport);
    const changes: string[] = [];
    outbox.changes.add((c: OutboxChange) => changes.push(`${c.type} ${c.item.client_id}`));
    const id = newClientId();
    const q = outbox.enqueue('order:update', { order_id: 1, status: 1 }, { client_id: id });
    expect(q.item.client_id).toBe(id);
    expect((await q.done).status).toBe(200);
    expect(transport.sent).toEqual([{ event: 'order:update', client_id: id }]);
    expect(changes).toEqual([`queued ${id}`, `sending ${id}`, `sent ${id}`]);
  });

  it('generates one for an empty, padded, too long or non-string client_id, and when there is none', () => {
    const transport = new EchoTransport();
    transport.connected = false;
    const outbox = new Outbox(transport);
    const bad: unknown[] = ['', ' ', ' x', 'x\n', 'x'.repeat(LIMITS.clientIdMax + 1), 42, null, undefined];
    for (const client_id of bad) {
      const q = outbox.enqueue('order:update', { order_id: 1, status: 1 }, { client_id } as { client_id?: string });
      expect(q.item.client_id).toMatch(UUID);
    }
    expect(outbox.enqueue('order:update', { order_id: 1, status: 1 }).item.client_id).toMatch(UUID);
    const longest = 'x'.repeat(LIMITS.clientIdMax);
    expect(outbox.enqueue('order:update', { order_id: 1, status: 1 }, { client_id: longest }).item.client_id).toBe(
      longest,
    );
    expect(new Set(outbox.list().map((i) => i.client_id)).size).toBe(bad.length + 2);
    expect(isUsableClientId('local-1')).toBe(true);
    expect(isUsableClientId('')).toBe(false);
  });

  it('the client_id of a write still queued joins it (same event) instead of queueing it twice', async () => {
    const storage = new MemoryOutboxStorage();
    const offline = new EchoTransport();
    offline.connected = false;
    const id = newClientId();
    new Outbox(offline, { storage }).enqueue(
      'order:create',
      { store_id: 1, total: '1.00', items: [] },
      { client_id: id },
    );
    // Reloaded: the restored item has no waiter; the same write again gets it and its answer.
    const transport = new EchoTransport();
    transport.connected = false;
    const outbox = new Outbox(transport, { storage });
    const again = outbox.enqueue('order:create', { store_id: 1, total: '1.00', items: [] }, { client_id: id });
    const twice = outbox.enqueue('order:create', { store_id: 1, total: '1.00', items: [] }, { client_id: id });
    expect(outbox.list()).toHaveLength(1);
    expect(again.item).toBe(outbox.list()[0]);
    expect(twice.done).toBe(again.done);
    // Another event under that id is another write: it gets its own id.
    const other = outbox.enqueue('order:update', { order_id: 1, status: 1 }, { client_id: id });
    expect(other.item.client_id).not.toBe(id);
    transport.connected = true;
    outbox.resume();
    expect(await again.done).toEqual({ status: 200, data: { client_id: id } });
    await other.done;
    expect(transport.sent.map((s) => s.client_id)).toEqual([id, other.item.client_id]);
  });
});

describe('RealtimeClient writes with a client_id', () => {
  it('sendMessage, createOrder, updateOrder and markRead queue under the given client_id', () => {
    const client = new RealtimeClient(); // never connected: everything stays queued
    const ids = [newClientId(), newClientId(), newClientId(), newClientId()];
    const queued = [
      client.sendMessage({ conversation_id: 1, message: 'سلام' }, { client_id: ids[0] }),
      client.createOrder({ store_id: 1, total: '1.00', items: [] }, { client_id: ids[1] }),
      client.updateOrder({ order_id: 1, status: 1 }, { client_id: ids[2] }),
      client.markRead({ conversation_id: 1, last_read_message_id: 1 }, { client_id: ids[3] }),
    ];
    expect(queued.map((q) => q.item.client_id)).toEqual(ids);
    expect(client.pending().map((i) => i.client_id)).toEqual(ids);
    expect(client.createOrder({ store_id: 1, total: '1.00', items: [] }, { client_id: '' }).item.client_id).toMatch(
      UUID,
    );
    client.clearOutbox();
  });

  it('an image refused before queueing keeps the given client_id in its failed event', async () => {
    const client = new RealtimeClient();
    const failed: string[] = [];
    client.onOutbox((c) => {
      if (c.type === 'failed') failed.push(c.item.client_id);
    });
    const id = newClientId();
    const q = client.sendMessage(
      { conversation_id: 1, image: new Uint8Array(LIMITS.imageMaxBytes + 1), image_type: 'image/png' },
      { client_id: id },
    );
    expect(q.item.client_id).toBe(id);
    expect((await q.done).status).toBe(413);
    expect(failed).toEqual([id]);
    expect(client.pending()).toEqual([]);
  });
});
