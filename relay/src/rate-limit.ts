/**
 * The relay's own rate limits, with rate-limiter-flexible — in memory, or in Redis shared by every
 * relay instance when REDIS_URL is set (each instance falls back to its own memory counters while
 * Redis is unreachable):
 *  - `typing` never reaches the API (every write does, and the API limits those per user,
 *    http/rate-limit.ts), so the relay limits it per user. 20 typing events in 10 seconds: a person
 *    typing in several chats sends one every second or two (start, refresh, stop).
 *  - Failed handshakes (a missing, malformed or refused token) per client address: past 30 in a
 *    minute that address's handshakes are refused at once (`connect_error` 'rate_limited') without
 *    asking the API, until the minute has passed.
 */
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RedisLink } from './redis';

export interface LimitRule {
  points: number;
  /** seconds */
  duration: number;
}

export const TYPING_LIMIT: LimitRule = { points: 20, duration: 10 };
export const HANDSHAKE_FAILURE_LIMIT: LimitRule = { points: 30, duration: 60 };

export interface EventLimiter {
  /** Counts one event for `key`: null when allowed, else the seconds until the next one may pass. */
  take(key: string): Promise<number | null>;
}

function createLimiter(name: string, rule: LimitRule, redis?: RedisLink): RateLimiterAbstract {
  const keyPrefix = `agrivet:relay:${name}`;
  const memory = new RateLimiterMemory({ ...rule, keyPrefix });
  return redis
    ? new RateLimiterRedis({
        ...rule,
        keyPrefix,
        storeClient: redis.client,
        useRedisPackage: true,
        rejectIfRedisNotReady: true,
        insuranceLimiter: memory,
      })
    : memory;
}

export interface FailureLimiter {
  /** Whether `key` used up its failures for now. */
  blocked(key: string): Promise<boolean>;
  /** Counts one failure for `key`. */
  fail(key: string): Promise<void>;
}

export function createFailureLimiter(name: string, rule: LimitRule, redis?: RedisLink): FailureLimiter {
  const limiter = createLimiter(name, rule, redis);
  return {
    async blocked(key) {
      try {
        const res = await limiter.get(key);
        return res !== null && res.consumedPoints >= rule.points;
      } catch {
        return false; // the store unreachable: let the handshake be checked by the API
      }
    },
    async fail(key) {
      await limiter.penalty(key, 1).catch(() => {});
    },
  };
}

export function createEventLimiter(name: string, rule: LimitRule, redis?: RedisLink): EventLimiter {
  const limiter = createLimiter(name, rule, redis);
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
