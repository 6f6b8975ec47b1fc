/**
 * Login limits move to rate-limiter-flexible (auth/login-limit.ts: device cookie, account, address;
 * memory, or Redis when REDIS_URL is set): the `login_failures` table of migration 001 goes. Failures
 * counted in it at the time of the upgrade are forgotten (at most 15 minutes' worth).
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../create-db';

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it is at that version
type AnyDb = Kysely<any>;

export function loginLimitsMigration(dialect: Dialect) {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema.dropTable('login_failures').ifExists().execute();
    },
    async down(db: AnyDb): Promise<void> {
      const ts = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
      await db.schema
        .createTable('login_failures')
        .addColumn('id', 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
        )
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('login_failures_phone')
        .on('login_failures')
        .columns(['phone', 'created_at'])
        .execute();
      await db.schema.createIndex('login_failures_ip').on('login_failures').columns(['ip', 'created_at']).execute();
    },
  };
}
