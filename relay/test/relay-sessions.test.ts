/**
 * Sessions and room boundaries across two relays on a real redis-server: a 401 ends one device's
 * session only, a revoked token that never writes is still disconnected by the periodic re-check,
 * and pushes stay inside their rooms.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Conversation, Message, Order, Product } from '@agrivet/shared';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { attachRelay, type Relay } from '../src/index';
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
  type RunningApi,
  startApi,
} from './helpers/stack';

let redis: Awaited<ReturnType<typeof startRedis>>;
let api: RunningApi;
const relays: { url: string; close(): Promise<void> }[] = [];
let relayA: string;
let relayB: string;
let farmer: Account;
let pharmacy: Account;
let vet: Account;
let conversation: Conversation;
let product: Product;
const sockets: TestSocket[] = [];
const relayAt = new Map<string, Relay>();

async function startRelay(options: { redisUrl?: string; revalidateIntervalMs?: number }) {
  const server = createServer();
  const relay = attachRelay(server, {
    apiUrl: api.apiUrl,
    events: api.events,
    logger: pino({ level: 'silent' }),
    ...options,
  });
  await relay.ready;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  relayAt.set(url, relay);
  relays.push({
    url,
    async close() {
      await relay.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  });
  return url;
}

async function open(url: string, account: Account) {
  const socket = await connect(url, account.token);
  sockets.push(socket);
  const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
  return { socket, pushes: new Recorder(socket), disconnected };
}

beforeAll(async () => {
  redis = await startRedis();
  api = await startApi({ REDIS_URL: redis.url });
  relayA = await startRelay({ redisUrl: redis.url });
  relayB = await startRelay({ redisUrl: redis.url });
  [farmer, pharmacy, vet] = await Promise.all([
    login(api.apiUrl, DEMO.farmer),
    login(api.apiUrl, DEMO.pharmacy),
    login(api.apiUrl, DEMO.vet),
  ]);
  conversation = await conversationWith(api.apiUrl, farmer, pharmacy);
  product = await firstProduct(api.apiUrl, pharmacy, farmer.token);
});

afterAll(async () => {
  for (const s of sockets) s.close();
  for (const r of relays) await r.close();
  await api?.close();
  await redis?.stop();
});

it('a 401 on one device disconnects that session on both relays; the same user on another device stays connected', async () => {
  const phone = await login(api.apiUrl, DEMO.vet);
  const laptop = await login(api.apiUrl, DEMO.vet);
  expect(phone.token).not.toBe(laptop.token);
  const phoneA = await open(relayA, phone);
  const phoneB = await open(relayB, phone); // the same session in a second tab, on the other relay
  const laptopA = await open(relayA, laptop);
  const laptopB = await open(relayB, laptop);

  await apiPost(api.apiUrl, 'auth/logout', {}, phone.token);
  // the API announces the logout on Redis too: the socket may close before the forward's 401 comes back
  const res = await call(phoneA.socket, 'order:update', { order_id: 1, status: 1 }).catch(() => 'closed first');
  expect(typeof res === 'string' || res.status === 401).toBe(true);
  expect(await phoneA.disconnected).toBe('io server disconnect');
  expect(await phoneB.disconnected).toBe('io server disconnect');
  await sleep(200);
  expect(laptopA.socket.connected).toBe(true);
  expect(laptopB.socket.connected).toBe(true);
  expect((await call(laptopB.socket, 'conversation:join', { conversation_id: 999_999 })).status).not.toBe(401);
});

it('socket data other relays read through Redis carries the user and the token hash, never the token', async () => {
  const session = await login(api.apiUrl, DEMO.vet);
  const here = await open(relayA, session);
  const remote = await relayAt.get(relayB)!.io.in(`user:${session.user.id}`).fetchSockets();
  const theirs = remote.filter((s) => s.id === here.socket.id);
  expect(theirs).toHaveLength(1);
  expect(Object.keys(theirs[0].data).sort()).toEqual(['connectedAt', 'expiresAt', 'tokenHash', 'user']);
  expect(theirs[0].data.user.id).toBe(session.user.id);
  expect(JSON.stringify(theirs[0].data)).not.toContain(session.token);
  // and the socket still forwards with its own token
  expect((await call(here.socket, 'conversation:join', { conversation_id: 999_999 })).status).toBe(404);
});

it('a revoked token that only listens is disconnected by the periodic re-check and gets no further pushes', async () => {
  const url = await startRelay({ revalidateIntervalMs: 300 });
  const session = await login(api.apiUrl, DEMO.pharmacy);
  const listener = await open(url, session);
  const other = await open(url, pharmacy); // the same user's other session stays
  const sender = await open(url, farmer);
  await call(listener.socket, 'conversation:join', { conversation_id: conversation.id });

  const before = await call<Message>(sender.socket, 'message:send', {
    conversation_id: conversation.id,
    message: 'قبل تسجيل الخروج',
    client_id: 'revalidate-1',
  });
  expect(before.status).toBe(200);
  await until(() => listener.pushes.of('message:new').length === 1, 5_000, 'the first push');

  await apiPost(api.apiUrl, 'auth/logout', {}, session.token);
  expect(await listener.disconnected).toBe('io server disconnect');
  const after = await call<Message>(sender.socket, 'message:send', {
    conversation_id: conversation.id,
    message: 'بعد تسجيل الخروج',
    client_id: 'revalidate-2',
  });
  expect(after.status).toBe(200);
  await until(() => other.pushes.of('message:new').length === 2, 5_000, 'the other session');
  expect(listener.pushes.of('message:new')).toHaveLength(1);
  expect(other.socket.connected).toBe(true);
  expect(sender.socket.connected).toBe(true);
  await expect(connect(url, session.token)).rejects.toThrow('unauthorized');
});

it('order:new reaches its store on the other relay, not another store account on either relay', async () => {
  const buyer = await open(relayA, farmer);
  const store = await open(relayB, pharmacy);
  const otherStore = await open(relayB, vet);
  const otherStoreHere = await open(relayA, vet);
  const created = await call<Order>(buyer.socket, 'order:create', {
    store_id: pharmacy.user.store!.id,
    total: ((product.price_cents * 2) / 100).toFixed(2),
    items: [{ product_id: product.id, quantity: 2 }],
    delivery: DELIVERY,
    client_id: 'sessions-order-1',
  });
  expect(created.status).toBe(200);
  const order = (created as { data: Order }).data;
  await until(() => store.pushes.of<{ order: Order }>('order:new').some((p) => p.order.id === order.id));
  await sleep(300);
  expect(otherStore.pushes.of('order:new')).toEqual([]);
  expect(otherStoreHere.pushes.of('order:new')).toEqual([]);
  expect(buyer.pushes.of('order:new')).toEqual([]);
});

it('an order:create with a wrong total is refused and pushes nothing', async () => {
  const buyer = await open(relayA, farmer);
  const store = await open(relayB, pharmacy);
  const storeHere = await open(relayA, pharmacy);
  const refused = await call(buyer.socket, 'order:create', {
    store_id: pharmacy.user.store!.id,
    total: ((product.price_cents * 2 + 100) / 100).toFixed(2),
    items: [{ product_id: product.id, quantity: 2 }],
    delivery: DELIVERY,
    client_id: 'sessions-order-wrong-total',
  });
  expect(refused.status).toBe(422);
  await sleep(300);
  for (const who of [buyer, store, storeHere]) expect(who.pushes.events).toEqual([]);
});
