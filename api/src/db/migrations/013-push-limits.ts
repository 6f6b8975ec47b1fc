/**
 * Push subscriptions with limits (issue 23, services/push.ts): `last_used_at` (subscribed, or a
 * notification delivered — the least recently used one goes when an account subscribes an 11th
 * endpoint), `failures` (sends that failed in a row) and `retry_at` (nothing is sent to it before then:
 * exponential back-off). Rows that exist count as used when they were last subscribed.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../create-db';

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it is at that version
type AnyDb = Kysely<any>;

export function pushLimitsMigration(dialect: Dialect) {
  const ts = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema.alterTable('push_subscriptions').addColumn('last_used_at', ts).execute();
      await db.schema
        .alterTable('push_subscriptions')
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('push_subscriptions').addColumn('retry_at', ts).execute();
      await db.updateTable('push_subscriptions').set({ last_used_at: sql`updated_at` }).execute();
    },
    async down(db: AnyDb): Promise<void> {
      await db.schema.alterTable('push_subscriptions').dropColumn('retry_at').execute();
      await db.schema.alterTable('push_subscriptions').dropColumn('failures').execute();
      await db.schema.alterTable('push_subscriptions').dropColumn('last_used_at').execute();
    },
  };
}
