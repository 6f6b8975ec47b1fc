/**
 * Domain events after commit (CONTRACT.md §8 "Live events come from the API"): a service calls
 * `ctx.events.publish(event)` once its transaction has committed — never inside it, so nobody hears
 * of a write that rolled back — and every relay delivers the event to its own sockets in
 * `event.rooms`. Listeners in this process (the relay of `npm start`) hear it at once; with
 * REDIS_URL every relay instance hears it on API_EVENTS_CHANNEL. A publish never fails the request:
 * with Redis unreachable the clients' re-sync on reconnect still brings the change.
 */
import { API_EVENTS_CHANNEL, type ApiEvent } from '@agrivet/shared';
import type { Logger } from 'pino';
import type { RedisClient } from '../auth/redis-link';

export interface EventBus {
  publish(event: ApiEvent): void;
  /** Hears every event this API publishes; returns the unsubscribe function. */
  subscribe(listener: (event: ApiEvent) => void): () => void;
}

export function createEventBus(redis?: RedisClient, logger?: Logger): EventBus {
  const listeners = new Set<(event: ApiEvent) => void>();
  return {
    publish(event) {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (err) {
          logger?.error({ err, event: event.event }, 'event listener failed');
        }
      }
      if (!redis) return;
      redis.publish(API_EVENTS_CHANNEL, JSON.stringify(event)).catch((err: unknown) => {
        logger?.warn({ err, event: event.event }, 'event not published on redis (clients re-sync on reconnect)');
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
