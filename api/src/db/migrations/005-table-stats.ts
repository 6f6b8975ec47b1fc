/**
 * Exact row counts without counting, and change versions, for the browsed tables (queries/counts.ts):
 * table_stats holds one row per table — row_count, kept exact by triggers on insert and delete
 * (cascades from a deleted store included), and version, which moves on every insert, update and
 * delete. product/getAll's total is row_count; a filtered count or a search hit count is cached in
 * the process together with the version it was computed at, and reused only while the version
 * has not moved.
 * SQLite: row triggers. PostgreSQL: statement triggers with transition tables (a batch of inserted
 * rows updates the stats row once, not once per row).
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../create-db';

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it is at that version
type AnyDb = Kysely<any>;

export const COUNTED_TABLES = ['stores', 'products', 'posts'] as const;
export type CountedTable = (typeof COUNTED_TABLES)[number];

async function sqliteTriggers(db: AnyDb, t: CountedTable): Promise<void> {
  const table = sql.raw(t);
  const name = sql.lit(t);
  await sql`create trigger ${sql.raw(`${t}_stats_insert`)} after insert on ${table} begin
    update table_stats set row_count = row_count + 1, version = version + 1 where table_name = ${name}; end`.execute(
    db,
  );
  await sql`create trigger ${sql.raw(`${t}_stats_delete`)} after delete on ${table} begin
    update table_stats set row_count = row_count - 1, version = version + 1 where table_name = ${name}; end`.execute(
    db,
  );
  await sql`create trigger ${sql.raw(`${t}_stats_update`)} after update on ${table} begin
    update table_stats set version = version + 1 where table_name = ${name}; end`.execute(db);
}

async function postgresFunctions(db: AnyDb): Promise<void> {
  await sql`create function table_stats_inserted() returns trigger language plpgsql as $$
    begin
      update table_stats set row_count = row_count + n, version = version + 1
        from (select count(*) as n from new_rows) as inserted
        where table_name = TG_TABLE_NAME and inserted.n > 0;
      return null;
    end $$`.execute(db);
  await sql`create function table_stats_deleted() returns trigger language plpgsql as $$
    begin
      update table_stats set row_count = row_count - n, version = version + 1
        from (select count(*) as n from old_rows) as deleted
        where table_name = TG_TABLE_NAME and deleted.n > 0;
      return null;
    end $$`.execute(db);
  await sql`create function table_stats_updated() returns trigger language plpgsql as $$
    begin
      update table_stats set version = version + 1
        where table_name = TG_TABLE_NAME and exists (select 1 from new_rows);
      return null;
    end $$`.execute(db);
}

async function postgresTriggers(db: AnyDb, t: CountedTable): Promise<void> {
  const table = sql.raw(t);
  await sql`create trigger ${sql.raw(`${t}_stats_insert`)} after insert on ${table}
    referencing new table as new_rows for each statement execute function table_stats_inserted()`.execute(db);
  await sql`create trigger ${sql.raw(`${t}_stats_delete`)} after delete on ${table}
    referencing old table as old_rows for each statement execute function table_stats_deleted()`.execute(db);
  await sql`create trigger ${sql.raw(`${t}_stats_update`)} after update on ${table}
    referencing new table as new_rows for each statement execute function table_stats_updated()`.execute(db);
}

export function tableStatsMigration(dialect: Dialect) {
  return {
    async up(db: AnyDb): Promise<void> {
      // no write may land between the counts below and the triggers (other API processes may be
      // serving while this one migrates); the migration's transaction releases the lock
      if (dialect === 'postgres') await sql`lock table stores, products, posts in share mode`.execute(db);
      await db.schema
        .createTable('table_stats')
        .addColumn('table_name', 'text', (c) => c.primaryKey())
        .addColumn('row_count', 'bigint', (c) => c.notNull())
        .addColumn('version', 'bigint', (c) => c.notNull())
        .execute();
      if (dialect === 'postgres') await postgresFunctions(db);
      for (const t of COUNTED_TABLES) {
        await sql`insert into table_stats (table_name, row_count, version)
          select ${sql.lit(t)}, count(*), 0 from ${sql.raw(t)}`.execute(db);
        if (dialect === 'postgres') await postgresTriggers(db, t);
        else await sqliteTriggers(db, t);
      }
    },
    async down(db: AnyDb): Promise<void> {
      for (const t of COUNTED_TABLES) {
        for (const suffix of ['insert', 'delete', 'update']) {
          const trigger = sql.raw(`${t}_stats_${suffix}`);
          if (dialect === 'postgres') await sql`drop trigger if exists ${trigger} on ${sql.raw(t)}`.execute(db);
          else await sql`drop trigger if exists ${trigger}`.execute(db);
        }
      }
      if (dialect === 'postgres') {
        for (const fn of ['table_stats_inserted', 'table_stats_deleted', 'table_stats_updated']) {
          await sql`drop function if exists ${sql.raw(fn)}()`.execute(db);
        }
      }
      await db.schema.dropTable('table_stats').ifExists().execute();
    },
  };
}
