/** The normalised text stored beside each searchable row (CONTRACT.md §6), and how a query matches it. */
import { normalizeArabic, provinceName } from '@agrivet/shared';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../db/create-db';
import type { Database } from '../db/types';
import type { SearchableTable } from '../db/migrations/002-search-index';
import { cachedCount, type PageWindow, pageWindow, readTableStats } from '../queries/counts';

const join = (...parts: (string | null | undefined)[]) => normalizeArabic(parts.filter(Boolean).join(' '));

export const storeSearchText = (s: { name_store: string; address: string; city: number }) =>
  join(s.name_store, s.address, provinceName(s.city), provinceName(s.city, 'en'));

export const productSearchText = (p: { name: string; description?: string | null }) => join(p.name, p.description);

export const postSearchText = (p: { title: string; description: string }) => join(p.title, p.description);

/** A LIKE pattern matching the normalised query anywhere (with %, _ and \ escaped). */
export const likePattern = (normalisedQuery: string): string =>
  `%${normalisedQuery.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** How a query finds its hits: the FTS5 trigram index (SQLite, 3+ characters), instr (SQLite, shorter), LIKE (PostgreSQL, through pg_trgm). */
export type HitKind = 'fts' | 'instr' | 'like';

export const hitKind = (dialect: Dialect, query: string): HitKind =>
  dialect === 'postgres' ? 'like' : [...query].length < 3 ? 'instr' : 'fts';

/** The value a kind of match binds for the (normalised) query: the FTS phrase, the query, or the LIKE pattern. */
export const hitValue = (kind: HitKind, query: string): string =>
  kind === 'fts' ? `"${query.replace(/"/g, '""')}"` : kind === 'like' ? likePattern(query) : query;

/**
 * Where the hits live, with `value` (hitValue) bound: the FTS table (`id` is its rowid, the indexed
 * row's id) or the table itself.
 */
export function hitSql(kind: HitKind, table: SearchableTable, value: unknown) {
  if (kind === 'fts') {
    const fts = sql.raw(`${table}_fts`);
    return { fts: true, from: fts, id: sql.raw(`${table}_fts.rowid`), where: sql<boolean>`${fts} match ${value}` };
  }
  const column = sql.ref(`${table}.search_text`);
  const where =
    kind === 'like' ? sql<boolean>`${column} like ${value} escape '\\'` : sql<boolean>`instr(${column}, ${value}) > 0`;
  return { fts: false, from: sql.raw(table), id: sql.raw(`${table}.id`), where };
}

/** Where the hits of a query live (hitSql with the query's kind and value). */
export function hitSource(dialect: Dialect, table: SearchableTable, query: string) {
  const kind = hitKind(dialect, query);
  return hitSql(kind, table, hitValue(kind, query));
}

/**
 * `<table>.search_text` contains the (already normalised) query — through the trigram index:
 * FTS5 on SQLite (queries of 3+ characters; shorter ones scan with instr), pg_trgm on PostgreSQL.
 */
export function matchesSearch(dialect: Dialect, table: SearchableTable, query: string): RawBuilder<boolean> {
  const s = hitSource(dialect, table, query);
  return s.fts ? sql<boolean>`${sql.ref(`${table}.id`)} in (select ${s.id} from ${s.from} where ${s.where})` : s.where;
}

/** How many rows of `table` match (counted on the index alone on SQLite). */
export async function countMatches(
  db: Kysely<Database>,
  dialect: Dialect,
  table: SearchableTable,
  query: string,
): Promise<number> {
  const s = hitSource(dialect, table, query);
  const r = await sql<{ n: number | string }>`select count(*) as n from ${s.from} where ${s.where}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * A subquery of the ids of one page of hits (`window`: queries/counts.ts pageWindow):
 * `.where('products.id', 'in', …)`, then order the rows newest first.
 */
export function matchingIdsPage(
  dialect: Dialect,
  table: SearchableTable,
  query: string,
  window: PageWindow,
): RawBuilder<number> {
  const s = hitSource(dialect, table, query);
  return sql<number>`(select ${s.id} from ${s.from} where ${s.where} order by ${s.id} ${sql.raw(window.order)} limit ${window.limit} offset ${window.offset})`;
}

/**
 * The hits of one search in the three tables (routes/search.ts): `count(table)` the exact number
 * (cached while the table does not change: queries/counts.ts); `page(table, limit, offset, load)`
 * calls `load` with the subquery of one page's ids, read from the nearer end of the hits once the
 * count is known — or answers [] without a query when the page is past the end.
 */
export function searchHits(db: Kysely<Database>, dialect: Dialect, query: string) {
  const stats = readTableStats(db);
  const totals = new Map<SearchableTable, Promise<number>>();
  const count = (table: SearchableTable): Promise<number> => {
    let total = totals.get(table);
    if (!total) {
      total = stats.then((s) =>
        cachedCount(db, table, s[table], `search\u0000${query}`, () => countMatches(db, dialect, table, query)),
      );
      totals.set(table, total);
    }
    return total;
  };
  const page = async <R>(
    table: SearchableTable,
    limit: number,
    offset: number,
    load: (ids: RawBuilder<number>) => Promise<R[]>,
  ): Promise<R[]> => {
    const window = pageWindow(await count(table), limit, offset);
    return window ? load(matchingIdsPage(dialect, table, query, window)) : [];
  };
  return { count, page };
}
