/**
 * Sessions the API ends reach every relay at once (CONTRACT.md §7, issue 15): the API and two relays
 * on a real redis-server, the relays' periodic re-check left at its 5 minutes, so only the session-end
 * channel can be what disconnects. Logout, a password change, an admin disabling an account and a
 * token expiring each close the right sockets on both relays within a second, and a logged-out socket
 * gets no push. Redis also shares the counters: the typing limit across relays, the API's limits
 * across API instances.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Conversation, Message } from '@agrivet/shared';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { attachRelay, type Relay } from '../src/index';
import { startRedis } from './helpers/processes';
import { call, connect, Recorder, sleep, type TestSocket } from './helpers/sockets';
import {
  type Account,
  apiPost,
  conversationWith,
  DEMO,
  login,
  registerFarmer,
  type RunningApi,
  startApi,
} from './helpers/stack';

let redis: Awaited<ReturnType<typeof startRedis>>;
let api: RunningApi;
const closers: (() => Promise<void>)[] = [];
let relayA: string;
let relayB: string;
let pharmacy: Account;
let admin: Account;
const sockets: TestSocket[] = [];

async function startRelay(options: { typingLimit?: { points: number; duration: number } } = {}) {
  const server = createServer();
  const relay: Relay = attachRelay(server, {
    apiUrl: api.apiUrl,
    redisUrl: redis.url,
    logger: pino({ level: 'silent' }),
    ...options,
  });
  await relay.ready;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(async () => {
    await relay.close();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

interface Open {
  socket: TestSocket;
  pushes: Recorder;
  /** When it was disconnected by the server (ms since epoch). */
  ended: Promise<number>;
}

async function open(url: string, account: Account): Promise<Open> {
  const socket = await connect(url, account.token);
  sockets.push(socket);
  const ended = new Promise<number>((resolve) =>
    socket.once('disconnect', (reason) => {
      if (reason === 'io server disconnect') resolve(Date.now());
    }),
  );
  return { socket, pushes: new Recorder(socket), ended };
}

/** Resolves with the ms it took, or rejects after `ms`. */
async function within(ended: Promise<number>, since: number, ms: number, what: string): Promise<number> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`${what}: still connected after ${ms} ms`)), ms),
  );
  return (await Promise.race([ended, timeout])) - since;
}

beforeAll(async () => {
  redis = await startRedis();
  api = await startApi({ REDIS_URL: redis.url });
  relayA = await startRelay();
  relayB = await startRelay();
  [pharmacy, admin] = await Promise.all([login(api.apiUrl, DEMO.pharmacy), login(api.apiUrl, DEMO.admin)]);
});

afterAll(async () => {
  for (const s of sockets) s.close();
  for (const close of closers) await close();
  await api?.close();
  await redis?.stop();
});

it('logout: that token’s sockets on both relays close within a second and get no push; the other device stays', async () => {
  const farmer = await registerFarmer(api.apiUrl);
  const laptop = await login(api.apiUrl, { phone: farmer.user.phone, password: 'farmer1234' });
  const conversation: Conversation = await conversationWith(api.apiUrl, farmer, pharmacy);
  const phoneA = await open(relayA, farmer);
  const phoneB = await open(relayB, farmer);
  const laptopB = await open(relayB, laptop);
  const store = await open(relayA, pharmacy);

  const t0 = Date.now();
  await apiPost(api.apiUrl, 'auth/logout', {}, farmer.token);
  expect(await within(phoneA.ended, t0, 1000, 'relay A')).toBeLessThan(1000);
  expect(await within(phoneB.ended, t0, 1000, 'relay B')).toBeLessThan(1000);

  const sent = await call<Message>(store.socket, 'message:send', {
    conversation_id: conversation.id,
    message: 'بعد تسجيل الخروج',
    client_id: `after-logout-${Date.now()}`,
  });
  expect(sent.status).toBe(200);
  await sleep(300);
  expect(laptopB.socket.connected).toBe(true);
  expect(laptopB.pushes.of('message:new')).toHaveLength(1);
  expect(phoneA.pushes.of('message:new')).toEqual([]);
  expect(phoneB.pushes.of('message:new')).toEqual([]);
  expect(phoneA.socket.connected || phoneB.socket.connected).toBe(false);
});

it('a password change: every other session closes on both relays within a second; the changing one stays', async () => {
  const farmer = await registerFarmer(api.apiUrl);
  const other = await login(api.apiUrl, { phone: farmer.user.phone, password: 'farmer1234' });
  const mine = await open(relayA, farmer);
  const otherA = await open(relayA, other);
  const otherB = await open(relayB, other);
  const t0 = Date.now();
  await apiPost(
    api.apiUrl,
    'auth/change-password',
    { current_password: 'farmer1234', password: 'new-pass-1', password_confirmation: 'new-pass-1' },
    farmer.token,
  );
  expect(await within(otherA.ended, t0, 1000, 'relay A')).toBeLessThan(1000);
  expect(await within(otherB.ended, t0, 1000, 'relay B')).toBeLessThan(1000);
  await sleep(200);
  expect(mine.socket.connected).toBe(true);
});

it('the admin disables an account: its sockets on both relays close within a second', async () => {
  const store = await login(api.apiUrl, DEMO.vet);
  const onA = await open(relayA, store);
  const onB = await open(relayB, store);
  const bystander = await open(relayB, pharmacy);
  const t0 = Date.now();
  await apiPost(api.apiUrl, `user/update/${store.user.id}`, { status: 1 }, admin.token);
  expect(await within(onA.ended, t0, 1000, 'relay A')).toBeLessThan(1000);
  expect(await within(onB.ended, t0, 1000, 'relay B')).toBeLessThan(1000);
  expect(bystander.socket.connected).toBe(true);
  await apiPost(api.apiUrl, `user/update/${store.user.id}`, { status: 0 }, admin.token);
});

it('the admin blocks an account (user/block): its sockets on both relays close within a second, its token is refused, it cannot sign in', async () => {
  const farmer = await registerFarmer(api.apiUrl);
  const onA = await open(relayA, farmer);
  const onB = await open(relayB, farmer);
  const bystander = await open(relayA, pharmacy);
  const t0 = Date.now();
  await apiPost(api.apiUrl, `user/block/${farmer.user.id}`, { blocked: true, reason: 'رسائل مسيئة' }, admin.token);
  expect(await within(onA.ended, t0, 1000, 'relay A')).toBeLessThan(1000);
  expect(await within(onB.ended, t0, 1000, 'relay B')).toBeLessThan(1000);
  expect(bystander.socket.connected).toBe(true);
  const withToken = await fetch(`${api.apiUrl}/auth/user`, { headers: { Authorization: `Bearer ${farmer.token}` } });
  expect(withToken.status).toBe(401);
  const again = await fetch(`${api.apiUrl}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ phone: farmer.user.phone, password: 'farmer1234' }),
  });
  expect(again.status).toBe(403);
  expect(((await again.json()) as { error: { code: string } }).error.code).toBe('blocked');
});

it('an expiring token: its socket closes within a second of the expiry', async () => {
  const farmer = await registerFarmer(api.apiUrl);
  // issued 180 days ago less 1.5 s: it expires 1.5 s from now (the absolute lifetime)
  const { default: Database } = await import('better-sqlite3');
  const { createHash } = await import('node:crypto');
  const db = new Database(api.dbFile);
  const expiresAt = Date.now() + 1500;
  db.prepare('update auth_tokens set created_at = ? where token_hash = ?').run(
    new Date(expiresAt - 180 * 24 * 3600 * 1000).toISOString(),
    createHash('sha256').update(farmer.token).digest('hex'),
  );
  db.close();
  const socket = await open(relayB, farmer);
  const late = (await within(socket.ended, expiresAt, 3000, 'expired token')) as number;
  expect(late).toBeGreaterThanOrEqual(0);
  expect(late).toBeLessThan(1000);
});

it('the typing limit is shared by the relays through Redis', async () => {
  const limited = { points: 3, duration: 30 };
  const urlA = await startRelay({ typingLimit: limited });
  const urlB = await startRelay({ typingLimit: limited });
  const farmer = await registerFarmer(api.apiUrl);
  const conversation = await conversationWith(api.apiUrl, farmer, pharmacy);
  const a = await open(urlA, farmer);
  const b = await open(urlB, farmer);
  for (const s of [a, b]) await call(s.socket, 'conversation:join', { conversation_id: conversation.id });
  const statuses: number[] = [];
  for (const s of [a, b, a, b]) {
    statuses.push((await call(s.socket, 'typing', { conversation_id: conversation.id, typing: true })).status);
  }
  expect(statuses).toEqual([200, 200, 200, 429]);
});

it("the API's limits are shared by API instances through Redis", async () => {
  const env = { REDIS_URL: redis.url, TRUST_PROXY: 'true' };
  const second = await startApi(env);
  closers.push(() => second.close());
  const first = await startApi(env);
  closers.push(() => first.close());
  const forget = (base: string, phone: string) =>
    fetch(`${base}/auth/forget-password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.77' },
      body: JSON.stringify({ phone }),
    });
  const phone = `0977${String(Date.now()).slice(-6)}`;
  // 3 requests per phone an hour, counted together by both instances
  const statuses = [];
  for (const base of [first.apiUrl, second.apiUrl, first.apiUrl, second.apiUrl]) {
    statuses.push((await forget(base, phone)).status);
  }
  expect(statuses).toEqual([200, 200, 200, 429]);
});
