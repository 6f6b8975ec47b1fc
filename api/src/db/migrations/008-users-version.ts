/**
 * A change version for users in table_stats (migration 005), for the browse calls' ETags
 * (http/browse.ts): store and article answers show their owner's or author's name, and a store's
 * `available` follows its owner's status. The `users` row's version moves when a user's name or
 * status changes or a user is deleted — not on a new user (who appears in no answer until their
 * store or article is written, which moves that table's version), and not on any other column
 * (a password change, a new address, a login's token touch moves no browse ETag). Its row_count is
 * kept exact like the other tables'.
 * SQLite: row triggers (`update of name, status` with a WHEN that skips unchanged values).
 * PostgreSQL: row triggers with the same WHEN (a column list rules out transition tables; users
 * change rarely), statement triggers for the count.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../create-db';

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it is at that version
type AnyDb = Kysely<any>;

const TRIGGERS = ['users_stats_insert', 'users_stats_delete', 'users_stats_update'] as const;
const FUNCTIONS = ['users_stats_inserted', 'users_stats_deleted', 'users_stats_changed'] as const;

async function sqliteTriggers(db: AnyDb): Promise<void> {
  await sql`create trigger users_stats_insert after insert on users begin
    update table_stats set row_count = row_count + 1 where table_name = 'users'; end`.execute(db);
  await sql`create trigger users_stats_delete after delete on users begin
    update table_stats set row_count = row_count - 1, version = version + 1 where table_name = 'users'; end`.execute(
    db,
  );
  await sql`create trigger users_stats_update after update of name, status on users
    when old.name is not new.name or old.status is not new.status begin
    update table_stats set version = version + 1 where table_name = 'users'; end`.execute(db);
}

async function postgresTriggers(db: AnyDb): Promise<void> {
  await sql`create function users_stats_inserted() returns trigger language plpgsql as $$
    begin
      update table_stats set row_count = row_count + n
        from (select count(*) as n from new_rows) as inserted
        where table_name = 'users' and inserted.n > 0;
      return null;
    end $$`.execute(db);
  await sql`create function users_stats_deleted() returns trigger language plpgsql as $$
    begin
      update table_stats set row_count = row_count - n, version = version + 1
        from (select count(*) as n from old_rows) as deleted
        where table_name = 'users' and deleted.n > 0;
      return null;
    end $$`.execute(db);
  await sql`create function users_stats_changed() returns trigger language plpgsql as $$
    begin
      update table_stats set version = version + 1 where table_name = 'users';
      return null;
    end $$`.execute(db);
  await sql`create trigger users_stats_insert after insert on users
    referencing new table as new_rows for each statement execute function users_stats_inserted()`.execute(db);
  await sql`create trigger users_stats_delete after delete on users
    referencing old table as old_rows for each statement execute function users_stats_deleted()`.execute(db);
  await sql`create trigger users_stats_update after update of name, status on users for each row
    when (old.name is distinct from new.name or old.status is distinct from new.status)
    execute function users_stats_changed()`.execute(db);
}

export function usersVersionMigration(dialect: Dialect) {
  return {
    async up(db: AnyDb): Promise<void> {
      // no user may be written between the count and the triggers (other API processes may serve)
      if (dialect === 'postgres') await sql`lock table users in share mode`.execute(db);
      await sql`insert into table_stats (table_name, row_count, version)
        select 'users', count(*), 0 from users`.execute(db);
      if (dialect === 'postgres') await postgresTriggers(db);
      else await sqliteTriggers(db);
    },
    async down(db: AnyDb): Promise<void> {
      for (const trigger of TRIGGERS) {
        if (dialect === 'postgres') await sql`drop trigger if exists ${sql.raw(trigger)} on users`.execute(db);
        else await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
      }
      if (dialect === 'postgres') {
        for (const fn of FUNCTIONS) await sql`drop function if exists ${sql.raw(fn)}()`.execute(db);
      }
      await db.deleteFrom('table_stats').where('table_name', '=', 'users').execute();
    },
  };
}
