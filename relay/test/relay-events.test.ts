/**
 * Events come from the API (CONTRACT.md §8): writes made over REST — no socket involved — reach the
 * other participant's open socket live, each exactly once, and a retried client_id pushes nothing
 * new. "Exactly once" is checked without waiting for time: after each write a marker write follows,
 * and once the marker's push arrived (the relay delivers in order) the counts are final.
 * Also the relay's own limits: a spoofed user_id, the socket cap and the handshake cap.
 */
import {
  type ConversationReadPush,
  type Message,
  type MessageDeletedPush,
  type Order,
  type Product,
  SOCKET_RATE_LIMITED,
  SOCKET_REPLACED,
} from '@agrivet/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, connect, Recorder, type TestSocket, until } from './helpers/sockets';
import {
  type Account,
  apiGet,
  apiPost,
  conversationWith,
  DELIVERY,
  DEMO,
  login,
  type RunningApi,
  type RunningRelay,
  registerFarmer,
  startApi,
  startRelay,
} from './helpers/stack';

let api: RunningApi;
let relay: RunningRelay;
let farmer: Account;
let pharmacy: Account;
let conversationId: number;
let product: Product;
const sockets: TestSocket[] = [];
const relays: RunningRelay[] = [];

async function open(account: Account, on = relay): Promise<{ socket: TestSocket; pushes: Recorder }> {
  const socket = await connect(on.url, account.token);
  sockets.push(socket);
  return { socket, pushes: new Recorder(socket) };
}

beforeAll(async () => {
  api = await startApi({ RATE_LIMITS: 'off' });
  relay = await startRelay(api.apiUrl);
  [farmer, pharmacy] = await Promise.all([login(api.apiUrl, DEMO.farmer), login(api.apiUrl, DEMO.pharmacy)]);
  conversationId = (await conversationWith(api.apiUrl, farmer, pharmacy)).id;
  const products = await apiGet<{ data: Product[] }>(
    api.apiUrl,
    `product/getAll?store_id=${pharmacy.user.store!.id}`,
    farmer.token,
  );
  product = products.data[0];
});

afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});

afterAll(async () => {
  for (const r of relays) await r.close();
  await relay?.close();
  await api?.close();
});

let markers = 0;
/** A marker message from the farmer over REST; resolves once `at` got its push (everything before it is in). */
async function marker(at: Recorder): Promise<void> {
  const text = `marker ${++markers}`;
  await apiPost(api.apiUrl, 'message/create', { conversation_id: conversationId, message: text }, farmer.token);
  await until(() => at.of<{ message: Message }>('message:new').some((p) => p.message.message === text), 5_000, text);
}

describe('writes over REST reach the other side live, once', () => {
  it('a message (not again for its retried client_id), its delete and a read mark', async () => {
    const store = await open(pharmacy); // not joined: reached through its user room
    const farmerTab = await open(farmer);
    await call(farmerTab.socket, 'conversation:join', { conversation_id: conversationId });

    const body = { conversation_id: conversationId, message: 'عبر REST', client_id: 'rest-1' };
    const sent = await apiPost<Message>(api.apiUrl, 'message/create', body, farmer.token);
    const again = await apiPost<Message>(api.apiUrl, 'message/create', body, farmer.token); // a retry
    expect(again.id).toBe(sent.id);
    await marker(store.pushes);
    const mine = (r: Recorder) => r.of<{ message: Message }>('message:new').filter((p) => p.message.id === sent.id);
    expect(mine(store.pushes)).toEqual([{ message: sent }]);
    await until(() => mine(farmerTab.pushes).length > 0, 5_000, 'the sender’s own tab');

    const read = await apiPost(
      api.apiUrl,
      `conversation/update/${conversationId}`,
      { last_read_message_id: sent.id },
      pharmacy.token,
    );
    expect(read).toMatchObject({ receiver_last_read_id: sent.id });
    await until(() => farmerTab.pushes.of('conversation:read').length > 0, 5_000, 'conversation:read');

    await apiPost(api.apiUrl, `message/delete/${sent.id}`, {}, farmer.token);
    await apiPost(api.apiUrl, `message/delete/${sent.id}`, {}, farmer.token); // changes nothing more
    await marker(store.pushes);
    await marker(farmerTab.pushes);
    const deleted: MessageDeletedPush = { conversation_id: conversationId, message_id: sent.id };
    expect(store.pushes.of('message:deleted')).toEqual([deleted]);
    expect(farmerTab.pushes.of('message:deleted')).toEqual([deleted]);
    expect(farmerTab.pushes.of<ConversationReadPush>('conversation:read')).toEqual([
      {
        conversation_id: conversationId,
        user_id: pharmacy.user.id,
        last_read_message_id: sent.id,
        last_delivered_message_id: sent.id,
      },
    ]);
    // the store's socket never joined the conversation's room: receipts are for the room
    expect(store.pushes.of('conversation:read')).toEqual([]);
  });

  it('a new order (once for its client_id) reaches the store, its status change the buyer', async () => {
    const buyer = await open(farmer);
    const store = await open(pharmacy);
    const body = {
      store_id: product.store_id,
      total: product.price,
      items: [{ product_id: product.id, quantity: 1 }],
      delivery: DELIVERY,
      client_id: 'rest-order-1',
    };
    const order = await apiPost<Order>(api.apiUrl, 'order/create', body, farmer.token);
    expect((await apiPost<Order>(api.apiUrl, 'order/create', body, farmer.token)).id).toBe(order.id);
    const changed = await apiPost<Order>(api.apiUrl, `order/update/${order.id}`, { status: 1 }, pharmacy.token);
    await until(() => buyer.pushes.of('order:status').length > 0, 5_000, 'order:status at the buyer');
    await marker(store.pushes);
    await marker(buyer.pushes);
    expect(store.pushes.of('order:new')).toEqual([{ order }]);
    expect(buyer.pushes.of('order:status')).toEqual([{ order: changed }]);
    expect(store.pushes.of('order:status')).toEqual([{ order: changed }]);
    expect(buyer.pushes.of('order:new')).toEqual([]);
  });
});

describe('the relay forwards and refuses like REST', () => {
  it('message:send and order:create with someone else’s user_id: 403 forbidden, nothing stored or pushed', async () => {
    const sender = await open(farmer);
    const store = await open(pharmacy);
    const spoofed = await call(sender.socket, 'message:send', {
      conversation_id: conversationId,
      user_id: pharmacy.user.id,
      message: 'باسم غيري',
      client_id: 'spoof-1',
    });
    expect(spoofed).toMatchObject({ status: 403, error: { code: 'forbidden' } });
    const order = await call(sender.socket, 'order:create', {
      user_id: pharmacy.user.id,
      store_id: product.store_id,
      total: product.price,
      items: [{ product_id: product.id, quantity: 1 }],
      delivery: DELIVERY,
      client_id: 'spoof-order-1',
    });
    expect(order).toMatchObject({ status: 403, error: { code: 'forbidden' } });
    // the caller's own id is fine
    const own = await call<Message>(sender.socket, 'message:send', {
      conversation_id: conversationId,
      user_id: farmer.user.id,
      message: 'باسمي',
      client_id: 'own-1',
    });
    expect(own.status).toBe(200);
    await until(() => store.pushes.of('message:new').length > 0, 5_000, 'the own message');
    expect(store.pushes.of<{ message: Message }>('message:new').map((p) => p.message.message)).toEqual(['باسمي']);
    expect(store.pushes.of('order:new')).toEqual([]);
  });
});

describe('limits', () => {
  it('a connection beyond the per-account cap closes the oldest, which is told why and not reconnected', async () => {
    const capped = await startRelay(api.apiUrl, { relay: { maxSocketsPerUser: 2 } });
    relays.push(capped);
    const account = await registerFarmer(api.apiUrl);
    const first = await open(account, capped);
    const replaced = new Promise<string>((resolve) => first.socket.once('disconnect', resolve));
    const second = await open(account, capped);
    const other = await open(farmer, capped); // another account counts on its own
    const third = await open(account, capped);
    expect(await replaced).toBe('io server disconnect');
    expect(first.pushes.of(SOCKET_REPLACED)).toEqual([{ reason: SOCKET_REPLACED, limit: 2 }]);
    expect(second.socket.connected && third.socket.connected && other.socket.connected).toBe(true);
    expect((await call(third.socket, 'conversation:leave', { conversation_id: 1 })).status).toBe(200);
  });

  it('an address that failed too many handshakes is refused at once, even with a good token', async () => {
    const guarded = await startRelay(api.apiUrl, { relay: { handshakeFailureLimit: { points: 3, duration: 60 } } });
    relays.push(guarded);
    const good = await open(farmer, guarded); // a success counts nothing
    expect(good.socket.connected).toBe(true);
    for (const token of ['bad-1', 'bad-2', undefined]) {
      await expect(connect(guarded.url, token)).rejects.toThrow('unauthorized');
    }
    await expect(connect(guarded.url, farmer.token)).rejects.toThrow(SOCKET_RATE_LIMITED);
    await expect(connect(guarded.url, 'bad-3')).rejects.toThrow(SOCKET_RATE_LIMITED);
    // the default relay (its own counters) still lets this address in
    expect((await open(farmer)).socket.connected).toBe(true);
  });
});
