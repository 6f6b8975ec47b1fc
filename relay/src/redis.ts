/**
 * REDIS_URL set: the Redis pub/sub adapter, so several relay instances share rooms; the same
 * connection counts the typing limit (rate-limit.ts), and a third one listens for the sessions the API
 * ended (sessions.ts).
 */
import { createAdapter } from '@socket.io/redis-adapter';
import type { Logger } from 'pino';
import { createClient } from 'redis';
import type { RelayServer } from './types';

const makeClient = (url: string) => createClient({ url });

export interface RedisLink {
  ready: Promise<void>;
  /** A command connection (the adapter's publisher), e.g. for rate-limit counters. */
  client: ReturnType<typeof makeClient>;
  /** Subscribes to a plain pub/sub channel on a connection of its own; resolves once subscribed. */
  subscribe(channel: string, listener: (message: string) => void): Promise<void>;
  /** Whether both pub/sub clients are connected now (false while connecting or reconnecting). */
  state(): { ready: boolean; reason?: string };
  close(): Promise<void>;
}

export function useRedisAdapter(io: RelayServer, url: string, logger: Logger): RedisLink {
  const pub = makeClient(url);
  const sub = pub.duplicate();
  const listener = pub.duplicate();
  for (const [name, client] of [
    ['pub', pub],
    ['sub', sub],
    ['listener', listener],
  ] as const) {
    client.on('error', (err: unknown) => logger.error({ err, client: name }, 'redis error'));
  }
  // Commands wait in the clients' offline queue until they connect, so the adapter can be set now.
  io.adapter(createAdapter(pub, sub));
  const ready = Promise.all([pub.connect(), sub.connect(), listener.connect()]).then(() =>
    logger.info({ url }, 'redis adapter ready'),
  );
  ready.catch(() => {});
  return {
    ready,
    client: pub,
    async subscribe(channel, onMessage) {
      await listener.subscribe(channel, (message: string) => onMessage(message));
    },
    state() {
      const down = [pub.isReady ? '' : 'pub', sub.isReady ? '' : 'sub'].filter(Boolean);
      return down.length === 0 ? { ready: true } : { ready: false, reason: `${down.join(' and ')} not connected` };
    },
    async close() {
      await Promise.allSettled([pub.close(), sub.close(), listener.close()]);
    },
  };
}
