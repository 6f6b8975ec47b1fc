/**
 * The API's Redis connection (REDIS_URL, optional): rate-limit counters shared by every API instance
 * (http/rate-limit.ts) and the channel that tells every relay instance which sessions ended
 * (auth/session-ends.ts). Commands never wait in an offline queue: while Redis is unreachable they
 * fail at once and the callers fall back (per-instance counters; the relays' periodic re-check).
 */
import type { Logger } from 'pino';
import { createClient } from 'redis';

const makeClient = (url: string) =>
  createClient({
    url,
    disableOfflineQueue: true,
    socket: { reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 5_000) },
  });

export type RedisClient = ReturnType<typeof makeClient>;

export interface RedisLink {
  client: RedisClient;
  close(): Promise<void>;
}

/** How long the API's start waits for Redis before it serves with its fallbacks (ms). */
const START_WAIT_MS = 3_000;

export async function connectRedis(url: string, logger: Logger): Promise<RedisLink> {
  const client = makeClient(url);
  let lastError = 0;
  client.on('error', (err: unknown) => {
    // one line per 30 s while it is down, not one per reconnect attempt
    if (Date.now() - lastError > 30_000) logger.error({ err }, 'redis error (rate limits and session ends fall back)');
    lastError = Date.now();
  });
  const connecting = client.connect().catch(() => {});
  await Promise.race([connecting, new Promise((r) => setTimeout(r, START_WAIT_MS).unref())]);
  if (!client.isReady) logger.warn({ url }, 'redis not reachable yet: per-instance rate limits until it is');
  return {
    client,
    async close() {
      try {
        client.destroy();
      } catch {
        // already closed
      }
    },
  };
}
