/**
 * Login rate limit kept in the database (works across several API instances): at most
 * LIMITS.loginFailuresPerPhone failures per phone and IP_FAILURES per IP within LIMITS.loginWindowMs.
 */
import { LIMITS } from '@agrivet/shared';
import type { Kysely } from 'kysely';
import { nowIso, toCount } from '../db/time';
import type { Database } from '../db/types';

export const IP_FAILURES = 50;

const windowStart = () => new Date(Date.now() - LIMITS.loginWindowMs).toISOString();

export async function isLoginBlocked(db: Kysely<Database>, phone: string, ip: string): Promise<boolean> {
  const since = windowStart();
  const [byPhone, byIp] = await Promise.all([
    db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('phone', '=', phone)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('ip', '=', ip)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow(),
  ]);
  return toCount(byPhone.n as number) >= LIMITS.loginFailuresPerPhone || toCount(byIp.n as number) >= IP_FAILURES;
}

export async function recordLoginFailure(db: Kysely<Database>, phone: string, ip: string): Promise<void> {
  await db.insertInto('login_failures').values({ phone, ip, created_at: nowIso() }).execute();
  // Keep the table small: forget failures older than the window.
  await db.deleteFrom('login_failures').where('created_at', '<', windowStart()).execute();
}

export async function clearLoginFailures(db: Kysely<Database>, phone: string): Promise<void> {
  await db.deleteFrom('login_failures').where('phone', '=', phone).execute();
}
