/**
 * Login throttling without lock-out by strangers (OWASP's device-cookie scheme, CONTRACT.md §7
 * "Login"), counted by rate-limiter-flexible (http/rate-limit.ts: memory, or Redis shared by every
 * API instance when REDIS_URL is set):
 *   - an attempt with a valid device cookie for that account counts against that device only
 *     (10 failures in 15 minutes), so failures from elsewhere never lock the owner's browser out;
 *   - an attempt without one counts against the account (10 failures in 15 minutes for browsers
 *     without its cookie) and against the client address (50 in 15 minutes);
 *   - every failure counts against the account's hourly total (at most 100 an hour, ASVS 2.2.1),
 *     which strangers alone cannot exhaust (the account limit lets through 40-odd an hour).
 * The attempt is counted as a failure BEFORE the password is checked, so parallel guesses cannot all
 * pass the check; a refused attempt (429, `Retry-After`) gives back what it counted, and a success
 * clears its device's (or its account's) failures and gives back its own count.
 */
import type { LimitName, RateLimits } from '../http/rate-limit';
import { isRefusal } from '../http/rate-limit';
import { tooManyRequests } from '../http/errors';

export interface LoginAttemptInput {
  /** The phone the attempt is for (the account's key, whether or not it exists). */
  phone: string;
  /** The client's address (req.ip behind the trusted proxies). */
  ip: string;
  /** The device id of a valid device cookie given to this account, or null (auth/device-cookie.ts). */
  device: string | null;
}

export interface LoginAttempt {
  /** The password was right: forget this path's failures and give back this attempt's count. */
  succeeded(): Promise<void>;
}

/**
 * Counts one login (or current-password) attempt as a failure; over a limit → throws 429
 * `rate_limited` with `Retry-After` (when the earliest refusing window ends).
 */
export async function beginLoginAttempt(limits: RateLimits, input: LoginAttemptInput): Promise<LoginAttempt> {
  const counters: [LimitName, string][] = input.device
    ? [
        ['loginDevice', input.device],
        ['loginAccountHour', input.phone],
      ]
    : [
        ['loginAccount', input.phone],
        ['loginAddress', input.ip],
        ['loginAccountHour', input.phone],
      ];
  const results = await Promise.allSettled(counters.map(([name, key]) => limits.limiter(name).consume(key)));
  const refusals = results.flatMap((r) => (r.status === 'rejected' && isRefusal(r.reason) ? [r.reason] : []));
  if (refusals.length > 0) {
    // a refused attempt is not a failure: give back what the other counters took
    await Promise.allSettled(
      counters.map(([name, key], i) =>
        results[i].status === 'fulfilled' ? limits.limiter(name).reward(key) : undefined,
      ),
    );
    throw tooManyRequests(Math.max(...refusals.map((r) => r.msBeforeNext)) / 1000, 'tooManyAttempts');
  }
  // (a counter store that failed without its memory fallback lets the attempt through)
  return {
    async succeeded() {
      await Promise.allSettled(
        input.device
          ? [limits.limiter('loginDevice').delete(input.device), limits.limiter('loginAccountHour').reward(input.phone)]
          : [
              limits.limiter('loginAccount').delete(input.phone),
              limits.limiter('loginAddress').reward(input.ip),
              limits.limiter('loginAccountHour').reward(input.phone),
            ],
      );
    },
  };
}
