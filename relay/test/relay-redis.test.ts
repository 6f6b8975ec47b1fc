/**
 * Two relay instances sharing rooms through a real redis-server (the scaled deployment): the API
 * publishes its events on Redis and each relay delivers them to its own sockets only.
 */
import type { Conversation, Message, Order, Product } from '@agrivet/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startRedis } from './helpers/processes';
import { call, connect, Recorder, sleep, type TestSocket, until } from './helpers/sockets';
import {
  type Account,
  apiPost,
  conversationWith,
  DELIVERY,
  DEMO,
  firstProduct,
  login,
  registerFarmer,
  type RunningApi,
  type RunningRelay,
  startApi,
  startRelay,
} from './helpers/stack';

let redis: Awaited<ReturnType<typeof startRedis>>;
let api: RunningApi;
let relayA: RunningRelay;
let relayB: RunningRelay;
let farmer: Account;
let pharmacy: Account;
let admin: Account;
let outsider: Account;
let conversation: Conversation;
let product: Product;
const sockets: TestSocket[] = [];

async function open(url: string, account: Account) {
  const socket = await connect(url, account.token);
  sockets.push(socket);
  return { socket, pushes: new Recorder(socket) };
}

beforeAll(async () => {
  redis = await startRedis();
  api = await startApi({ REDIS_URL: redis.url });
  relayA = await startRelay(api.apiUrl, { redisUrl: redis.url });
  relayB = await startRelay(api.apiUrl, { redisUrl: redis.url });
  [farmer, pharmacy, admin] = await Promise.all([
    login(api.apiUrl, DEMO.farmer),
    login(api.apiUrl, DEMO.pharmacy),
    login(api.apiUrl, DEMO.admin),
  ]);
  outsider = await registerFarmer(api.apiUrl);
  conversation = await conversationWith(api.apiUrl, farmer, pharmacy);
  product = await firstProduct(api.apiUrl, pharmacy, farmer.token);
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await relayA?.close();
  await relayB?.close();
  await api?.close();
  await redis?.stop();
});

it('a message sent through relay A reaches the store, the admin and typing on relay B — and nobody else', async () => {
  const sender = await open(relayA.url, farmer);
  const store = await open(relayB.url, pharmacy);
  const boss = await open(relayB.url, admin);
  const stranger = await open(relayB.url, outsider);
  await call(sender.socket, 'conversation:join', { conversation_id: conversation.id });
  await call(store.socket, 'conversation:join', { conversation_id: conversation.id });

  const ack = await call<Message>(sender.socket, 'message:send', {
    conversation_id: conversation.id,
    message: 'من الخادم الأول إلى الثاني',
    client_id: 'redis-1',
  });
  expect(ack.status).toBe(200);
  const message = 'data' in ack ? ack.data : undefined;
  for (const who of [store, boss]) {
    await until(() => who.pushes.of('message:new').length === 1, 5_000, 'message:new across relays');
    expect(who.pushes.of('message:new')[0]).toEqual({ message });
  }
  await call(sender.socket, 'typing', { conversation_id: conversation.id, typing: true });
  await until(() => store.pushes.of('typing').length === 1, 5_000, 'typing across relays');
  await sleep(200);
  expect(stranger.pushes.events).toEqual([]);
  expect(sender.pushes.of('typing')).toEqual([]);
});

it('an order status changed through relay B reaches the buyer on relay A', async () => {
  const buyer = await open(relayA.url, farmer);
  const store = await open(relayB.url, pharmacy);
  const stranger = await open(relayA.url, outsider);
  const created = await call<Order>(buyer.socket, 'order:create', {
    store_id: product.store_id,
    total: product.price,
    items: [{ product_id: product.id, quantity: 1 }],
    delivery: DELIVERY,
    client_id: 'redis-order-1',
  });
  expect(created.status).toBe(200);
  const order = 'data' in created ? created.data : undefined;
  await until(() => store.pushes.of('order:new').length === 1, 5_000, 'order:new across relays');

  const updated = await call<Order>(store.socket, 'order:update', {
    order_id: order!.id,
    status: 2,
    reason: 'نفدت الكمية',
  });
  expect(updated.status).toBe(200);
  await until(() => buyer.pushes.of('order:status').length === 1, 5_000, 'order:status across relays');
  expect(buyer.pushes.of<{ order: Order }>('order:status')[0].order).toMatchObject({ id: order!.id, status: 2 });
  await sleep(200);
  expect(stranger.pushes.events).toEqual([]);
});

it('a message written over REST reaches every socket of both participants on both relays exactly once', async () => {
  const farmerOnA = await open(relayA.url, farmer);
  const farmerOnB = await open(relayB.url, farmer);
  const storeOnA = await open(relayA.url, pharmacy);
  const storeOnB = await open(relayB.url, pharmacy);
  await call(storeOnB.socket, 'conversation:join', { conversation_id: conversation.id }); // in two of the rooms
  const everyone = [farmerOnA, farmerOnB, storeOnA, storeOnB];
  const sent = await apiPost<Message>(
    api.apiUrl,
    'message/create',
    { conversation_id: conversation.id, message: 'عبر REST إلى الخادمين', client_id: 'redis-rest-1' },
    farmer.token,
  );
  // a retry of the same write, then a marker: once the marker is in everywhere, the counts are final
  await apiPost(
    api.apiUrl,
    'message/create',
    { conversation_id: conversation.id, message: 'عبر REST إلى الخادمين', client_id: 'redis-rest-1' },
    farmer.token,
  );
  await apiPost(api.apiUrl, 'message/create', { conversation_id: conversation.id, message: 'marker' }, farmer.token);
  for (const who of everyone) {
    const texts = () => who.pushes.of<{ message: Message }>('message:new').map((p) => p.message.message);
    await until(() => texts().includes('marker'), 5_000, 'the marker on every socket');
    expect(who.pushes.of<{ message: Message }>('message:new').filter((p) => p.message.id === sent.id)).toEqual([
      { message: sent },
    ]);
  }
});
