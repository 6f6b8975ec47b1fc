/** The normalised text stored beside each searchable row (CONTRACT.md §6), and how a query matches it. */
import { normalizeArabic, provinceName } from '@agrivet/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../db/create-db';
import type { SearchableTable } from '../db/migrations/002-search-index';

const join = (...parts: (string | null | undefined)[]) => normalizeArabic(parts.filter(Boolean).join(' '));

export const storeSearchText = (s: { name_store: string; address: string; city: number }) =>
  join(s.name_store, s.address, provinceName(s.city), provinceName(s.city, 'en'));

export const productSearchText = (p: { name: string; description?: string | null }) => join(p.name, p.description);

export const postSearchText = (p: { title: string; description: string }) => join(p.title, p.description);

/** A LIKE pattern matching the normalised query anywhere (with %, _ and \ escaped). */
export const likePattern = (normalisedQuery: string): string =>
  `%${normalisedQuery.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `<table>.search_text` contains the (already normalised) query — through the trigram index:
 * FTS5 on SQLite (queries of 3+ characters; shorter ones scan with instr), pg_trgm on PostgreSQL.
 */
export function matchesSearch(dialect: Dialect, table: SearchableTable, query: string): RawBuilder<boolean> {
  const column = sql.ref(`${table}.search_text`);
  if (dialect === 'postgres') return sql<boolean>`${column} like ${likePattern(query)} escape '\\'`;
  if ([...query].length < 3) return sql<boolean>`instr(${column}, ${query}) > 0`;
  const phrase = `"${query.replace(/"/g, '""')}"`;
  const fts = sql.raw(`${table}_fts`);
  return sql<boolean>`${sql.ref(`${table}.id`)} in (select rowid from ${fts} where ${fts} match ${phrase})`;
}
