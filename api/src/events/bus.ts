/**
 * Domain events after commit (CONTRACT.md §8 "Live events come from the API"): a service calls
 * `ctx.events.publish(event)` once its transaction has committed — never inside it, so nobody hears
 * of a write that rolled back — and every relay delivers the event to its own sockets in
 * `event.rooms`. Listeners in this process (the relay of `npm start`) hear it at once; with
 * REDIS_URL every relay instance hears it on API_EVENTS_CHANNEL.
 *
 * The write's answer waits for its event (`await ctx.events.publish(…)` before answering): Redis has
 * taken the PUBLISH — and so handed it to every relay subscribed — before the client hears "stored".
 * Without the wait, the answer went out first (the Redis client writes its commands at the next turn
 * of the event loop), and an API killed in between left a message stored and acknowledged that a store
 * connected throughout never heard live (seen in the scale tests' fault round). The wait is bounded
 * (PUBLISH_WAIT_MS) and a publish never fails the request: with Redis unreachable or slow, the clients'
 * re-sync on reconnect still brings the change.
 */
import { API_EVENTS_CHANNEL, type ApiEvent } from '@agrivet/shared';
import type { Logger } from 'pino';
import type { RedisClient } from '../auth/redis-link';

/** How long a write's answer waits for Redis to take its event (ms); then it answers anyway. */
export const PUBLISH_WAIT_MS = 250;

export interface EventBus {
  /** Resolves once Redis took the event (at once without Redis; after PUBLISH_WAIT_MS at most); never rejects. */
  publish(event: ApiEvent): Promise<void>;
  /** Hears every event this API publishes; returns the unsubscribe function. */
  subscribe(listener: (event: ApiEvent) => void): () => void;
}

const done = Promise.resolve();

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
      if (!redis) return done;
      let timer: NodeJS.Timeout | undefined;
      const sent = redis.publish(API_EVENTS_CHANNEL, JSON.stringify(event)).then(
        () => {},
        (err: unknown) => {
          logger?.warn({ err, event: event.event }, 'event not published on redis (clients re-sync on reconnect)');
        },
      );
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          logger?.warn({ event: event.event }, `redis took no event in ${PUBLISH_WAIT_MS} ms: answering without it`);
          resolve();
        }, PUBLISH_WAIT_MS);
        timer.unref();
      });
      return Promise.race([sent, late]).finally(() => clearTimeout(timer));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
