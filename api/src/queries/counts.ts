/**
 * Exact totals for paged lists without counting on every request, and the page read from the
 * nearer end of the list.
 *
 * - table_stats (migration 005) holds each counted table's row count, kept exact by triggers: an
 *   unfiltered total is one primary-key read.
 * - A filtered count (product/getAll's filters, a search's hits) is computed once and kept in this
 *   process with the table's version at the time; it is reused only while the version has not
 *   moved (every insert, update and delete moves it, in any process). The version is read before
 *   counting, so a count that saw a later write is stored under an older version and never served
 *   once that write is visible.
 * - `pageWindow`: OFFSET costs one step per skipped row, so a page in the second half of a list
 *   (newest first) is read in ascending id order from the other end, with the offset counted from
 *   there — the last page of 100,000 products skips nothing.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { CountedTable } from '../db/migrations/005-table-stats';
import type { Database } from '../db/types';

export interface TableStats {
  /** Exact number of rows. */
  rows: number;
  /** Moves on every insert, update and delete of the table. */
  version: number;
}

const statsQuery = (db: Kysely<Database>) =>
  db.selectFrom('table_stats').select(['table_name', 'row_count', 'version']).execute();

/** The tables with a change version in table_stats (migrations 005 and 008). */
export type VersionedTable = CountedTable | 'users';
const VERSIONED_TABLES: readonly VersionedTable[] = ['stores', 'products', 'posts', 'users'];

/** The change version of every versioned table (one query over a few rows): the browse ETags' input. */
export async function readTableVersions(db: Kysely<Database>): Promise<Record<VersionedTable, number>> {
  const rows = await statsQuery(db);
  const out: Partial<Record<VersionedTable, number>> = {};
  for (const r of rows) out[r.table_name as VersionedTable] = Number(r.version);
  for (const t of VERSIONED_TABLES) if (out[t] === undefined) throw new Error(`table_stats has no row for ${t}`);
  return out as Record<VersionedTable, number>;
}

/** Row count and version of every counted table (one query, a few rows). */
export async function readTableStats(db: Kysely<Database>): Promise<Record<CountedTable, TableStats>> {
  const rows = await statsQuery(db);
  const out: Partial<Record<CountedTable, TableStats>> = {};
  for (const r of rows) out[r.table_name as CountedTable] = { rows: Number(r.row_count), version: Number(r.version) };
  if (!out.stores || !out.products || !out.posts) throw new Error('table_stats is missing a row');
  return out as Record<CountedTable, TableStats>;
}

/** Counts kept per database (a Kysely instance), least recently used out first. */
const MAX_CACHED_COUNTS = 5000;
const caches = new WeakMap<object, Map<string, { version: number; n: number }>>();

/**
 * `count()` for `key` over `table`, computed again only when the table changed since the cached
 * value was computed. `stats` must have been read before this call (readTableStats).
 */
export async function cachedCount(
  db: Kysely<Database>,
  table: CountedTable,
  stats: TableStats,
  key: string,
  count: () => Promise<number>,
): Promise<number> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const k = `${table}\u0000${key}`;
  const hit = cache.get(k);
  if (hit && hit.version === stats.version) {
    cache.delete(k);
    cache.set(k, hit);
    return hit.n;
  }
  const n = await count();
  const current = cache.get(k);
  if (!current || current.version <= stats.version) {
    cache.delete(k);
    if (cache.size >= MAX_CACHED_COUNTS) cache.delete(cache.keys().next().value as string);
    cache.set(k, { version: stats.version, n });
  }
  return n;
}

export interface PageWindow {
  /** The id order to scan. */
  order: 'asc' | 'desc';
  /** Rows to skip in that order. */
  offset: number;
  /** Rows to take (the page's rows: fewer than per_page on the last one). */
  limit: number;
}

/**
 * Where the page at `offset` (newest first, `limit` rows) of a list of `total` rows lies, read from
 * the nearer end: ascending when fewer rows lie after it than before it (ties too: the FTS index
 * walks ascending faster). Null when the page is past the end (no query needed).
 */
export function pageWindow(total: number, limit: number, offset: number): PageWindow | null {
  if (offset >= total || limit <= 0) return null;
  const rows = Math.min(limit, total - offset);
  const after = total - offset - rows;
  return after <= offset ? { order: 'asc', offset: after, limit: rows } : { order: 'desc', offset, limit: rows };
}

/**
 * The ids of one window of a list, as a subquery for `.where('<table>.id', 'in', …)`: `from` the rows
 * (a table or a search index), `where` a whole `where …` clause or empty, scanned by `id` in the
 * window's order.
 */
export function windowIds(
  list: { id: RawBuilder<unknown>; from: RawBuilder<unknown>; where: RawBuilder<unknown> },
  order: PageWindow['order'],
  p: { limit: number; offset: number },
): RawBuilder<number> {
  return sql<number>`(select ${list.id} from ${list.from} ${list.where} order by ${list.id} ${sql.raw(order)} limit ${p.limit} offset ${p.offset})`;
}
