/**
 * Delivered pointers: per side, the highest message id that reached that participant's device
 * (acknowledged by the client, or returned to them by conversation/get/{id}). Read implies
 * delivered, so existing rows start at their read pointers. Plain ADD COLUMN with a constant
 * default works the same on SQLite and PostgreSQL (one statement per column: SQLite's ALTER TABLE
 * adds one column at a time).
 */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it is at that version
type AnyDb = Kysely<any>;

export function deliveredPointersMigration() {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .alterTable('conversations')
        .addColumn('sender_last_delivered_id', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('conversations')
        .addColumn('receiver_last_delivered_id', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update conversations set sender_last_delivered_id = sender_last_read_id, receiver_last_delivered_id = receiver_last_read_id`.execute(
        db,
      );
    },
    async down(db: AnyDb): Promise<void> {
      await db.schema.alterTable('conversations').dropColumn('receiver_last_delivered_id').execute();
      await db.schema.alterTable('conversations').dropColumn('sender_last_delivered_id').execute();
    },
  };
}
