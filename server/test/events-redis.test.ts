/**
 * `npm start` with REDIS_URL: its relay hears the API's events on Redis only (its own API's included),
 * never also in process, so each push arrives once.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Conversation, Message } from '@agrivet/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectSocket, login, startTestServer, type TestServer } from './helpers';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let redis: { url: string; stop(): Promise<void> };
let server: TestServer;

beforeAll(async () => {
  const lib = (await import(pathToFileURL(path.join(repoRoot, 'scripts/lib/redis.mjs')).href)) as {
    startRedis(): Promise<{ url: string; stop(): Promise<void> }>;
  };
  redis = await lib.startRedis();
  server = await startTestServer({ env: { REDIS_URL: redis.url } });
});

afterAll(async () => {
  await server?.close();
  await redis?.stop();
});

it('a message written over REST reaches the other participant’s socket once', async () => {
  const farmer = await login(server.url, '0944444444', 'farmer1234');
  const pharmacy = await login(server.url, '0911111111', 'store1234');
  const post = async <T>(p: string, body: unknown, token: string) => {
    const res = await fetch(`${server.url}/api/${p}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return ((await res.json()) as { data: T }).data;
  };
  const conversation = await post<Conversation>(
    'conversation/create',
    { sender_id: farmer.user.id, receiver_id: pharmacy.user.id, store_id: pharmacy.user.store?.id },
    farmer.token,
  );
  const store = await connectSocket(server.url, pharmacy.token);
  const texts: string[] = [];
  store.on('message:new', ({ message }) => texts.push(message.message ?? ''));
  await post<Message>('message/create', { conversation_id: conversation.id, message: 'مرة واحدة' }, farmer.token);
  // a marker after it: once the marker is in, a second copy of the first would be too
  const marker = new Promise((resolve) =>
    store.on('message:new', ({ message }) => message.message === 'علامة' && resolve(null)),
  );
  await post<Message>('message/create', { conversation_id: conversation.id, message: 'علامة' }, farmer.token);
  await marker;
  expect(texts).toEqual(['مرة واحدة', 'علامة']);
  store.close();
});
