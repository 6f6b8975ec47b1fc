/**
 * The real thing for relay tests: the REST API (createApi) on a fresh SQLite file with the demo
 * data, and relays attached to their own HTTP servers, all on free 127.0.0.1 ports.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type Config, createApi, loadConfig } from '@agrivet/api';
import type { ApiEvent, AuthPayload, Conversation, Product, User } from '@agrivet/shared';
import { pino } from 'pino';
import { attachRelay, type Relay, type RelayOptions } from '../../src/index';

const silent = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

export interface RunningApi {
  url: string;
  apiUrl: string;
  /** Its SQLite file (a test may age a token in it). */
  dbFile: string;
  /** Its event bus (api/src/events/bus.ts): a relay without Redis listens to it. */
  events: EventSource;
  close(): Promise<void>;
}

type EventSource = { subscribe(listener: (event: ApiEvent) => void): () => void };

/**
 * The bus of each API started here, by its apiUrl: startRelay(apiUrl) finds it as `npm start` wires
 * it — behind a gate, so a test can lose the events of one write (withoutEvents).
 */
const busOf = new Map<string, EventSource & { open: boolean }>();
/** The API's events in this process (for a relay reaching that API another way, e.g. through a proxy). */
export const apiEvents = (api: RunningApi) => busOf.get(api.apiUrl);

/**
 * Runs `write` while the in-process relays of `api` hear none of its events: the write is stored
 * but nobody is told (as if the event were lost), for tests of the clients' re-sync.
 */
export async function withoutEvents<T>(api: RunningApi, write: () => Promise<T>): Promise<T> {
  const bus = busOf.get(api.apiUrl);
  if (!bus) throw new Error('withoutEvents: no in-process bus for this API');
  bus.open = false;
  try {
    return await write();
  } finally {
    bus.open = true;
  }
}

function listen(server: Server, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/**
 * `env`: more settings, e.g. REDIS_URL (rate limits and session ends shared through Redis);
 * `overrides`: configuration beyond the environment, e.g. small `rateLimits`.
 */
export async function startApi(env: Record<string, string> = {}, overrides: Partial<Config> = {}): Promise<RunningApi> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agrivet-relay-test-'));
  const config = loadConfig({
    DATABASE_URL: `sqlite:${path.join(dir, 'test.db')}`,
    STORAGE_DIR: path.join(dir, 'storage'),
    LOG_LEVEL: 'silent',
    PORT: '0',
    PASSWORD_COST: '1024', // the tests create many accounts: a cheap scrypt cost (the product's: 16384)
    ...env,
  });
  const api = await createApi({ ...config, ...overrides }, { logger: silent });
  const server = createServer(api.handler);
  const port = await listen(server);
  const url = `http://127.0.0.1:${port}`;
  const gated = {
    open: true,
    subscribe: (listener: (event: ApiEvent) => void) => api.events.subscribe((e) => gated.open && listener(e)),
  };
  busOf.set(`${url}/api`, gated);
  return {
    url,
    apiUrl: `${url}/api`,
    dbFile: path.join(dir, 'test.db'),
    events: api.events,
    async close() {
      busOf.delete(`${url}/api`);
      await closeServer(server);
      await api.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface RunningRelay {
  url: string;
  port: number;
  relay: Relay;
  close(): Promise<void>;
}

/**
 * A relay for the API at `apiUrl`: with `redisUrl` it hears the API's events on Redis (start that API
 * with REDIS_URL too), else on the API's bus in this process. `relay` passes further RelayOptions.
 */
export async function startRelay(
  apiUrl: string,
  options: { redisUrl?: string; port?: number; relay?: Partial<RelayOptions> } = {},
) {
  const server = createServer();
  const relay = attachRelay(server, {
    apiUrl,
    redisUrl: options.redisUrl,
    events: busOf.get(apiUrl),
    logger: silent,
    ...options.relay,
  });
  await relay.ready;
  const port = await listen(server, options.port);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    relay,
    async close() {
      await relay.close();
      await closeServer(server);
    },
  } satisfies RunningRelay;
}

export interface Account {
  token: string;
  user: User;
}

async function post<T>(apiUrl: string, p: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${apiUrl}/${p}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { status: number; data: T; error?: { message: string } };
  if (json.status !== 200) throw new Error(`${p} → ${json.status} ${json.error?.message}`);
  return json.data;
}

export async function apiGet<T>(apiUrl: string, p: string, token: string): Promise<T> {
  const res = await fetch(`${apiUrl}/${p}`, { headers: { Authorization: `Bearer ${token}` } });
  const json = (await res.json()) as { status: number; data: T; error?: { message: string } };
  if (json.status !== 200) throw new Error(`${p} → ${json.status} ${json.error?.message}`);
  return json.data;
}

export const apiPost = post;

/** Where an order goes (CONTRACT.md §7: order/create requires it). */
export const DELIVERY = { province: 1, address: 'دمشق - المزة، بناء 4', phone: '0944444444' };

/** Demo accounts of CONTRACT.md §2. */
export const DEMO = {
  farmer: { phone: '0944444444', password: 'farmer1234' },
  pharmacy: { phone: '0911111111', password: 'store1234' },
  vet: { phone: '0922222222', password: 'store1234' },
  admin: { phone: '0900000000', password: 'admin1234' },
} as const;

export async function login(apiUrl: string, who: { phone: string; password: string }): Promise<Account> {
  const data = await post<AuthPayload>(apiUrl, 'auth/login', who);
  return { token: data.token, user: data.user };
}

let registered = 0;
/** A brand-new farmer account (nobody's conversation partner). */
export async function registerFarmer(apiUrl: string): Promise<Account> {
  const phone = `0955${String(process.pid % 1000).padStart(3, '0')}${String(++registered).padStart(3, '0')}`;
  const data = await post<AuthPayload>(apiUrl, 'auth/register', {
    phone,
    name: 'مزارع جديد',
    type: 2,
    password: 'farmer1234',
    password_confirmation: 'farmer1234',
  });
  return { token: data.token, user: data.user };
}

/** The buyer's conversation with a store account's store (conversation/create is idempotent). */
export function conversationWith(apiUrl: string, buyer: Account, store: Account): Promise<Conversation> {
  return post<Conversation>(
    apiUrl,
    'conversation/create',
    { sender_id: buyer.user.id, receiver_id: store.user.id, store_id: store.user.store!.id },
    buyer.token,
  );
}

/** The first product of a store account's store. */
export async function firstProduct(apiUrl: string, store: Account, token: string): Promise<Product> {
  const page = await apiGet<{ data: Product[] }>(apiUrl, `product/getAll?store_id=${store.user.store!.id}`, token);
  return page.data[0];
}
