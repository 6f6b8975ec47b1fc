/** REDIS_URL set: the Redis pub/sub adapter, so several relay instances share rooms. */
import { createAdapter } from '@socket.io/redis-adapter';
import type { Logger } from 'pino';
import { createClient } from 'redis';
import type { RelayServer } from './types';

export interface RedisLink {
  ready: Promise<void>;
  /** Whether both pub/sub clients are connected now (false while connecting or reconnecting). */
  state(): { ready: boolean; reason?: string };
  close(): Promise<void>;
}

export function useRedisAdapter(io: RelayServer, url: string, logger: Logger): RedisLink {
  const pub = createClient({ url });
  const sub = pub.duplicate();
  for (const [name, client] of [
    ['pub', pub],
    ['sub', sub],
  ] as const) {
    client.on('error', (err: unknown) => logger.error({ err, client: name }, 'redis error'));
  }
  // Commands wait in the clients' offline queue until they connect, so the adapter can be set now.
  io.adapter(createAdapter(pub, sub));
  const ready = Promise.all([pub.connect(), sub.connect()]).then(() => logger.info({ url }, 'redis adapter ready'));
  ready.catch(() => {});
  return {
    ready,
    state() {
      const down = [pub.isReady ? '' : 'pub', sub.isReady ? '' : 'sub'].filter(Boolean);
      return down.length === 0 ? { ready: true } : { ready: false, reason: `${down.join(' and ')} not connected` };
    },
    async close() {
      await Promise.allSettled([pub.close(), sub.close()]);
    },
  };
}
