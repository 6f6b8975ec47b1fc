/**
 * Login rate limit kept in the database (works across several API instances): at most
 * LIMITS.loginFailuresPerPhone failed attempts per phone and IP_FAILURES per IP within
 * LIMITS.loginWindowMs.
 *
 * Check and record are one step, so parallel guesses cannot all pass the check before any of them
 * is recorded: `beginLoginAttempt` first records the attempt as a failure, then counts the attempts
 * up to and including it (by id, i.e. in insertion order). Over the limit → the row is removed again
 * and the attempt refused (429, `Retry-After` when the oldest counted failure leaves the window); otherwise the caller checks the password and, on success, calls
 * `clearLoginFailures` (a wrong password simply leaves the row in place). On PostgreSQL the insert
 * and the count run in one transaction under a table lock, so ids are committed in order even with
 * several API instances on one database; SQLite serialises writes by itself.
 */
import { LIMITS } from '@agrivet/shared';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/create-db';
import { nowIso, toCount, toIso } from '../db/time';
import type { Database } from '../db/types';

export const IP_FAILURES = 50;

const windowStart = () => new Date(Date.now() - LIMITS.loginWindowMs).toISOString();

/** Whether an attempt may go ahead; when not, the seconds until the oldest counted failure ages out. */
export type LoginAttempt = { ok: true } | { ok: false; retryAfterSeconds: number };

async function recordAndCount(db: Kysely<Database>, phone: string, ip: string): Promise<LoginAttempt> {
  const since = windowStart();
  const { id } = await db
    .insertInto('login_failures')
    .values({ phone, ip, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const failures = (column: 'phone' | 'ip', value: string) =>
    db
      .selectFrom('login_failures')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.min('created_at').as('oldest')])
      .where(column, '=', value)
      .where('created_at', '>', since)
      .where('id', '<=', id)
      .executeTakeFirstOrThrow();
  const byPhone = await failures('phone', phone);
  const byIp = await failures('ip', ip);
  const over = [
    toCount(byPhone.n as number) > LIMITS.loginFailuresPerPhone ? byPhone : null,
    toCount(byIp.n as number) > IP_FAILURES ? byIp : null,
  ].filter((f) => f !== null);
  if (over.length > 0) {
    // a refused attempt is not a failure: the window still ends LIMITS.loginWindowMs after the last one
    await db.deleteFrom('login_failures').where('id', '=', id).execute();
    // one more attempt is allowed once the oldest failure counted against each exceeded limit ages out
    const until = Math.max(
      ...over.map((f) => Date.parse(toIso(f.oldest as string | Date)) + LIMITS.loginWindowMs - Date.now()),
    );
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(until / 1000)) };
  }
  // Keep the table small: forget failures older than the window.
  await db.deleteFrom('login_failures').where('created_at', '<', since).execute();
  return { ok: true };
}

/**
 * Records one login (or current-password) attempt for `phone` from `ip` as a failure and tells
 * whether it may go ahead (not ok: over the limit, answer 429 with `Retry-After`). Call
 * `clearLoginFailures` on success.
 */
export async function beginLoginAttempt(
  db: Kysely<Database>,
  dialect: Dialect,
  phone: string,
  ip: string,
): Promise<LoginAttempt> {
  if (dialect !== 'postgres') return recordAndCount(db, phone, ip);
  return db.transaction().execute(async (trx) => {
    // SHARE ROW EXCLUSIVE conflicts with itself: attempts are recorded one after another
    await sql`lock table login_failures in share row exclusive mode`.execute(trx);
    return recordAndCount(trx, phone, ip);
  });
}

export async function clearLoginFailures(db: Kysely<Database>, phone: string): Promise<void> {
  await db.deleteFrom('login_failures').where('phone', '=', phone).execute();
}
