/**
 * The event bus over a real Redis (events/bus.ts): a publish resolves once Redis has taken the event —
 * so a write's answer, which waits for it, never goes out before every relay could hear the event — and
 * a Redis that does not answer (here a redis-server stopped with SIGSTOP) delays it by PUBLISH_WAIT_MS
 * at most, never failing it.
 */
import { API_EVENTS_CHANNEL, type ApiEvent } from '@agrivet/shared';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis } from '../../scripts/lib/redis.mjs';
import type { RedisClient } from '../src/auth/redis-link';
import { createEventBus, PUBLISH_WAIT_MS } from '../src/events/bus';

let redis: Awaited<ReturnType<typeof startRedis>>;
let publisher: RedisClient;
let subscriber: ReturnType<typeof createClient>;
const heard: ApiEvent[] = [];

beforeAll(async () => {
  redis = await startRedis();
  // the API's client type (auth/redis-link.ts): the same options
  publisher = createClient({ url: redis.url, disableOfflineQueue: true }) as unknown as RedisClient;
  subscriber = createClient({ url: redis.url });
  await Promise.all([publisher.connect(), subscriber.connect()]);
  await subscriber.subscribe(API_EVENTS_CHANNEL, (text) => heard.push(JSON.parse(text)));
});
afterAll(async () => {
  await Promise.allSettled([publisher.quit(), subscriber.quit()]);
  await redis.stop();
});

const event = (n: number): ApiEvent => ({
  event: 'report:new',
  rooms: ['admin'],
  payload: { report: { id: n } as never },
});

/** The redis-server's pid, as it reports it. */
async function redisPid(): Promise<number> {
  const pid = Number(/process_id:(\d+)/.exec(await publisher.info('server'))?.[1]);
  expect(pid).toBeGreaterThan(0);
  return pid;
}

describe('the event bus over Redis', () => {
  it('a publish resolves once Redis took the event: the relays’ channel has it, in order', async () => {
    const bus = createEventBus(publisher);
    const local: ApiEvent[] = [];
    bus.subscribe((e) => local.push(e));
    for (let n = 1; n <= 20; n++) await bus.publish(event(n));
    expect(local).toHaveLength(20); // this process's listeners hear it at once
    await expect.poll(() => heard.length).toBe(20);
    expect(heard.map((e) => (e.payload as { report: { id: number } }).report.id)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('a Redis that does not answer delays the answer by at most PUBLISH_WAIT_MS, and fails nothing', async () => {
    const bus = createEventBus(publisher);
    const pid = await redisPid();
    process.kill(pid, 'SIGSTOP');
    try {
      const started = performance.now();
      await expect(bus.publish(event(99))).resolves.toBeUndefined();
      const waited = performance.now() - started;
      expect(waited).toBeGreaterThanOrEqual(PUBLISH_WAIT_MS - 5);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    // the event still went out once Redis came back
    await expect.poll(() => heard.some((e) => (e.payload as { report: { id: number } }).report.id === 99)).toBe(true);
  });

  it('without Redis (one process), a publish resolves at once', async () => {
    const bus = createEventBus();
    const local: ApiEvent[] = [];
    bus.subscribe((e) => local.push(e));
    await bus.publish(event(1));
    expect(local).toHaveLength(1);
  });
});
