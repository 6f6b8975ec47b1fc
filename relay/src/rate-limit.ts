/**
 * The relay's own rate limit: `typing` never reaches the API (every write does, and the API limits
 * those per user, http/rate-limit.ts), so the relay limits it per user with rate-limiter-flexible — in
 * memory, or in Redis shared by every relay instance when REDIS_URL is set (each instance falls back to
 * its own memory counters while Redis is unreachable). 20 typing events in 10 seconds: a person typing
 * in several chats sends one every second or two (start, refresh, stop).
 */
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RedisLink } from './redis';

export interface LimitRule {
  points: number;
  /** seconds */
  duration: number;
}

export const TYPING_LIMIT: LimitRule = { points: 20, duration: 10 };

export interface EventLimiter {
  /** Counts one event for `key`: null when allowed, else the seconds until the next one may pass. */
  take(key: string): Promise<number | null>;
}

export function createEventLimiter(name: string, rule: LimitRule, redis?: RedisLink): EventLimiter {
  const keyPrefix = `agrivet:relay:${name}`;
  const memory = new RateLimiterMemory({ ...rule, keyPrefix });
  const limiter: RateLimiterAbstract = redis
    ? new RateLimiterRedis({
        ...rule,
        keyPrefix,
        storeClient: redis.client,
        useRedisPackage: true,
        rejectIfRedisNotReady: true,
        insuranceLimiter: memory,
      })
    : memory;
  return {
    async take(key) {
      try {
        await limiter.consume(key);
        return null;
      } catch (err) {
        // a store failure without an answer from the fallback lets the event through
        return err instanceof RateLimiterRes ? Math.max(1, Math.ceil(err.msBeforeNext / 1000)) : null;
      }
    },
  };
}
