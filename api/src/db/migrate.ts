/**
 * Runs the migrations (in-code provider) at start. On PostgreSQL a session advisory lock is held
 * around migrating and seeding, so several API instances starting together migrate once.
 */
import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Db } from './create-db';
import { initialMigration } from './migrations/001-initial';
import { searchIndexMigration } from './migrations/002-search-index';
import { deliveredPointersMigration } from './migrations/003-delivered-pointers';
import { unreadIndexMigration } from './migrations/004-unread-index';
import { tableStatsMigration } from './migrations/005-table-stats';
import { unreadByAuthorMigration } from './migrations/006-unread-by-author';
import { chatMediaPushMigration } from './migrations/007-chat-media-push';
import { usersVersionMigration } from './migrations/008-users-version';
import { deliveryReviewsMigration } from './migrations/009-delivery-reviews';
import { loginLimitsMigration } from './migrations/010-login-limits';
import { subscriptionsOversightMigration } from './migrations/011-subscriptions-oversight';
import { inboxOrdersMigration } from './migrations/012-inbox-orders';
import { pushLimitsMigration } from './migrations/013-push-limits';
import { deletedMessagesMigration } from './migrations/014-deleted-messages';
import { canonicalPhonesMigration } from './migrations/015-canonical-phones';
import { compactSearchIndexes } from './search-upkeep';
import type { Database } from './types';

const MIGRATION_LOCK_KEY = 4_242_001;

function provider(db: Db): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return {
        '001_initial': initialMigration(db.dialect),
        '002_search_index': searchIndexMigration(db.dialect),
        '003_delivered_pointers': deliveredPointersMigration(),
        '004_unread_index': unreadIndexMigration(),
        '005_table_stats': tableStatsMigration(db.dialect),
        '006_unread_by_author': unreadByAuthorMigration(),
        '007_chat_media_push': chatMediaPushMigration(db.dialect),
        '008_users_version': usersVersionMigration(db.dialect),
        '009_delivery_reviews': deliveryReviewsMigration(db.dialect),
        '010_login_limits': loginLimitsMigration(db.dialect),
        '011_subscriptions_oversight': subscriptionsOversightMigration(db.dialect),
        '012_inbox_orders': inboxOrdersMigration(db.dialect),
        '013_push_limits': pushLimitsMigration(db.dialect),
        '014_deleted_messages': deletedMessagesMigration(),
        '015_canonical_phones': canonicalPhonesMigration(),
      };
    },
  };
}

export interface MigrateResult {
  /**
   * True when this run created the schema from nothing. Informational: the demo seed goes into any
   * database without users (app.ts), so a start that crashed while seeding seeds on the next one.
   */
  freshDatabase: boolean;
}

async function migrateWith(kysely: Kysely<Database>, db: Db): Promise<MigrateResult> {
  const migrator = new Migrator({ db: kysely, provider: provider(db) });
  const before = await migrator.getMigrations();
  const freshDatabase = before.every((m) => m.executedAt === undefined);
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${String(error)}`);
  return { freshDatabase };
}

/**
 * Migrates to the latest version, then calls `afterMigrate` (the seed) while still holding the
 * lock on PostgreSQL. On SQLite, fragmented search indexes are merged last (db/search-upkeep.ts).
 */
export async function migrate(db: Db, afterMigrate?: (r: MigrateResult) => Promise<void>): Promise<MigrateResult> {
  if (db.dialect !== 'postgres') {
    const result = await migrateWith(db.kysely, db);
    await afterMigrate?.(result);
    await compactSearchIndexes(db.kysely);
    return result;
  }
  return db.kysely.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${sql.lit(MIGRATION_LOCK_KEY)})`.execute(conn);
    try {
      const result = await migrateWith(conn, db);
      await afterMigrate?.(result);
      return result;
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(MIGRATION_LOCK_KEY)})`.execute(conn);
    }
  });
}
