/**
 * Rate limits on every write (rate-limiter-flexible): in memory, or in Redis when REDIS_URL is set
 * (then every API instance counts together; while Redis is unreachable each instance falls back to
 * its own memory counters). A refusal is 429 `rate_limited` with `Retry-After` and an Arabic message.
 * The numbers are chosen so that a real person never meets them (docs/api.md "Rate limits"):
 *
 *   per user     message/create 120 a minute · POST upload 60 in 10 minutes, and 500 files or 500 MB a day
 *                order/create 30 an hour · conversation/create 120 an hour · any other write 600 a minute
 *   per address  auth/register 20 attempts an hour (refused ones too) · auth/forget-password 10 an hour
 *   per phone    auth/forget-password 3 an hour
 *   login        auth/login-limit.ts (device cookie, account, address)
 *
 * Typing is limited by the relay (it never reaches the API). Tests pass smaller numbers through
 * `Config.rateLimits`.
 */
import { LIMITS } from '@agrivet/shared';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RedisClient } from '../auth/redis-link';
import type { ApiMessageKey } from '@agrivet/shared';
import { tooManyRequests } from './errors';

export interface LimitRule {
  /** Events allowed … */
  points: number;
  /** … per this many seconds (a fixed window from the first event). */
  duration: number;
}

export const DEFAULT_RATE_LIMITS = {
  /** message/create per user (a farmer typing fast, a store answering 30 chats, an outbox replayed). */
  message: { points: 120, duration: 60 },
  /** POST upload per user (photos and voice notes). */
  upload: { points: 60, duration: 600 },
  /**
   * POST upload per user and day, in files and in bytes received (docs/decisions.md "Upload quota"): a busy
   * store answering 100 chats a day with a photo (≤ 1600 px, a few hundred KB) and a voice note (≤ 5 min,
   * ~1 MB) in each sends ~200 files and ~100 MB; without it the 10-minute limit alone let one account store
   * ~15 GB a day.
   */
  uploadDay: { points: 500, duration: 86_400 },
  uploadBytesDay: { points: 500 * 1024 * 1024, duration: 86_400 },
  /** order/create per user. */
  order: { points: 30, duration: 3600 },
  /** conversation/create per user (idempotent: opening a store's chat again calls it again). */
  conversation: { points: 120, duration: 3600 },
  /** Every other write (POST) of a signed-in user. */
  write: { points: 600, duration: 60 },
  /** Sign-up attempts per client address: valid ones, whether they create an account or meet a taken phone (409). */
  register: { points: 20, duration: 3600 },
  /** Password-reset requests per client address … */
  forgetPasswordAddress: { points: 10, duration: 3600 },
  /** … and per phone number. */
  forgetPasswordPhone: { points: 3, duration: 3600 },
  /** Failed logins per device cookie (CONTRACT.md §7 "Login"). */
  loginDevice: { points: LIMITS.loginFailuresPerPhone, duration: LIMITS.loginWindowMs / 1000 },
  /** Failed logins per account from browsers without a device cookie for it. */
  loginAccount: { points: LIMITS.loginFailuresPerPhone, duration: LIMITS.loginWindowMs / 1000 },
  /** Failed logins per client address without a device cookie. */
  loginAddress: { points: 50, duration: LIMITS.loginWindowMs / 1000 },
  /** Every failed login of an account in an hour, with or without a device cookie (ASVS 2.2.1). */
  loginAccountHour: { points: 100, duration: 3600 },
} as const satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof DEFAULT_RATE_LIMITS;
export type RateLimitRules = Partial<Record<LimitName, LimitRule>>;

/** A refusal of rate-limiter-flexible: the counter is over (its Error when the store itself failed). */
export const isRefusal = (value: unknown): value is RateLimiterRes => value instanceof RateLimiterRes;

export interface RateLimits {
  readonly rules: Record<LimitName, LimitRule>;
  limiter(name: LimitName): RateLimiterAbstract;
  /**
   * Counts `points` events for `key`; over the limit → throws 429 `rate_limited` with Retry-After (and
   * the message `message`, default «طلبات كثيرة …»).
   */
  consume(name: LimitName, key: string, points?: number, message?: ApiMessageKey): Promise<void>;
}

export interface RateLimitOptions {
  redis?: RedisClient;
  rules?: RateLimitRules;
  logger?: Logger;
}

export function createRateLimits({ redis, rules = {}, logger }: RateLimitOptions = {}): RateLimits {
  const merged = { ...DEFAULT_RATE_LIMITS, ...rules } as Record<LimitName, LimitRule>;
  const limiters = new Map<LimitName, RateLimiterAbstract>();
  for (const [name, rule] of Object.entries(merged) as [LimitName, LimitRule][]) {
    const keyPrefix = `agrivet:rl:${name}`;
    const memory = new RateLimiterMemory({ ...rule, keyPrefix });
    limiters.set(
      name,
      redis
        ? new RateLimiterRedis({
            ...rule,
            keyPrefix,
            storeClient: redis,
            useRedisPackage: true,
            rejectIfRedisNotReady: true,
            // Redis unreachable: this instance counts alone until it is back
            insuranceLimiter: memory,
          })
        : memory,
    );
  }
  const limiter = (name: LimitName) => limiters.get(name) as RateLimiterAbstract;
  return {
    rules: merged,
    limiter,
    async consume(name, key, points = 1, message = 'tooManyRequests') {
      try {
        await limiter(name).consume(key, points);
      } catch (err) {
        if (isRefusal(err)) throw tooManyRequests(err.msBeforeNext / 1000, message);
        // the store failed without an insurance answer: never refuse a person because of it
        logger?.error({ err, limit: name }, 'rate limit store failed; request allowed');
      }
    },
  };
}

/** Writes limited per user beside the general `write` limit, by lower-cased path under /api. */
const WRITE_LIMITS: Record<string, LimitName> = {
  '/message/create': 'message',
  '/upload': 'upload',
  '/order/create': 'order',
  '/conversation/create': 'conversation',
};

/**
 * Mounted after the token lookup and before the routes: every POST of a signed-in caller counts
 * against the caller's limit for that write (WRITE_LIMITS) or the general `write` one. Callers
 * without a valid token pass (the route answers 401; sign-up and login have their own limits).
 */
export function limitWrites(limits: RateLimits): RequestHandler {
  return async (req, _res, next) => {
    if (req.method !== 'POST' || !req.user) return next();
    const path = req.path.toLowerCase().replace(/\/+$/, '');
    await limits.consume(WRITE_LIMITS[path] ?? 'write', String(req.user.id));
    next();
  };
}
