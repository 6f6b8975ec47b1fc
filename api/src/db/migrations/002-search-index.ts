/**
 * Substring search indexes over the normalised search_text of stores, products and posts
 * (CONTRACT.md §6). SQLite: FTS5 trigram tables kept in step by triggers (external content).
 * PostgreSQL: pg_trgm GIN indexes, which LIKE '%q%' uses by itself (skipped if the extension is
 * not available: search still works, without the index).
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../create-db';

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it is at that version
type AnyDb = Kysely<any>;

export const SEARCHABLE_TABLES = ['stores', 'products', 'posts'] as const;
export type SearchableTable = (typeof SEARCHABLE_TABLES)[number];

async function sqliteUp(db: AnyDb): Promise<void> {
  for (const t of SEARCHABLE_TABLES) {
    const fts = sql.raw(`${t}_fts`);
    const table = sql.raw(t);
    await sql`create virtual table ${fts} using fts5(search_text, content='${table}', content_rowid='id', tokenize='trigram')`.execute(
      db,
    );
    await sql`create trigger ${sql.raw(`${t}_fts_insert`)} after insert on ${table} begin
      insert into ${fts}(rowid, search_text) values (new.id, new.search_text); end`.execute(db);
    await sql`create trigger ${sql.raw(`${t}_fts_delete`)} after delete on ${table} begin
      insert into ${fts}(${fts}, rowid, search_text) values ('delete', old.id, old.search_text); end`.execute(db);
    await sql`create trigger ${sql.raw(`${t}_fts_update`)} after update of search_text on ${table} begin
      insert into ${fts}(${fts}, rowid, search_text) values ('delete', old.id, old.search_text);
      insert into ${fts}(rowid, search_text) values (new.id, new.search_text); end`.execute(db);
    await sql`insert into ${fts}(${fts}) values ('rebuild')`.execute(db);
  }
}

async function postgresUp(db: AnyDb): Promise<void> {
  const available = await sql<{
    name: string;
  }>`select name from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (available.rows.length === 0) return;
  await sql`create extension if not exists pg_trgm`.execute(db);
  for (const t of SEARCHABLE_TABLES) {
    await sql`create index ${sql.raw(`${t}_search_trgm`)} on ${sql.raw(t)} using gin (search_text gin_trgm_ops)`.execute(
      db,
    );
  }
}

export function searchIndexMigration(dialect: Dialect) {
  return {
    up: (db: AnyDb) => (dialect === 'postgres' ? postgresUp(db) : sqliteUp(db)),
    async down(db: AnyDb): Promise<void> {
      for (const t of SEARCHABLE_TABLES) {
        if (dialect === 'postgres') {
          await sql`drop index if exists ${sql.raw(`${t}_search_trgm`)}`.execute(db);
        } else {
          for (const suffix of ['insert', 'delete', 'update']) {
            await sql`drop trigger if exists ${sql.raw(`${t}_fts_${suffix}`)}`.execute(db);
          }
          await sql`drop table if exists ${sql.raw(`${t}_fts`)}`.execute(db);
        }
      }
    },
  };
}
