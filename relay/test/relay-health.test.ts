/** GET /health reports the Redis adapter: 503 with a reason while its pub/sub clients are down. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, expect, it } from 'vitest';
import { serveHttp } from '../src/health';
import { attachRelay, type Relay } from '../src/index';
import { startRedis } from './helpers/processes';
import { sleep } from './helpers/sockets';

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

async function start(redisUrl?: string): Promise<{ url: string; relay: Relay }> {
  let relay: Relay | undefined;
  const server = createServer((req, res) => serveHttp(relay!, req, res));
  // Nothing is forwarded in these tests: the API address is never called.
  relay = attachRelay(server, { apiUrl: 'http://127.0.0.1:9/api', redisUrl, logger: pino({ level: 'silent' }) });
  await relay.ready;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(async () => {
    await Promise.race([relay!.close(), new Promise((r) => setTimeout(r, 3_000))]);
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/health`, relay };
}

async function health(url: string) {
  const res = await fetch(url);
  return { code: res.status, body: (await res.json()) as Record<string, unknown> };
}

it('without Redis: 200; any other path is a 404 envelope', async () => {
  const { url } = await start();
  const other = await fetch(url.replace(/\/health$/, '/nope'));
  expect(other.status).toBe(404);
  expect(await other.json()).toEqual({ status: 404, error: { code: 'not_found', message: 'المسار غير موجود' } });
  expect(await health(url)).toEqual({
    code: 200,
    body: { status: 200, data: { relay: 'ok', redis: 'off', sockets: 0 } },
  });
});

it('with Redis: 200 while it is up, 503 with a reason once it is gone', async () => {
  const redis = await startRedis();
  cleanup.push(() => redis.stop());
  const { url } = await start(redis.url);
  expect(await health(url)).toEqual({
    code: 200,
    body: { status: 200, data: { relay: 'ok', redis: 'ready', sockets: 0 } },
  });
  await redis.stop();
  let down = await health(url);
  for (const end = Date.now() + 5_000; down.code !== 503 && Date.now() < end; down = await health(url)) {
    await sleep(50);
  }
  expect(down.code).toBe(503);
  expect(down.body).toEqual({
    status: 503,
    error: { code: 'internal', message: expect.stringMatching(/^redis adapter not ready: /) },
  });
});
