/**
 * Domain events after commit (CONTRACT.md §8, api/src/events/): each REST write that someone else
 * must see publishes one event to the rooms of CONTRACT.md §4 — and a replay (the same client_id, a
 * second delete, a pointer that does not move) publishes nothing. The relay tests follow these events
 * onto live sockets.
 */
import type { ApiEvent } from '@agrivet/shared';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useTestApi } from './helpers/test-api';

const t = useTestApi();

let heard: ApiEvent[] = [];
let stop: () => void = () => {};
beforeEach(() => {
  heard = [];
  stop = t.events.subscribe((event) => heard.push(event));
});
afterEach(() => stop());

async function chat() {
  const farmer = await t.make.loginAs('farmer');
  const owner = await t.make.loginAs('store');
  const conv = await t.make.conversation(farmer.user.id, owner.store!);
  return { farmer, owner, conv };
}

const post = (auth: { Authorization: string }, path: string, body: Record<string, unknown>) =>
  request(t.app).post(`/api/${path}`).set(auth).send(body);

describe('events after commit', () => {
  it('message/create publishes message:new to the conversation, both participants and the admin — once per client_id', async () => {
    const { farmer, owner, conv } = await chat();
    const res = await post(farmer.auth, 'message/create', {
      conversation_id: conv.id,
      message: 'مرحبا',
      client_id: 'e-1',
    });
    expect(res.status).toBe(200);
    expect(heard).toEqual([
      {
        event: 'message:new',
        rooms: [`conversation:${conv.id}`, `user:${farmer.user.id}`, `user:${owner.user.id}`, 'admin'],
        payload: { message: res.body.data },
      },
    ]);
    // the retry of the same write answers the first message and publishes nothing new
    const again = await post(farmer.auth, 'message/create', {
      conversation_id: conv.id,
      message: 'مرحبا',
      client_id: 'e-1',
    });
    expect(again.body.data.id).toBe(res.body.data.id);
    expect(heard).toHaveLength(1);
  });

  it('a refused write publishes nothing', async () => {
    const { farmer, owner, conv } = await chat();
    const spoofed = await post(farmer.auth, 'message/create', {
      conversation_id: conv.id,
      user_id: owner.user.id,
      message: 'x',
    });
    expect(spoofed.status).toBe(403);
    const stranger = await t.make.loginAs('farmer');
    const outside = await post(stranger.auth, 'message/create', { conversation_id: conv.id, message: 'x' });
    expect(outside.status).toBe(403);
    expect(heard).toEqual([]);
  });

  it('message/delete publishes message:deleted to the same rooms, once', async () => {
    const { farmer, owner, conv } = await chat();
    const sent = await post(farmer.auth, 'message/create', { conversation_id: conv.id, message: 'خطأ' });
    heard = [];
    const del = await post(farmer.auth, `message/delete/${sent.body.data.id}`, {});
    expect(del.status).toBe(200);
    expect(heard).toEqual([
      {
        event: 'message:deleted',
        rooms: [`conversation:${conv.id}`, `user:${farmer.user.id}`, `user:${owner.user.id}`, 'admin'],
        payload: { conversation_id: conv.id, message_id: sent.body.data.id },
      },
    ]);
    const twice = await post(farmer.auth, `message/delete/${sent.body.data.id}`, {});
    expect(twice.status).toBe(200);
    expect(heard).toHaveLength(1);
  });

  it('conversation/update publishes conversation:read with the reader’s pointers when they move', async () => {
    const { farmer, owner, conv } = await chat();
    const sent = await post(farmer.auth, 'message/create', { conversation_id: conv.id, message: 'هل وصل؟' });
    heard = [];
    const id = sent.body.data.id;
    const res = await post(owner.auth, `conversation/update/${conv.id}`, { last_read_message_id: id });
    expect(res.status).toBe(200);
    expect(heard).toEqual([
      {
        event: 'conversation:read',
        rooms: [`conversation:${conv.id}`],
        payload: {
          conversation_id: conv.id,
          user_id: owner.user.id,
          last_read_message_id: id,
          last_delivered_message_id: id,
        },
      },
    ]);
    // the same mark again moves nothing: nothing to publish
    await post(owner.auth, `conversation/update/${conv.id}`, { last_read_message_id: id });
    expect(heard).toHaveLength(1);
  });

  it('conversation/get publishes conversation:read when it marks messages delivered', async () => {
    const { farmer, owner, conv } = await chat();
    const sent = await post(farmer.auth, 'message/create', { conversation_id: conv.id, message: 'صباح الخير' });
    heard = [];
    const res = await request(t.app).get(`/api/conversation/get/${conv.id}`).set(owner.auth);
    expect(res.status).toBe(200);
    expect(heard).toEqual([
      {
        event: 'conversation:read',
        rooms: [`conversation:${conv.id}`],
        payload: {
          conversation_id: conv.id,
          user_id: owner.user.id,
          last_read_message_id: 0,
          last_delivered_message_id: sent.body.data.id,
        },
      },
    ]);
    await request(t.app).get(`/api/conversation/get/${conv.id}`).set(owner.auth);
    // the admin reading marks nothing
    const admin = await t.make.loginAs('admin');
    await request(t.app).get(`/api/conversation/get/${conv.id}`).set(admin.auth);
    expect(heard).toHaveLength(1);
  });

  it('order/create publishes order:new to the store and the admin, once per client_id; order/update order:status', async () => {
    const owner = await t.make.loginAs('store');
    const store = owner.store!;
    const seeds = await t.make.product(store.id, { price_cents: 1250 });
    const farmer = await t.make.loginAs('farmer');
    const body = {
      store_id: store.id,
      total: '12.50',
      items: [{ product_id: seeds.id, quantity: 1 }],
      client_id: 'o-1',
      delivery: { province: 1, address: 'حمص، الوعر', phone: '0944000111' },
    };
    const created = await post(farmer.auth, 'order/create', body);
    expect(created.status).toBe(200);
    // the order card in the buyer's conversation is a message:new of its own (CONTRACT.md §8, inbox-orders.test.ts)
    const orderEvents = () => heard.filter((e) => e.event.startsWith('order:'));
    expect(orderEvents()).toEqual([
      { event: 'order:new', rooms: [`store:${store.id}`, 'admin'], payload: { order: created.body.data } },
    ]);
    const replay = await post(farmer.auth, 'order/create', body);
    expect(replay.body.data.id).toBe(created.body.data.id);
    expect(heard).toHaveLength(2);

    heard = [];
    const updated = await post(owner.auth, `order/update/${created.body.data.id}`, { status: 1 });
    expect(updated.status).toBe(200);
    expect(orderEvents()).toEqual([
      {
        event: 'order:status',
        rooms: [`user:${farmer.user.id}`, `store:${store.id}`, 'admin'],
        payload: { order: updated.body.data },
      },
    ]);
    expect(heard).toHaveLength(2);
    // someone else's order: 403 and nothing published
    const other = await t.make.loginAs('store');
    expect((await post(other.auth, `order/update/${created.body.data.id}`, { status: 2, reason: 'x' })).status).toBe(
      403,
    );
    expect(heard).toHaveLength(2);
  });
});
