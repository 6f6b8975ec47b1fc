/**
 * SQLite's FTS5 search indexes (migration 002) grow as a stack of segments: each write transaction
 * adds a small one and FTS5 merges them level by level. After bulk loads or a long run of writes
 * several large segments stand side by side, and every search reads each term's list in each of
 * them — on 100,000 products a narrow search took ten times longer over ten segments than over one.
 * At start (db/migrate.ts) an index of 8 segments or more, or with more than a tenth of its pages
 * outside its largest segment, is merged into one ('optimize': ~0.4 s for 100,000 products).
 * PostgreSQL's pg_trgm indexes need nothing of the kind.
 */
import { type Kysely, sql } from 'kysely';
import { SEARCHABLE_TABLES, type SearchableTable } from './migrations/002-search-index';
import type { Database } from './types';

/** Below this many pages in all an index is left alone (counted as below). */
const MIN_PAGES = 64;
const MAX_SEGMENTS = 8;
const MAX_SHARE_OUTSIDE_LARGEST = 0.1;

/**
 * The size of each segment of `table`'s FTS index, in rows of its %_idx table (one per leaf page
 * where a term starts: proportional enough to the segment's pages).
 */
export async function searchIndexSegments(db: Kysely<Database>, table: SearchableTable): Promise<number[]> {
  const r = await sql<{
    pages: number;
  }>`select count(*) as pages from ${sql.raw(`${table}_fts_idx`)} group by segid`.execute(db);
  return r.rows.map((row) => Number(row.pages));
}

export function needsCompaction(segments: number[]): boolean {
  const total = segments.reduce((a, b) => a + b, 0);
  if (segments.length < 2 || total < MIN_PAGES) return false;
  return segments.length >= MAX_SEGMENTS || total - Math.max(...segments) > total * MAX_SHARE_OUTSIDE_LARGEST;
}

/** Merges the FTS index of each searchable table that needs it into one segment (SQLite only). */
export async function compactSearchIndexes(db: Kysely<Database>): Promise<SearchableTable[]> {
  const compacted: SearchableTable[] = [];
  for (const table of SEARCHABLE_TABLES) {
    if (!needsCompaction(await searchIndexSegments(db, table))) continue;
    const fts = sql.raw(`${table}_fts`);
    await sql`insert into ${fts}(${fts}) values ('optimize')`.execute(db);
    compacted.push(table);
  }
  return compacted;
}
