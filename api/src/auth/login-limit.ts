/**
 * Login rate limit kept in the database (works across several API instances): at most
 * LIMITS.loginFailuresPerPhone failed attempts per phone and IP_FAILURES per IP within
 * LIMITS.loginWindowMs.
 *
 * Check and record are one step, so parallel guesses cannot all pass the check before any of them
 * is recorded: `beginLoginAttempt` first records the attempt as a failure, then counts the attempts
 * up to and including it (by id, i.e. in insertion order). Over the limit → the row is removed again
 * and the attempt refused (429); otherwise the caller checks the password and, on success, calls
 * `clearLoginFailures` (a wrong password simply leaves the row in place). On PostgreSQL the insert
 * and the count run in one transaction under a table lock, so ids are committed in order even with
 * several API instances on one database; SQLite serialises writes by itself.
 */
import { LIMITS } from '@agrivet/shared';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/create-db';
import { nowIso, toCount } from '../db/time';
import type { Database } from '../db/types';

export const IP_FAILURES = 50;

const windowStart = () => new Date(Date.now() - LIMITS.loginWindowMs).toISOString();

async function recordAndCount(db: Kysely<Database>, phone: string, ip: string): Promise<boolean> {
  const since = windowStart();
  const { id } = await db
    .insertInto('login_failures')
    .values({ phone, ip, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const count = (column: 'phone' | 'ip', value: string) =>
    db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll().as('n'))
      .where(column, '=', value)
      .where('created_at', '>', since)
      .where('id', '<=', id)
      .executeTakeFirstOrThrow();
  const byPhone = toCount((await count('phone', phone)).n as number);
  const byIp = toCount((await count('ip', ip)).n as number);
  if (byPhone > LIMITS.loginFailuresPerPhone || byIp > IP_FAILURES) {
    // a refused attempt is not a failure: the window still ends LIMITS.loginWindowMs after the last one
    await db.deleteFrom('login_failures').where('id', '=', id).execute();
    return false;
  }
  // Keep the table small: forget failures older than the window.
  await db.deleteFrom('login_failures').where('created_at', '<', since).execute();
  return true;
}

/**
 * Records one login (or current-password) attempt for `phone` from `ip` as a failure and tells
 * whether it may go ahead (false: over the limit, answer 429). Call `clearLoginFailures` on success.
 */
export async function beginLoginAttempt(
  db: Kysely<Database>,
  dialect: Dialect,
  phone: string,
  ip: string,
): Promise<boolean> {
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
