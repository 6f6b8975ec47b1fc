/**
 * A re-sync must learn of deletions too (conversation/get `after_id` answers `deleted_ids`,
 * services/conversations.ts): a partial index over the deleted messages only, by conversation and
 * time of deletion. A new message (deleted_at null) is not in it, so the write path pays nothing.
 */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it is at that version
type AnyDb = Kysely<any>;

export function deletedMessagesMigration() {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createIndex('messages_deleted')
        .on('messages')
        .columns(['conversation_id', 'deleted_at'])
        .where(sql.ref('deleted_at'), 'is not', null)
        .execute();
    },
    async down(db: AnyDb): Promise<void> {
      await db.schema.dropIndex('messages_deleted').execute();
    },
  };
}
