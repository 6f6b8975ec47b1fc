/** The normalised text stored beside each searchable row (CONTRACT.md §6), and how a query matches it. */
import { normalizeArabic, provinceName, searchAlternatives } from '@agrivet/shared';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/create-db';
import type { Database } from '../db/types';
import type { SearchableTable } from '../db/migrations/002-search-index';

const join = (...parts: (string | null | undefined)[]) => normalizeArabic(parts.filter(Boolean).join(' '));

export const storeSearchText = (s: { name_store: string; address: string; city: number }) =>
  join(s.name_store, s.address, provinceName(s.city), provinceName(s.city, 'en'));

export const productSearchText = (p: { name: string; description?: string | null }) => join(p.name, p.description);

/** A user's name and phone (user/getAll?q, migration 011). */
export const userSearchText = (u: { name: string; phone: string }) => join(u.name, u.phone);

export const postSearchText = (p: { title: string; description: string }) => join(p.title, p.description);

/** A LIKE pattern matching the normalised query anywhere (with %, _ and \ escaped). */
export const likePattern = (normalisedQuery: string): string =>
  `%${normalisedQuery.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * How a query finds its hits. SQLite: the FTS5 trigram index (`fts`: every alternative 3+ characters,
 * one MATCH of the alternatives OR-ed), else instr (a query under 3 letters: it has no synonyms, whose
 * members all have 3 or more, see shared/test/synonyms.test.ts). PostgreSQL: LIKE through pg_trgm
 * (`like` one pattern, `like_any` an array of them).
 */
export type HitKind = 'fts' | 'instr' | 'like' | 'like_any';

/**
 * What a (normalised) query is searched for: the query and its synonyms (shared/src/synonyms.ts,
 * applied after §6's normalisation; the stored text stays as it is).
 */
export function queryAlternatives(query: string): string[] {
  const alternatives = searchAlternatives(query);
  return alternatives.length === 0 ? [query] : alternatives;
}

export function hitKind(dialect: Dialect, query: string): HitKind {
  if (dialect === 'postgres') return queryAlternatives(query).length === 1 ? 'like' : 'like_any';
  return [...query].length < 3 ? 'instr' : 'fts';
}

const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * The value a kind of match binds for the (normalised) query: the FTS expression (the alternatives
 * as phrases joined by OR), the instr text, the LIKE pattern or an array of them.
 */
export function hitValue(kind: HitKind, query: string): string | string[] {
  const alternatives = queryAlternatives(query);
  switch (kind) {
    case 'fts':
      return alternatives.map(ftsPhrase).join(' OR ');
    case 'instr':
      return query;
    case 'like':
      return likePattern(alternatives[0]);
    case 'like_any':
      return alternatives.map(likePattern);
  }
}

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
  const where = {
    // LIKE's escape character is the backslash unless told otherwise (likePattern escapes with it)
    like: sql<boolean>`${column} like ${value} escape '\\'`,
    like_any: sql<boolean>`${column} like any (cast(${value} as text[]))`,
    instr: sql<boolean>`instr(${column}, ${value}) > 0`,
  }[kind];
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
