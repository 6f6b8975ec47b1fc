/** The normalised text stored beside each searchable row (CONTRACT.md §6), and how a query matches it. */
import { normalizeArabic, provinceName } from '@agrivet/shared';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/create-db';
import type { Database } from '../db/types';
import type { SearchableTable } from '../db/migrations/002-search-index';

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

/** How many rows of `table` match (counted on the index alone on SQLite). */
export async function countMatches(
  db: Kysely<Database>,
  dialect: Dialect,
  table: SearchableTable,
  query: string,
): Promise<number> {
  const kind = hitKind(dialect, query);
  const s = hitSql(kind, table, hitValue(kind, query));
  const r = await sql<{ n: number | string }>`select count(*) as n from ${s.from} where ${s.where}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}
