/**
 * A store's `open_now` follows the clock, while the browse answers (http/browse.ts) are kept per
 * table version. `hoursStamp` names the current opening-hours period of the whole site: the last
 * open or close time (minute of the week, Asia/Damascus) of any store that has passed. It changes
 * exactly when some store opens or closes, so a kept store page or list is never served with a
 * stale `open_now`; without hours anywhere it never changes. The boundaries are read again only
 * when the stores version moves.
 * The stores' chat activity (last_active_at, reply_minutes) lives in store_activity, apart from the
 * versioned stores table; a visitor's kept copy shows it at most 5 minutes late (storeStamp).
 */
import { hoursBoundaries, parseHours, storeLocalTime } from '@agrivet/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { readTableVersions } from '../queries/counts';

const cached = new WeakMap<object, { version: number; boundaries: number[] }>();

async function boundaries(db: Kysely<Database>): Promise<number[]> {
  const { stores: version } = await readTableVersions(db);
  const hit = cached.get(db);
  if (hit && hit.version === version) return hit.boundaries;
  const rows = await db
    .selectFrom('stores')
    .select('hours')
    .where('hours', 'is not', null)
    .where('hours', '<>', '[]')
    .execute();
  const set = new Set<number>();
  for (const r of rows) for (const b of hoursBoundaries(parseHours(r.hours))) set.add(b);
  const list = [...set].sort((a, b) => a - b);
  cached.set(db, { version, boundaries: list });
  return list;
}

/** A visitor's kept copy of a store shows its chat activity (last_active_at, reply_minutes) this late at most. */
export const ACTIVITY_STALE_MS = 5 * 60_000;

/**
 * The part of the browse key that follows the clock: the opening-hours period, and a 5-minute slot
 * for the stores' chat activity (store_activity has no version: it moves with every store reply).
 */
export async function storeStamp(db: Kysely<Database>, now: Date): Promise<string> {
  return `${await hoursStamp(db, now)}/${Math.floor(now.getTime() / ACTIVITY_STALE_MS)}`;
}

export async function hoursStamp(db: Kysely<Database>, now: Date): Promise<string> {
  const list = await boundaries(db);
  if (list.length === 0) return 'h';
  const { day, minute } = storeLocalTime(now);
  const at = day * 1440 + minute;
  let passed = list.length - 1; // before the week's first boundary: still the last one's period
  for (let i = 0; i < list.length; i++) if (list[i]! <= at) passed = i;
  return `h${list[passed]}`;
}
