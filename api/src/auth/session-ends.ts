/**
 * Tells the relays which sessions the API ended, so their sockets close within a second instead of
 * at the next periodic re-check (docs/relay.md "Ending sessions"): listeners in this process (the
 * relay of `npm start`, server/src/start.ts) hear it at once, and with REDIS_URL every relay
 * instance hears it on SESSION_ENDS_CHANNEL. A publish never fails the request that ended the
 * session: with Redis unreachable the relays' periodic re-check still disconnects those sockets.
 */
import { SESSION_ENDS_CHANNEL, type SessionEnd } from '@agrivet/shared';
import type { Logger } from 'pino';
import type { RedisClient } from './redis-link';

export interface SessionEnds {
  publish(end: SessionEnd): void;
  /** Hears every session end this API publishes; returns the unsubscribe function. */
  subscribe(listener: (end: SessionEnd) => void): () => void;
}

export function createSessionEnds(redis?: RedisClient, logger?: Logger): SessionEnds {
  const listeners = new Set<(end: SessionEnd) => void>();
  return {
    publish(end) {
      for (const listener of listeners) {
        try {
          listener(end);
        } catch (err) {
          logger?.error({ err }, 'session end listener failed');
        }
      }
      if (!redis) return;
      redis.publish(SESSION_ENDS_CHANNEL, JSON.stringify(end)).catch((err: unknown) => {
        logger?.warn({ err, user: end.user_id }, 'session end not published (the relays re-check periodically)');
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
